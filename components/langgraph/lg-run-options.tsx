"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { LG_STREAM_MODES } from "@/lib/contracts/langgraph";
import { lgSchemasQuery } from "@/lib/queries/langgraph";
import { errorMessage } from "@/lib/values";
import { JsonTextField } from "@/components/elements/json-text-field";
import { SegmentedTabs } from "@/components/elements/segmented-tabs";
import { Checkbox } from "@/components/ui/checkbox";
import { LgInputForm, schemaHasFields } from "./lg-input-form";
import { toggledMode, type LgRunDraft } from "./run-draft";

type InputTab = "json" | "form";

export interface LgRunOptionsProps {
  deploymentId: string;
  draft: LgRunDraft;
  /** Why the JSON text is not JSON, if it is not. */
  jsonError: string | null;
  busy: boolean;
  patch: (p: Partial<LgRunDraft>) => void;
}

/** What the schemas route says, in one line: loading, why there is no form, or nothing. */
function SchemaNote({ text, testId }: { text: string; testId: string }) {
  return (
    <p className="text-[11px] text-muted-foreground" data-testid={testId}>
      {text}
    </p>
  );
}

/** The composer's options: stream modes, and the input as JSON or (when the graph's input schema is known) as a form. */
export function LgRunOptions({ deploymentId, draft, jsonError, busy, patch }: LgRunOptionsProps) {
  const schemas = useQuery({ ...lgSchemasQuery(deploymentId, draft.assistantId), enabled: Boolean(draft.assistantId) });
  const input = schemas.data?.input;
  const formable = input !== undefined && input !== null && schemaHasFields(input);
  const [tab, setTab] = useState<InputTab>("json");
  const shown: InputTab = formable && jsonError === null ? tab : "json";
  return (
    <div className="flex flex-col gap-2" data-testid="lg-run-options-panel">
      <fieldset className="flex flex-wrap items-center gap-2 text-xs" aria-label="Stream modes">
        <span className="font-medium">Stream modes</span>
        {LG_STREAM_MODES.map((m) => (
          <label key={m} className="flex items-center gap-1">
            <Checkbox
              data-testid={`lg-stream-mode-${m}`}
              checked={draft.streamModes.includes(m)}
              onCheckedChange={(on) => patch({ streamModes: toggledMode(draft.streamModes, m, on === true) })}
            />
            <span className="font-mono">{m}</span>
          </label>
        ))}
      </fieldset>
      <div className="flex items-center gap-2">
        <span className="text-xs font-medium">Input</span>
        {schemas.isPending && draft.assistantId && <SchemaNote testId="lg-run-schema-loading" text="Reading the graph's input schema…" />}
        {schemas.isError && (
          <SchemaNote testId="lg-run-schema-error" text={`No form: the input schema is not available (${errorMessage(schemas.error)}).`} />
        )}
        {formable && (
          <SegmentedTabs
            tabs={["json", "form"] as const}
            value={shown}
            onChange={setTab}
            label={(t) => (t === "json" ? "JSON" : "Form")}
            testIdPrefix="lg-run-input-tab-"
          />
        )}
      </div>
      {shown === "form" ? (
        <LgInputForm schema={input} text={draft.inputText} disabled={busy} onTextChange={(inputText) => patch({ inputText })} />
      ) : (
        <JsonTextField
          id="lg-run-input"
          label="Input (JSON, sent as is; empty: null, go on from the checkpoint)"
          text={draft.inputText}
          error={jsonError}
          disabled={busy}
          testId="lg-run-input"
          onTextChange={(inputText) => patch({ inputText })}
        />
      )}
    </div>
  );
}
