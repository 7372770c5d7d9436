"use client";

import { SchemaFormEditor } from "@/components/elements/schema-form/schema-form-editor";
import { JsonTextField } from "@/components/elements/json-text-field";
import { isPlainObject, validateValue } from "@/lib/schema/form";
import { errorMessage } from "@/lib/values";

/** The arguments being edited: the value, and the text while it is not a JSON object. */
export interface ArgsDraft {
  value: Record<string, unknown>;
  /** Raw text of the JSON field (no inputSchema), kept verbatim while typing. */
  text: string;
  /** Why the draft cannot be sent now (invalid JSON, not an object, a half-typed field), or null. */
  error: string | null;
}

export function initialArgsDraft(args: Record<string, unknown>): ArgsDraft {
  return { value: args, text: JSON.stringify(args, null, 2), error: null };
}

/** Text of the JSON field → the draft (only a JSON object can be a call's arguments). */
export function draftFromText(text: string, previous: ArgsDraft): ArgsDraft {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isPlainObject(parsed)) return { ...previous, text, error: "The arguments must be a JSON object" };
    return { value: parsed, text, error: null };
  } catch (error) {
    return { ...previous, text, error: `Invalid JSON: ${errorMessage(error)}` };
  }
}

export interface ApprovalArgsProps {
  id: string;
  inputSchema: unknown;
  draft: ArgsDraft;
  onDraftChange: (draft: ArgsDraft) => void;
}

/**
 * The call's arguments, editable before approving: the schema form (with its own JSON mode) when
 * the tool listed an object inputSchema, else a JSON text field. Schema issues are shown but do not
 * block: the user may mean to send what the model wrote, to see what the server does with it.
 */
export function ApprovalArgs({ id, inputSchema, draft, onDraftChange }: ApprovalArgsProps) {
  if (isPlainObject(inputSchema)) {
    const check = validateValue(inputSchema, draft.value);
    return (
      <div className="flex flex-col gap-1.5" data-testid="approval-args" data-editor="schema">
        <span className="text-xs font-medium">Arguments (edit before approving)</span>
        <SchemaFormEditor
          schema={inputSchema}
          value={draft.value}
          idPrefix={id}
          errors={check.ok ? [] : check.errors}
          onChange={(value) => onDraftChange({ value, text: JSON.stringify(value, null, 2), error: null })}
          // A block body: the editor runs this inside an effect, which must not return a value.
          onJsonErrorChange={(error) => {
            if (error !== draft.error) onDraftChange({ ...draft, error });
          }}
        />
      </div>
    );
  }
  return (
    <div data-testid="approval-args" data-editor="json">
      <JsonTextField
        id={`${id}-json`}
        label="Arguments (edit before approving)"
        text={draft.text}
        error={draft.error}
        testId="approval-args-json"
        onTextChange={(text) => onDraftChange(draftFromText(text, draft))}
      />
    </div>
  );
}
