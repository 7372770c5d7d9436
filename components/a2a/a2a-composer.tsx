"use client";

import { useState } from "react";
import { BracesIcon, SendIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { JsonTextField } from "@/components/elements/json-text-field";
import { BusyButton } from "@/components/elements/busy-button";
import { AttachButton, AttachedFiles, useAttachments } from "@/components/elements/composer/attachments";
import { MessageInput } from "@/components/elements/composer/message-input";
import type { A2aPartInput, A2aSendPush } from "@/lib/contracts/a2a";
import { composeParts, parseDataPart } from "@/components/a2a/compose-parts";
import { A2aSendOptions, type ComposeTarget } from "@/components/a2a/a2a-send-options";
import { A2aPushOptions, EMPTY_PUSH, pushBody, pushUrlProblem } from "@/components/a2a/a2a-push-options";
import { useAdminAction } from "@/components/elements/role";

/** What the composer sends: the parts and how (stream, wait, push), and where. */
export interface ComposedSend {
  parts: A2aPartInput[];
  stream: boolean;
  blocking: boolean;
  push?: A2aSendPush;
  target: ComposeTarget;
}

export interface A2aComposerProps {
  /** The card says capabilities.streaming: only then can message/stream be chosen. */
  canStream: boolean;
  /** What "continue" sends into (shown to the user); null = nothing open, always a new context. */
  continueLabel: string | null;
  /** The card says capabilities.pushNotifications: only then can a push config ride the send. */
  canPush: boolean;
  /** Resolves when the server accepted it; the draft is cleared then and kept on failure. */
  onSend: (input: ComposedSend) => Promise<unknown>;
  busy: boolean;
}

/** The message box: text, files, an optional data part, streaming, and where the message goes. */
export function A2aComposer({ canStream, canPush, continueLabel, onSend, busy }: A2aComposerProps) {
  // Running an agent is an admin's (team mode): the button says why it is disabled.
  const admin = useAdminAction();
  const [text, setText] = useState("");
  const files = useAttachments();
  const [dataText, setDataText] = useState<string | null>(null);
  const [stream, setStream] = useState(true);
  const [target, setTarget] = useState<ComposeTarget>("continue");
  const [blocking, setBlocking] = useState(true);
  const [push, setPush] = useState(EMPTY_PUSH);
  const pushBad = canPush && push.on && pushUrlProblem(push.url) !== null;
  const data = parseDataPart(dataText ?? "");
  const empty = text.trim() === "" && files.files.length === 0 && (!data.ok || data.data === null);
  const effectiveTarget: ComposeTarget = continueLabel ? target : "new";

  const send = async () => {
    if (empty || !data.ok || busy || pushBad) return;
    const parts = await composeParts(text, files.files, data.data);
    const pushed = canPush ? pushBody(push) : undefined;
    await onSend({
      parts,
      stream: canStream && stream && blocking,
      blocking,
      ...(pushed ? { push: pushed } : {}),
      target: effectiveTarget,
    }).then(
      () => {
        setText("");
        files.clear();
        setDataText(null);
      },
      () => undefined,
    );
  };

  return (
    <div className="flex flex-col gap-2 border-t p-3" data-testid="a2a-composer">
      {/* One row when the pane is wide enough: the push options wrap under the send options only when they must. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <A2aSendOptions
          target={effectiveTarget}
          continueLabel={continueLabel}
          onTarget={setTarget}
          canStream={canStream}
          stream={stream}
          onStream={setStream}
          blocking={blocking}
          onBlocking={setBlocking}
        />
        <A2aPushOptions canPush={canPush} draft={push} onDraft={setPush} />
      </div>
      <AttachedFiles files={files.files} onRemove={files.remove} testId="a2a-attached-file" />
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
        <MessageInput
          data-testid="a2a-message"
          className="min-h-10 flex-1"
          value={text}
          placeholder="Message the agent (Enter sends, Shift+Enter breaks the line)"
          onChange={(e) => setText(e.target.value)}
          onSend={() => void send()}
        />
        <AttachButton onFiles={files.add} inputTestId="a2a-attach-input" />
        <Button
          size="icon"
          variant={dataText !== null ? "secondary" : "ghost"}
          aria-label="Data part"
          aria-pressed={dataText !== null}
          onClick={() => setDataText((t) => (t === null ? "{\n  \n}" : null))}
        >
          <BracesIcon />
        </Button>
        <BusyButton
          busy={busy}
          disabled={empty || !data.ok || pushBad || admin.disabled}
          title={admin.title}
          onClick={() => void send()}
          data-testid="a2a-send"
        >
          <SendIcon /> Send
        </BusyButton>
      </div>
    </div>
  );
}
