"use client";

import { useRef, useState } from "react";
import { PaperclipIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The files attached to the message being written. */
export function useAttachments() {
  const [files, setFiles] = useState<File[]>([]);
  return {
    files,
    add: (picked: readonly File[]) => setFiles((l) => [...l, ...picked]),
    remove: (i: number) => setFiles((l) => l.filter((_, j) => j !== i)),
    clear: () => setFiles([]),
  };
}

/** The attached files, each with its type and a remove button. */
export function AttachedFiles({ files, onRemove, testId }: { files: readonly File[]; onRemove: (i: number) => void; testId: string }) {
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Attached files">
      {files.map((f, i) => (
        <li
          key={`${f.name}-${i}`}
          className="flex items-center gap-1 rounded border bg-muted/40 px-1.5 py-0.5 text-xs"
          data-testid={testId}
        >
          <span className="max-w-48 truncate">{f.name}</span>
          <span className="text-muted-foreground">{f.type || "binary"}</span>
          <button type="button" aria-label={`Remove ${f.name}`} onClick={() => onRemove(i)}>
            <XIcon className="size-3" />
          </button>
        </li>
      ))}
    </ul>
  );
}

export interface AttachButtonProps {
  onFiles: (files: File[]) => void;
  /** The hidden file input's test id (tests pick files through it). */
  inputTestId: string;
  disabled?: boolean;
}

/** "Attach files": a paperclip that opens the file picker. */
export function AttachButton({ onFiles, inputTestId, disabled }: AttachButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid={inputTestId}
        onChange={(e) => {
          onFiles(Array.from(e.currentTarget.files ?? []));
          e.currentTarget.value = "";
        }}
      />
      <Button size="icon" variant="ghost" aria-label="Attach files" disabled={disabled} onClick={() => input.current?.click()}>
        <PaperclipIcon />
      </Button>
    </>
  );
}
