"use client";

import { useRef, useState } from "react";
import { BracesIcon, PaperclipIcon, SendIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { JsonTextField } from "@/components/elements/json-text-field";
import { BusyButton } from "@/components/elements/busy-button";
import type { A2aPartInput } from "@/lib/contracts/a2a";
import { composeParts, parseDataPart } from "@/components/a2a/compose-parts";

export type ComposeTarget = "continue" | "new";

export interface A2aComposerProps {
  /** The card says capabilities.streaming: only then can message/stream be chosen. */
  canStream: boolean;
  /** What "continue" sends into (shown to the user); null = nothing open, always a new context. */
  continueLabel: string | null;
  /** Resolves when the server accepted it; the draft is cleared then and kept on failure. */
  onSend: (input: { parts: A2aPartInput[]; stream: boolean; target: ComposeTarget }) => Promise<unknown>;
  busy: boolean;
}

/** The message box: text, files, an optional data part, streaming, and where the message goes. */
export function A2aComposer({ canStream, continueLabel, onSend, busy }: A2aComposerProps) {
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [dataText, setDataText] = useState<string | null>(null);
  const [stream, setStream] = useState(true);
  const [target, setTarget] = useState<ComposeTarget>("continue");
  const fileInput = useRef<HTMLInputElement>(null);
  const data = parseDataPart(dataText ?? "");
  const empty = text.trim() === "" && files.length === 0 && (!data.ok || data.data === null);
  const effectiveTarget: ComposeTarget = continueLabel ? target : "new";

  const send = async () => {
    if (empty || !data.ok || busy) return;
    const parts = await composeParts(text, files, data.data);
    await onSend({ parts, stream: canStream && stream, target: effectiveTarget }).then(
      () => {
        setText("");
        setFiles([]);
        setDataText(null);
      },
      () => undefined,
    );
  };

  return (
    <div className="flex flex-col gap-2 border-t p-3" data-testid="a2a-composer">
      <div className="flex flex-wrap items-center gap-3 text-xs">
        <div role="radiogroup" aria-label="Send into" className="flex gap-0.5 rounded-md border p-0.5">
          <Button
            size="xs"
            role="radio"
            aria-checked={effectiveTarget === "continue"}
            variant={effectiveTarget === "continue" ? "secondary" : "ghost"}
            disabled={!continueLabel}
            onClick={() => setTarget("continue")}
            data-testid="a2a-target-continue"
          >
            Continue {continueLabel ?? ""}
          </Button>
          <Button
            size="xs"
            role="radio"
            aria-checked={effectiveTarget === "new"}
            variant={effectiveTarget === "new" ? "secondary" : "ghost"}
            onClick={() => setTarget("new")}
            data-testid="a2a-target-new"
          >
            New context
          </Button>
        </div>
        <label
          className="flex items-center gap-1.5"
          title={canStream ? undefined : "The agent card does not declare capabilities.streaming"}
        >
          <Switch
            checked={canStream && stream}
            disabled={!canStream}
            onCheckedChange={setStream}
            data-testid="a2a-stream-toggle"
            aria-label="Stream"
          />
          Stream {canStream ? "(message/stream)" : "(not offered by the card)"}
        </label>
      </div>
      {files.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label="Attached files">
          {files.map((f, i) => (
            <li
              key={`${f.name}-${i}`}
              className="flex items-center gap-1 rounded border bg-muted/40 px-1.5 py-0.5 text-xs"
              data-testid="a2a-attached-file"
            >
              {f.name}
              <button type="button" aria-label={`Remove ${f.name}`} onClick={() => setFiles((l) => l.filter((_, j) => j !== i))}>
                <XIcon className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {dataText !== null && (
        <JsonTextField
          id="a2a-data-part"
          label="Data part (JSON object)"
          text={dataText}
          error={data.ok ? null : data.error}
          onTextChange={setDataText}
          testId="a2a-data-part"
        />
      )}
      <div className="flex items-end gap-2">
        <Textarea
          aria-label="Message"
          data-testid="a2a-message"
          className="min-h-10 flex-1"
          rows={2}
          value={text}
          placeholder="Message the agent (Enter sends, Shift+Enter breaks the line)"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="a2a-attach-input"
          onChange={(e) => {
            const picked = Array.from(e.currentTarget.files ?? []);
            setFiles((l) => [...l, ...picked]);
            e.currentTarget.value = "";
          }}
        />
        <Button size="icon" variant="ghost" aria-label="Attach files" onClick={() => fileInput.current?.click()}>
          <PaperclipIcon />
        </Button>
        <Button
          size="icon"
          variant={dataText !== null ? "secondary" : "ghost"}
          aria-label="Data part"
          aria-pressed={dataText !== null}
          onClick={() => setDataText((t) => (t === null ? "{\n  \n}" : null))}
        >
          <BracesIcon />
        </Button>
        <BusyButton busy={busy} disabled={empty || !data.ok} onClick={() => void send()} data-testid="a2a-send">
          <SendIcon /> Send
        </BusyButton>
      </div>
    </div>
  );
}
