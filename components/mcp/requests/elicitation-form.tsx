"use client";

import { useMemo, useState, type ReactNode } from "react";
import { CheckIcon } from "lucide-react";
import { BusyButton } from "@/components/elements/busy-button";
import { SchemaFormEditor } from "@/components/elements/schema-form/schema-form-editor";
import type { ElicitationAnswer, McpClientRequest } from "@/lib/contracts/mcp-requests";
import { defaultArgumentsForSchema, isPlainObject, validateValue, type ValidationIssue } from "@/lib/schema/form";
import { elicitationFormView } from "@/lib/protocols/mcp/request-params";
import { onModEnter } from "@/lib/keyboard";

/**
 * The form's starting value: the content kept from a send that failed, else the requested
 * schema's defaults applied (what the server would apply to fields left out anyway, now visible
 * and editable).
 */
export function initialElicitationValue(request: McpClientRequest): Record<string, unknown> {
  const body = request.answer?.body;
  if (body && body.action === "accept" && "content" in body && isPlainObject(body.content)) return body.content;
  const { schema } = elicitationFormView(request.params);
  return schema ? defaultArgumentsForSchema(schema) : {};
}

export interface ElicitationFormProps {
  request: McpClientRequest;
  value: Record<string, unknown>;
  onValueChange: (value: Record<string, unknown>) => void;
  onAnswer: (answer: ElicitationAnswer) => void;
  busy: boolean;
  /** Field issues the server sent back with a 400, shown beside the fields until the next edit. */
  serverIssues: ValidationIssue[];
  resend: boolean;
  /** Decline / Cancel buttons, shared with the URL card. */
  actions: ReactNode;
}

/**
 * Form-mode elicitation: the server's message, its requestedSchema as a form (with defaults), and
 * Accept / Decline / Cancel. Accept validates first: errors show beside the fields and nothing is sent.
 */
export function ElicitationForm({ request, value, onValueChange, onAnswer, busy, serverIssues, resend, actions }: ElicitationFormProps) {
  const view = useMemo(() => elicitationFormView(request.params), [request.params]);
  const [tried, setTried] = useState(false);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [edited, setEdited] = useState(false);
  const schema = view.schema ?? { type: "object" };
  const result = validateValue(schema, value);
  const local: ValidationIssue[] = tried && !result.ok ? result.errors : [];
  const errors = edited
    ? local
    : [...local, ...serverIssues.filter((s) => !local.some((l) => l.path === s.path && l.message === s.message))];

  const accept = () => {
    setTried(true);
    setEdited(false);
    if (!result.ok || draftError !== null) return;
    onAnswer({ action: "accept", content: value });
  };

  return (
    <div className="flex flex-col gap-3" data-testid="elicitation-form" onKeyDown={onModEnter(accept, !busy)}>
      <p className="text-sm whitespace-pre-wrap" data-testid="elicitation-message">
        {view.message || "The server asks for the following information."}
      </p>
      {!view.schema && (
        <p className="text-xs text-amber-700 dark:text-amber-300" data-testid="elicitation-no-schema">
          The server sent no usable requestedSchema; the answer is edited as free JSON.
        </p>
      )}
      <SchemaFormEditor
        schema={schema}
        value={value}
        onChange={(next) => {
          setEdited(true);
          onValueChange(next);
        }}
        errors={errors}
        onJsonErrorChange={setDraftError}
        idPrefix={`elicit-${request.id}`}
      />
      {tried && (!result.ok || draftError !== null) && (
        <p role="alert" className="text-xs text-destructive" data-testid="elicitation-invalid">
          {draftError ?? `Fix the highlighted field${!result.ok && result.errors.length > 1 ? "s" : ""} before sending.`}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <BusyButton data-testid="elicitation-accept" busy={busy} onClick={accept}>
          <CheckIcon />
          {resend ? "Accept and send again" : "Accept"}
        </BusyButton>
        {actions}
      </div>
    </div>
  );
}
