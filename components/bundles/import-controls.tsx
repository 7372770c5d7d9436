"use client";

import { useRef, useState, type DragEvent } from "react";
import { UploadIcon } from "lucide-react";
import type { ImportedBundleSummary } from "@/lib/contracts/bundle";
import { Button } from "@/components/ui/button";
import { fileInput, useImportBundle, type BundleImportInput } from "@/hooks/use-bundles";

/** Starts an import of what the user gave; `onImported` runs with the stored bundle's summary. */
export function useStartImport(onImported: (summary: ImportedBundleSummary) => void, onStart?: () => void) {
  const mutation = useImportBundle();
  const start = (input: BundleImportInput | Promise<BundleImportInput>) => {
    onStart?.();
    void Promise.resolve(input).then((value) => mutation.mutate(value, { onSuccess: onImported }));
  };
  return { start, pending: mutation.isPending, mutation };
}

/** Drag-and-drop of one file onto an element: its handlers and whether a file is over it now. */
export function useFileDrop(onFile: (file: File) => void) {
  const [over, setOver] = useState(false);
  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes("Files");
  return {
    over,
    handlers: {
      onDragOver: (e: DragEvent) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "copy";
        setOver(true);
      },
      onDragLeave: (e: DragEvent) => {
        // Leaving for a child of the drop target is not leaving the target.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      },
      onDrop: (e: DragEvent) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setOver(false);
        const file = e.dataTransfer.files[0];
        if (file) onFile(file);
      },
    },
  };
}

export interface ImportFileButtonProps {
  onFile: (file: File) => void;
  pending?: boolean;
  label?: string;
  testId?: string;
}

/** "Import…": a file picker for one bundle (or a file in a known foreign format). */
export function ImportFileButton({ onFile, pending, label = "Import…", testId = "bundle-import-button" }: ImportFileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="xs" variant="outline" data-testid={testId} disabled={pending} onClick={() => input.current?.click()}>
        <UploadIcon /> {pending ? "Importing…" : label}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        className="hidden"
        data-testid={`${testId}-input`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared so picking the same file again (after fixing it) fires again.
          e.target.value = "";
          if (file) onFile(file);
        }}
      />
    </>
  );
}

export { fileInput };
