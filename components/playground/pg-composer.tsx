"use client";

import { useRef, useState } from "react";
import { SendIcon, SquareIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { MessageInput } from "@/components/elements/composer/message-input";

export interface PgComposerProps {
  /** Resolves when the server accepted the turn (202); the text is cleared then, kept on failure. */
  onSend: (text: string) => Promise<unknown>;
  onStop: () => void;
  /** A turn is going in some column: sending waits, Stop is offered. */
  running: boolean;
  sending: boolean;
  stopping: boolean;
  /** Why nothing can be sent (no column, no conversation), when that is the case. */
  disabledReason?: string;
}

/** The message box under the columns: Enter sends to every column, Shift+Enter breaks the line. */
export function PgComposer({ onSend, onStop, running, sending, stopping, disabledReason }: PgComposerProps) {
  const [text, setText] = useState("");
  const input = useRef<HTMLTextAreaElement>(null);
  const blocked = running || sending || Boolean(disabledReason);
  const send = () => {
    if (blocked || text.trim() === "") return;
    onSend(text).then(
      () => setText(""),
      () => undefined, // the container shows the error; nothing typed is lost
    );
  };
  return (
    <div className="flex items-end gap-2 border-t p-2" data-testid="pg-composer">
      <MessageInput
        ref={input}
        data-testid="pg-composer-input"
        placeholder={
          disabledReason ??
          (running ? "Wait for the turn to finish, or stop it…" : "Message the model… (Enter sends, Shift+Enter for a new line)")
        }
        className="max-h-48 min-h-10 flex-1 resize-y"
        value={text}
        disabled={Boolean(disabledReason)}
        onChange={(e) => setText(e.target.value)}
        onSend={send}
      />
      {running && (
        <Button
          variant="destructive"
          size="sm"
          data-testid="pg-stop"
          disabled={stopping}
          // The button leaves with the turn: the message box keeps keyboard focus, not the page.
          onClick={() => {
            input.current?.focus();
            onStop();
          }}
        >
          <SquareIcon /> {stopping ? "Stopping…" : "Stop"}
        </Button>
      )}
      <Button size="sm" data-testid="pg-send" disabled={blocked || text.trim() === ""} onClick={send}>
        <SendIcon /> {sending ? "Sending…" : "Send"}
      </Button>
    </div>
  );
}
