"use client";

import { PlusIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { JsonTextField } from "@/components/elements/json-text-field";
import { emptyToolDraft, schemaError, type ToolDraft, type ToolDraftErrors } from "./tool-drafts";

export interface ToolDraftsEditorProps {
  drafts: ToolDraft[];
  onChange: (drafts: ToolDraft[]) => void;
  /** Errors per draft (index-aligned), shown after a submit attempt. */
  errors?: ToolDraftErrors[];
  idPrefix: string;
  disabled?: boolean;
}

/**
 * Front-end tools the agent may call and the user answers (issue 11 §3): name, description and
 * the JSON Schema of the arguments, checked as it is typed.
 */
export function ToolDraftsEditor({ drafts, onChange, errors = [], idPrefix, disabled }: ToolDraftsEditorProps) {
  const set = (i: number, patch: Partial<ToolDraft>) => onChange(drafts.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  return (
    <div className="flex flex-col gap-2" data-testid="agui-tool-drafts">
      {drafts.length === 0 && <p className="text-xs text-muted-foreground">No front-end tools: the agent can only call its own.</p>}
      {drafts.map((d, i) => {
        const id = `${idPrefix}-tool-${i}`;
        const liveSchemaError = schemaError(d.schemaText);
        return (
          <fieldset key={i} data-testid="agui-tool-draft" className="flex flex-col gap-1.5 rounded-md border p-2">
            <legend className="sr-only">Front-end tool {i + 1}</legend>
            <div className="flex items-center gap-1.5">
              <Input
                aria-label={`Tool ${i + 1} name`}
                data-testid="agui-tool-name"
                className="h-8 w-2/5 font-mono text-xs"
                placeholder="confirm_booking"
                value={d.name}
                disabled={disabled}
                aria-invalid={Boolean(errors[i]?.name)}
                onChange={(e) => set(i, { name: e.target.value })}
              />
              <Input
                aria-label={`Tool ${i + 1} description`}
                data-testid="agui-tool-description"
                className="h-8 flex-1 text-xs"
                placeholder="What the tool does, for the model"
                value={d.description}
                disabled={disabled}
                onChange={(e) => set(i, { description: e.target.value })}
              />
              <Button
                type="button"
                size="icon"
                variant="ghost"
                aria-label={`Remove tool ${i + 1}`}
                disabled={disabled}
                onClick={() => onChange(drafts.filter((_, j) => j !== i))}
              >
                <XIcon />
              </Button>
            </div>
            {errors[i]?.name && (
              <p role="alert" className="text-[11px] text-destructive">
                {errors[i]?.name}
              </p>
            )}
            <JsonTextField
              id={`${id}-schema`}
              label="Parameters (JSON Schema)"
              text={d.schemaText}
              error={liveSchemaError}
              disabled={disabled}
              testId="agui-tool-schema"
              onTextChange={(schemaText) => set(i, { schemaText })}
            />
          </fieldset>
        );
      })}
      <Button
        type="button"
        size="xs"
        variant="outline"
        className="self-start"
        disabled={disabled}
        data-testid="agui-add-tool"
        onClick={() => onChange([...drafts, emptyToolDraft()])}
      >
        <PlusIcon /> Add front-end tool
      </Button>
    </div>
  );
}
