"use client";

import type { AguiAnswerBody } from "@/lib/contracts/agui";
import { BusyButton } from "@/components/elements/busy-button";
import { ReadOnlyJson } from "@/components/elements/json-text-field";
import { Button } from "@/components/ui/button";
import { defaultArgumentsForSchema, isPlainObject } from "@/lib/schema/form";
import { onModEnter } from "@/lib/keyboard";
import { useValueEditor, ValueEditor } from "./agui-value-editor";

export interface ToolResultFormProps {
  id: string;
  /** The declared tool's JSON Schema (of its arguments: the form starts from the call's arguments). */
  schema: unknown;
  args: unknown;
  busy: boolean;
  retry: boolean;
  onAnswer: (body: AguiAnswerBody) => void;
}

/** The result of a front-end tool call: the call's arguments, then the value the tool "returns". */
export function ToolResultForm({ id, schema, args, busy, retry, onAnswer }: ToolResultFormProps) {
  const editor = useValueEditor(schema, args);
  const send = () => {
    const taken = editor.take();
    if (taken) onAnswer({ kind: "tool_result", result: taken.value });
  };
  return (
    <div className="flex flex-col gap-3" onKeyDown={onModEnter(send, !busy)} data-testid="agui-tool-result-form">
      <ReadOnlyJson label="Arguments of the call" value={args} testId="agui-request-args" />
      <span className="text-xs font-medium">Result sent back to the agent (as the tool message&apos;s content)</span>
      <ValueEditor id={id} editor={editor} busy={busy} />
      <BusyButton className="w-fit" data-testid="agui-send-result" busy={busy} onClick={send}>
        {retry ? "Retry" : "Send result"}
      </BusyButton>
    </div>
  );
}

export interface InterruptFormProps {
  id: string;
  /** The interrupt's responseSchema (JSON otherwise). */
  schema: unknown;
  busy: boolean;
  retry: boolean;
  onAnswer: (body: AguiAnswerBody) => void;
}

/** Resolve (with a payload) or cancel an interrupt: the run is resumed with `resume[]` (agent-uis.md §3a). */
export function InterruptForm({ id, schema, busy, retry, onAnswer }: InterruptFormProps) {
  const editor = useValueEditor(schema, isPlainObject(schema) ? defaultArgumentsForSchema(schema) : {});
  const resolve = () => {
    const taken = editor.take();
    if (taken) onAnswer({ kind: "resume", status: "resolved", payload: taken.value });
  };
  return (
    <div className="flex flex-col gap-3" onKeyDown={onModEnter(resolve, !busy)} data-testid="agui-interrupt-form">
      <ValueEditor id={id} editor={editor} busy={busy} />
      <div className="flex gap-2">
        <BusyButton className="w-fit" data-testid="agui-resolve" busy={busy} onClick={resolve}>
          {retry ? "Retry resolve" : "Resolve"}
        </BusyButton>
        <Button
          size="sm"
          variant="outline"
          data-testid="agui-cancel-interrupt"
          disabled={busy}
          onClick={() => onAnswer({ kind: "resume", status: "cancelled" })}
        >
          Cancel
        </Button>
      </div>
    </div>
  );
}
