"use client";

import { useState } from "react";
import type { HumanInterrupt, LgAnswerBody } from "@/lib/contracts/langgraph";
import { FreeTextAnswer } from "@/components/elements/answer/answer-parts";
import { BusyButton } from "@/components/elements/busy-button";
import { Button } from "@/components/ui/button";
import { LgEditArgs } from "./lg-edit-args";

export interface LgHumanInterruptFormProps {
  id: string;
  interrupt: HumanInterrupt;
  busy: boolean;
  onAnswer: (body: LgAnswerBody) => void;
}

/**
 * Agent Inbox's answers to a HumanInterrupt (accept, edit, respond, ignore), each offered only when
 * its `config.allow_*` says so: the graph would refuse any other.
 */
export function LgHumanInterruptForm({ id, interrupt, busy, onAnswer }: LgHumanInterruptFormProps) {
  const [open, setOpen] = useState<"edit" | "respond" | null>(null);
  const [text, setText] = useState("");
  const { config, action_request: action } = interrupt;
  const toggle = (which: "edit" | "respond") => setOpen((o) => (o === which ? null : which));
  const none = !config.allow_accept && !config.allow_edit && !config.allow_respond && !config.allow_ignore;

  return (
    <div className="flex flex-col gap-2" data-testid="lg-human-interrupt-form">
      <div className="flex flex-wrap gap-2">
        {config.allow_accept && (
          <BusyButton size="sm" data-testid="lg-accept" busy={busy} onClick={() => onAnswer({ kind: "accept" })}>
            Accept
          </BusyButton>
        )}
        {config.allow_edit && (
          <Button
            size="sm"
            variant={open === "edit" ? "secondary" : "outline"}
            aria-expanded={open === "edit"}
            data-testid="lg-edit"
            onClick={() => toggle("edit")}
          >
            Edit
          </Button>
        )}
        {config.allow_respond && (
          <Button
            size="sm"
            variant={open === "respond" ? "secondary" : "outline"}
            aria-expanded={open === "respond"}
            data-testid="lg-respond"
            onClick={() => toggle("respond")}
          >
            Respond
          </Button>
        )}
        {config.allow_ignore && (
          <Button size="sm" variant="ghost" data-testid="lg-ignore" disabled={busy} onClick={() => onAnswer({ kind: "ignore" })}>
            Ignore
          </Button>
        )}
      </div>
      {none && <p className="text-xs text-muted-foreground">The interrupt&apos;s config allows no answer (every allow_* is false).</p>}
      {open === "edit" && <LgEditArgs id={id} args={action.args} busy={busy} onSend={(args) => onAnswer({ kind: "edit", args })} />}
      {open === "respond" && (
        <div className="flex flex-col gap-2 rounded-md border p-2">
          <FreeTextAnswer
            id={`${id}-response`}
            testId="lg-response-text"
            value={text}
            onChange={setText}
            disabled={busy}
            note="Sent as the HumanResponse's args ({ type: 'response', args: text })."
          />
          <BusyButton
            className="w-fit"
            size="sm"
            data-testid="lg-send-response"
            busy={busy}
            disabled={!text.trim()}
            onClick={() => onAnswer({ kind: "response", text })}
          >
            Send response
          </BusyButton>
        </div>
      )}
    </div>
  );
}
