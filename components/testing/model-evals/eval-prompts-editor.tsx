"use client";

import { useId } from "react";
import { PlusIcon, XIcon } from "lucide-react";
import { emptyCall, type EvalDraft, type ExpectedCallDraft } from "@/lib/workbench/model-evals";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";

type Prompts = EvalDraft["prompts"];

export interface EvalPromptsEditorProps {
  prompts: Prompts;
  /** The server's tools, offered as the expected call's tool (any other name can be typed). */
  toolNames: readonly string[];
  onChange: (prompts: Prompts) => void;
}

const at = <T,>(list: readonly T[], i: number, value: T): T[] => list.map((x, j) => (j === i ? value : x));

/** The prompts, each with the tool calls it should lead to: a tool and the arguments it must carry (JSON, each one equal). */
export function EvalPromptsEditor({ prompts, toolNames, onChange }: EvalPromptsEditorProps) {
  const id = useId();
  const setCalls = (i: number, expect: ExpectedCallDraft[]) => onChange(at(prompts, i, { ...prompts[i]!, expect }));
  return (
    <fieldset className="flex flex-col gap-2" data-testid="eval-prompts">
      <legend className="mb-1 text-xs font-medium">Prompts and the tool calls they should lead to</legend>
      <datalist id={`${id}-tools`}>
        {toolNames.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      {prompts.map((p, i) => (
        <div key={i} className="flex flex-col gap-1.5 rounded-md border p-2" data-testid="eval-prompt">
          <div className="flex items-start gap-2">
            <Textarea
              aria-label={`Prompt ${i + 1}`}
              rows={2}
              placeholder="What's the weather in Lisbon?"
              value={p.prompt}
              onChange={(e) => onChange(at(prompts, i, { ...p, prompt: e.target.value }))}
              data-testid="eval-prompt-text"
            />
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={`Remove prompt ${i + 1}`}
              disabled={prompts.length === 1}
              onClick={() => onChange(prompts.filter((_, j) => j !== i))}
            >
              <XIcon />
            </Button>
          </div>
          {p.expect.map((call, j) => (
            <div key={j} className="grid grid-cols-[minmax(0,12rem)_minmax(0,1fr)_auto] items-center gap-2 pl-3" data-testid="eval-call">
              <Input
                aria-label={`Prompt ${i + 1}, call ${j + 1}: tool`}
                list={`${id}-tools`}
                placeholder="tool"
                className="h-8 font-mono text-xs"
                value={call.tool}
                onChange={(e) => setCalls(i, at(p.expect, j, { ...call, tool: e.target.value }))}
                data-testid="eval-call-tool"
              />
              <Input
                aria-label={`Prompt ${i + 1}, call ${j + 1}: arguments`}
                placeholder='arguments it must carry, JSON: {"city": "Lisbon"} (empty: any)'
                className="h-8 font-mono text-xs"
                value={call.args}
                onChange={(e) => setCalls(i, at(p.expect, j, { ...call, args: e.target.value }))}
                data-testid="eval-call-args"
              />
              <Button
                type="button"
                size="icon"
                variant="ghost"
                aria-label={`Remove call ${j + 1} of prompt ${i + 1}`}
                disabled={p.expect.length === 1}
                onClick={() =>
                  setCalls(
                    i,
                    p.expect.filter((_, k) => k !== j),
                  )
                }
              >
                <XIcon />
              </Button>
            </div>
          ))}
          <Button type="button" size="xs" variant="ghost" className="self-start" onClick={() => setCalls(i, [...p.expect, emptyCall()])}>
            <PlusIcon /> Expected call
          </Button>
        </div>
      ))}
      <Button
        type="button"
        size="xs"
        variant="outline"
        className="self-start"
        onClick={() => onChange([...prompts, { prompt: "", expect: [emptyCall()] }])}
        data-testid="eval-add-prompt"
      >
        <PlusIcon /> Prompt
      </Button>
    </fieldset>
  );
}
