"use client";

import { useState } from "react";
import { SendIcon, SlidersHorizontalIcon, SquareIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { AttachButton, AttachedFiles, useAttachments } from "@/components/elements/composer/attachments";
import { MessageInput } from "@/components/elements/composer/message-input";
import type { MessagePart } from "@/components/adk/agents/file-parts";
import { messageParts } from "@/components/adk/agents/file-parts";
import { StateDeltaEditor } from "@/components/adk/agents/state-delta-editor";
import { parseJsonObject } from "@/lib/protocols/adk/fork";
import { useAdminAction } from "@/components/elements/role";

export interface ComposerProps {
  /** Resolves when the run was accepted; the text and files are cleared then (kept on failure). */
  onSend: (parts: MessagePart[], streaming: boolean, stateDelta?: Record<string, unknown>) => Promise<unknown>;
  onStop: () => void;
  /** A run of this session is going: Stop is shown. */
  running: boolean;
  sending: boolean;
  stopping?: boolean;
  disabled?: boolean;
}

/** The message box under a session: text (Enter sends, Shift+Enter breaks the line), files, streaming. */
export function Composer({ onSend, onStop, running, sending, stopping, disabled }: ComposerProps) {
  // Running an agent is an admin's (team mode): the button says why it is disabled.
  const admin = useAdminAction();
  const [text, setText] = useState("");
  const files = useAttachments();
  const [streaming, setStreaming] = useState(false);
  const [deltaOpen, setDeltaOpen] = useState(false);
  const [deltaText, setDeltaText] = useState("");
  const delta = deltaOpen ? parseJsonObject(deltaText, "The state change") : null;
  const deltaError = delta && !delta.ok ? delta.error : null;
  const empty = text.trim() === "" && files.files.length === 0;

  const send = async () => {
    if (empty || sending || disabled || deltaError) return;
    const parts = await messageParts(text, files.files);
    const stateDelta = delta?.ok && Object.keys(delta.value).length > 0 ? delta.value : undefined;
    await onSend(parts, streaming, stateDelta).then(
      () => {
        setText("");
        files.clear();
        // A state change goes with one message; the next starts without one.
        setDeltaText("");
        setDeltaOpen(false);
      },
      () => undefined, // the container shows the error; nothing typed is lost
    );
  };

  return (
    <div className="flex flex-col gap-1.5 border-t p-2" data-testid="composer">
      <AttachedFiles files={files.files} onRemove={files.remove} testId="attached-file" />
      {deltaOpen && <StateDeltaEditor text={deltaText} error={deltaError} onTextChange={setDeltaText} disabled={disabled} />}
      <div className="flex items-end gap-2">
        <MessageInput
          data-testid="composer-input"
          placeholder="Message the agent… (Enter sends, Shift+Enter for a new line)"
          className="max-h-48 min-h-10 flex-1 resize-y"
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onSend={() => void send()}
        />
        <div className="flex shrink-0 flex-col gap-1">
          <div className="flex items-center gap-1">
            <AttachButton onFiles={files.add} inputTestId="attach-file" disabled={disabled} />
            <Button
              size="icon"
              variant={deltaOpen ? "secondary" : "ghost"}
              aria-label="State change"
              aria-pressed={deltaOpen}
              title="Send a state change with the next message"
              data-testid="state-delta-toggle"
              disabled={disabled}
              onClick={() => setDeltaOpen((v) => !v)}
            >
              <SlidersHorizontalIcon />
            </Button>
            {running ? (
              <Button variant="destructive" size="sm" data-testid="composer-stop" disabled={stopping} onClick={onStop}>
                <SquareIcon /> Stop
              </Button>
            ) : null}
            <Button
              size="sm"
              data-testid="composer-send"
              disabled={empty || sending || disabled || deltaError !== null || admin.disabled}
              title={admin.title}
              onClick={() => void send()}
            >
              <SendIcon /> {sending ? "Sending…" : "Send"}
            </Button>
          </div>
          <label className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <input type="checkbox" data-testid="streaming-toggle" checked={streaming} onChange={(e) => setStreaming(e.target.checked)} />
            Streaming
          </label>
        </div>
      </div>
    </div>
  );
}
