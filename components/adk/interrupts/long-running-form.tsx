"use client";

import { useState } from "react";
import { isPlainObject } from "@/lib/schema/form";
import { BusyButton } from "@/components/elements/busy-button";
import { previousOf, type AnswerFormProps } from "./form-types";
import { parseJsonText, pretty } from "./json-text";
import { JsonTextField, ReadOnlyJson } from "@/components/elements/json-text-field";
import { onModEnter } from "@/lib/keyboard";

/** `{"status":"done"}` over the tool's interim response: the usual final result keeps its ticket etc. */
export function initialLongRunningResponse(interim: unknown): Record<string, unknown> {
  return { ...(isPlainObject(interim) ? interim : {}), status: "done" };
}

/**
 * The final result of a long-running tool (adk.md §6.2), sent under the tool's own name and call
 * id. The run already went on after the interim response; this resumes the model with the outcome.
 */
export function LongRunningForm({ item, onAnswer, busy, compact, previous }: AnswerFormProps<"long_running">) {
  const prior = previousOf(previous, "long_running");
  const [text, setText] = useState(() => pretty(prior ? prior.response : initialLongRunningResponse(item.interimResponse)));
  const parsed = parseJsonText(text);
  const error = parsed.ok ? (parsed.value === undefined ? "Enter the tool's final response." : null) : parsed.error;

  const submit = () => {
    if (parsed.ok && parsed.value !== undefined) onAnswer({ kind: "long_running", response: parsed.value });
  };

  return (
    <div className="flex flex-col gap-3" onKeyDown={onModEnter(submit, !busy && error === null)}>
      <div className="flex flex-col gap-1" data-testid="long-running-call">
        <span className="text-xs text-muted-foreground">
          Tool <code className="font-mono font-medium text-foreground">{item.callName}</code> is waiting for its result.
        </span>
        <ReadOnlyJson label="Arguments" value={item.args} collapsed={compact} />
      </div>
      {item.interimResponse !== undefined && (
        <ReadOnlyJson label="Interim response" value={item.interimResponse} testId="interim-response" collapsed={compact} />
      )}
      <JsonTextField
        id={`long-running-${item.id}`}
        label="Final response"
        hint="Any JSON value; the agent sees it as the tool's result."
        testId="long-running-response"
        text={text}
        error={error}
        disabled={busy}
        onTextChange={setText}
      />
      <BusyButton className="w-fit" data-testid="submit-long-running" busy={busy} disabled={error !== null} onClick={submit}>
        Send result
      </BusyButton>
    </div>
  );
}
