"use client";

import { useState } from "react";
import { CheckIcon, XIcon } from "lucide-react";
import { BusyButton } from "@/components/elements/busy-button";
import { previousOf, type AnswerFormProps } from "./form-types";
import { parseJsonText, pretty } from "./json-text";
import { JsonTextField, ReadOnlyJson } from "@/components/elements/json-text-field";

/**
 * Approve or reject a gated tool call (adk.md §6.1). The payload is the tool's suggested payload
 * (or the call's args), editable as JSON; approving always sends the edited payload.
 */
export function ConfirmationForm({ item, onAnswer, busy, compact, previous }: AnswerFormProps<"confirmation">) {
  const prior = previousOf(previous, "confirmation");
  const [text, setText] = useState(() => {
    const start = prior?.payload !== undefined ? prior.payload : item.payload;
    return start === undefined ? "" : pretty(start);
  });
  const parsed = parseJsonText(text);
  const id = `confirmation-${item.id}`;

  const approve = () => {
    if (!parsed.ok) return;
    onAnswer(
      parsed.value === undefined
        ? { kind: "confirmation", confirmed: true }
        : { kind: "confirmation", confirmed: true, payload: parsed.value },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      {item.originalCall ? (
        <div className="flex flex-col gap-1" data-testid="original-call">
          <span className="text-xs text-muted-foreground">
            Tool call <code className="font-mono font-medium text-foreground">{item.originalCall.name}</code>
          </span>
          <ReadOnlyJson label="Arguments" value={item.originalCall.args} collapsed={compact} />
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">The request names no original tool call.</p>
      )}
      {item.hint && (
        <p className="text-sm" data-testid="confirmation-hint">
          {item.hint}
        </p>
      )}
      <JsonTextField
        id={`${id}-payload`}
        label="Payload"
        hint="Sent with the approval; the tool receives it as its confirmation payload."
        testId="confirmation-payload"
        text={text}
        error={parsed.ok ? null : parsed.error}
        disabled={busy}
        onTextChange={setText}
      />
      <div className="flex flex-wrap gap-2">
        <BusyButton data-testid="approve" busy={busy} disabled={!parsed.ok} onClick={approve}>
          <CheckIcon />
          Approve
        </BusyButton>
        <BusyButton data-testid="reject" variant="outline" busy={busy} onClick={() => onAnswer({ kind: "confirmation", confirmed: false })}>
          <XIcon />
          Reject
        </BusyButton>
      </div>
    </div>
  );
}
