"use client";

import { useState } from "react";
import type { LgAnswerBody } from "@/lib/contracts/langgraph";
import { AnswerModeSwitch, FreeTextAnswer } from "@/components/elements/answer/answer-parts";
import { BusyButton } from "@/components/elements/busy-button";
import { JsonTextField } from "@/components/elements/json-text-field";
import { Button } from "@/components/ui/button";
import { onModEnter } from "@/lib/keyboard";
import { optionsOf, parseJsonValue } from "./answer-values";

type Mode = "text" | "json";
const MODE_LABEL: Record<Mode, string> = { text: "Text", json: "JSON" };

export interface LgGenericAnswerProps {
  id: string;
  /** The interrupt's value (a question with options gets a button per option). */
  value: unknown;
  busy: boolean;
  onAnswer: (body: LgAnswerBody) => void;
}

/** Any other interrupt: resumed with a value (`Command({ resume })`), typed as text or as any JSON. */
export function LgGenericAnswer({ id, value, busy, onAnswer }: LgGenericAnswerProps) {
  const [mode, setMode] = useState<Mode>("text");
  const [text, setText] = useState("");
  const [json, setJson] = useState("null");
  const parsed = parseJsonValue(json);
  const options = optionsOf(value);
  const send = () => {
    if (mode === "text") onAnswer({ kind: "value", value: text });
    else if (parsed.ok) onAnswer({ kind: "value", value: parsed.value });
  };

  return (
    <div className="flex flex-col gap-2" data-testid="lg-generic-form" onKeyDown={onModEnter(send, !busy)}>
      {options && (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Options">
          {options.map((o, i) => (
            <Button
              key={i}
              size="sm"
              variant="outline"
              data-testid={`lg-option-${i}`}
              disabled={busy}
              onClick={() => onAnswer({ kind: "value", value: o })}
            >
              {String(o)}
            </Button>
          ))}
        </div>
      )}
      <AnswerModeSwitch
        modes={["text", "json"] as const}
        labels={MODE_LABEL}
        value={mode}
        onChange={setMode}
        testIdPrefix="lg-answer-mode-"
      />
      {mode === "text" ? (
        <FreeTextAnswer
          id={`${id}-text`}
          testId="lg-answer-text"
          value={text}
          onChange={setText}
          disabled={busy}
          note="Sent as a JSON string: the value interrupt() returns."
        />
      ) : (
        <JsonTextField
          id={`${id}-json`}
          label="Resume value (JSON)"
          text={json}
          error={parsed.ok ? null : parsed.error}
          disabled={busy}
          testId="lg-answer-json"
          onTextChange={setJson}
        />
      )}
      <BusyButton
        className="w-fit"
        size="sm"
        data-testid="lg-send-value"
        busy={busy}
        disabled={mode === "json" && !parsed.ok}
        onClick={send}
      >
        Resume
      </BusyButton>
    </div>
  );
}
