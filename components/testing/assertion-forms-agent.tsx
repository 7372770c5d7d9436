"use client";

import { useQuery } from "@tanstack/react-query";
import { ARG_MATCHES, RESPONSE_MODES, TRAJECTORY_MODES, type AssertionOf } from "@/lib/contracts/testing";
import { PROVIDER_IDS } from "@/lib/contracts/playground";
import { providersQuery } from "@/lib/queries/playground";
import { Textarea } from "@/components/ui/textarea";
import { Field } from "@/components/elements/field";
import { JsonView } from "@/components/elements/json-view";
import { NumberField, PathField, Row, SelectField, TextField, type FormProps } from "./form-bits";

const MODE_LABEL: Record<(typeof TRAJECTORY_MODES)[number], string> = {
  exact: "Exactly these calls",
  in_order: "These calls in order (others may come between)",
  any_order: "These calls in any order",
};
const ARGS_LABEL: Record<(typeof ARG_MATCHES)[number], string> = {
  exact: "Arguments equal",
  subset: "Expected arguments are a subset",
  ignore: "Arguments not compared",
};

/** The tools the server or agent called, against the recorded trajectory (ADK's tool_trajectory_avg_score modes). */
export function TrajectoryForm({ id, value, onChange, outcome }: FormProps<AssertionOf<"trajectory">>) {
  return (
    <div className="grid gap-3">
      <Row>
        <SelectField
          id={`${id}-mode`}
          label="Match"
          value={value.mode}
          options={TRAJECTORY_MODES}
          labels={MODE_LABEL}
          onChange={(mode) => onChange({ ...value, mode })}
        />
        <SelectField
          id={`${id}-args`}
          label="Arguments"
          value={value.args}
          options={ARG_MATCHES}
          labels={ARGS_LABEL}
          onChange={(args) => onChange({ ...value, args })}
        />
      </Row>
      <div className="flex flex-col gap-1">
        <p className="text-xs text-muted-foreground">Expected: the recorded trajectory ({outcome.toolCalls.length} calls).</p>
        <JsonView
          value={value.expected ?? outcome.toolCalls}
          limitBytes={4096}
          className="max-h-48 overflow-auto rounded-md border bg-muted/30 p-2 text-xs"
        />
      </div>
    </div>
  );
}

const RESPONSE_LABEL: Record<(typeof RESPONSE_MODES)[number], string> = {
  exact: "Exactly the same text",
  contains: "Contains the expected text",
  rouge1: "ROUGE-1 score at least the threshold",
};

/** The agent's last answer against the recorded one (or a text of the user's): exact, contains or ROUGE-1 (ADK's response_match_score). */
export function FinalResponseForm({ id, value, onChange, outcome }: FormProps<AssertionOf<"final_response">>) {
  return (
    <div className="grid gap-3">
      <Row>
        <SelectField
          id={`${id}-mode`}
          label="Match"
          value={value.mode}
          options={RESPONSE_MODES}
          labels={RESPONSE_LABEL}
          onChange={(mode) => onChange({ ...value, mode })}
        />
        {value.mode === "rouge1" && (
          <NumberField
            id={`${id}-threshold`}
            label="Threshold (0–1)"
            value={value.threshold}
            min={0}
            max={1}
            step={0.05}
            onChange={(threshold) => onChange({ ...value, threshold })}
            hint="ADK's default criterion is 0.8"
          />
        )}
      </Row>
      <Field id={`${id}-expected`} label="Expected response" hint="Empty: the recorded response">
        <Textarea
          id={`${id}-expected`}
          rows={3}
          value={value.expected ?? ""}
          placeholder={outcome.finalResponse ?? ""}
          onChange={(e) => onChange({ ...value, expected: e.target.value === "" ? undefined : e.target.value })}
        />
      </Field>
    </div>
  );
}

const PROVIDER_LABEL: Record<(typeof PROVIDER_IDS)[number], string> = {
  scripted: "Scripted (offline)",
  openai: "OpenAI",
  anthropic: "Anthropic",
  google: "Google",
  "openai-compatible": "OpenAI-compatible",
};

/** A model grades the outcome through a playground provider; off (skipped) while that provider has no key. */
export function JudgeForm({ id, value, onChange }: FormProps<AssertionOf<"llm_judge">>) {
  const providers = useQuery(providersQuery());
  const status = providers.data?.find((p) => p.provider === value.provider);
  const noKey = status?.keySource === "none";
  return (
    <div className="grid gap-3" data-testid="judge-form" data-off={noKey}>
      <Row>
        <SelectField
          id={`${id}-provider`}
          label="Provider"
          value={value.provider}
          options={PROVIDER_IDS}
          labels={PROVIDER_LABEL}
          onChange={(provider) => onChange({ ...value, provider })}
        />
        <TextField
          id={`${id}-model`}
          label="Model"
          value={value.model}
          onChange={(model) => onChange({ ...value, model })}
          placeholder={status?.suggestedModels[0]}
        />
      </Row>
      {noKey && (
        <p className="rounded-md border border-amber-500/40 bg-amber-500/10 px-2 py-1 text-xs" data-testid="judge-off">
          Off: {status.label} has no key (set one in the playground). The judge is skipped until then.
        </p>
      )}
      <Field id={`${id}-criteria`} label="Judge prompt: what a good outcome does">
        <Textarea
          id={`${id}-criteria`}
          rows={3}
          value={value.criteria}
          onChange={(e) => onChange({ ...value, criteria: e.target.value })}
        />
      </Field>
      <Row>
        <PathField id={`${id}-path`} value={value.path} onChange={(path) => onChange({ ...value, path })} />
        <NumberField
          id={`${id}-threshold`}
          label="Lowest passing score (0–1)"
          value={value.threshold}
          min={0}
          max={1}
          step={0.05}
          onChange={(threshold) => onChange({ ...value, threshold })}
        />
      </Row>
    </div>
  );
}
