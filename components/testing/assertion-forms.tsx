"use client";

import { useState } from "react";
import { XIcon } from "lucide-react";
import type { Assertion, AssertionOf } from "@/lib/contracts/testing";
import { withPath } from "@/lib/workbench/testing-view";
import { Button } from "@/components/ui/button";
import { JsonTextField } from "@/components/elements/json-text-field";
import { CheckField, NumberField, PathField, Row, SelectField, TextField, type FormProps } from "./form-bits";
import { JsonPathPicker } from "./json-path-picker";
import { FinalResponseForm, JudgeForm, TrajectoryForm } from "./assertion-forms-agent";

/** The form of an assertion's kind. */
export function AssertionForm({ id, value, onChange, outcome }: FormProps<Assertion>) {
  switch (value.type) {
    case "structural":
      return <StructuralForm id={id} value={value} onChange={onChange} outcome={outcome} />;
    case "json_schema":
      return <SchemaForm id={id} value={value} onChange={onChange} outcome={outcome} />;
    case "contains":
      return <ContainsForm id={id} value={value} onChange={onChange} outcome={outcome} />;
    case "regex":
      return <RegexForm id={id} value={value} onChange={onChange} outcome={outcome} />;
    case "is_error":
      return (
        <SelectField
          id={`${id}-expected`}
          label="The outcome is an error"
          value={value.expected ? "yes" : "no"}
          options={["no", "yes"]}
          labels={{ no: "No (isError is false)", yes: "Yes (isError is true)" }}
          onChange={(v) => onChange({ ...value, expected: v === "yes" })}
        />
      );
    case "latency":
      return (
        <NumberField
          id={`${id}-max`}
          label="At most (ms)"
          value={value.maxMs}
          min={1}
          max={86_400_000}
          onChange={(maxMs) => onChange({ ...value, maxMs })}
          hint={`Recorded: ${Math.round(outcome.latencyMs)} ms`}
        />
      );
    case "trajectory":
      return <TrajectoryForm id={id} value={value} onChange={onChange} outcome={outcome} />;
    case "final_response":
      return <FinalResponseForm id={id} value={value} onChange={onChange} outcome={outcome} />;
    case "llm_judge":
      return <JudgeForm id={id} value={value} onChange={onChange} outcome={outcome} />;
  }
}

/** Equal to the recorded value, but for the paths clicked in it (ids, timestamps). */
function StructuralForm({ id, value, onChange, outcome }: FormProps<AssertionOf<"structural">>) {
  const [everyItem, setEveryItem] = useState(true);
  const picking = value.path === undefined || value.path === "$.result";
  return (
    <div className="grid gap-3">
      <PathField id={`${id}-path`} value={value.path} onChange={(path) => onChange({ ...value, path })} />
      <p className="text-xs text-muted-foreground">Expected: the value recorded at that path. Click a key below to ignore it.</p>
      {value.ignorePaths.length > 0 && (
        <ul className="flex flex-wrap gap-1" data-testid="ignored-paths">
          {value.ignorePaths.map((p) => (
            <li key={p} className="flex items-center gap-1 rounded-md border px-1.5 py-0.5 font-mono text-xs">
              {p}
              <Button
                size="xs"
                variant="ghost"
                className="h-4 px-0.5"
                aria-label={`Stop ignoring ${p}`}
                onClick={() => onChange({ ...value, ignorePaths: value.ignorePaths.filter((x) => x !== p) })}
              >
                <XIcon />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {picking ? (
        <>
          <CheckField
            id={`${id}-every`}
            label="A key inside a list stands for that key in every item ([*])"
            checked={everyItem}
            onChange={setEveryItem}
          />
          <JsonPathPicker
            value={outcome.result}
            picked={value.ignorePaths}
            onPick={(p) => onChange({ ...value, ignorePaths: withPath(value.ignorePaths, everyItem ? p.everyItem : p.exact) })}
          />
        </>
      ) : (
        <p className="text-xs text-muted-foreground">Paths are picked by clicking when the path is $.result; type them otherwise.</p>
      )}
    </div>
  );
}

function SchemaForm({ id, value, onChange }: FormProps<AssertionOf<"json_schema">>) {
  const [text, setText] = useState(() => JSON.stringify(value.schema, null, 2));
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="grid gap-3">
      <PathField id={`${id}-path`} value={value.path} onChange={(path) => onChange({ ...value, path })} />
      <JsonTextField
        id={`${id}-schema`}
        testId={`${id}-schema`}
        label="JSON Schema"
        text={text}
        error={error}
        onTextChange={(t) => {
          setText(t);
          try {
            const schema: unknown = JSON.parse(t);
            if (typeof schema === "boolean" || (typeof schema === "object" && schema !== null && !Array.isArray(schema))) {
              setError(null);
              onChange({ ...value, schema: typeof schema === "boolean" ? schema : { ...schema } });
            } else setError("A schema is an object or true / false");
          } catch (e) {
            setError(e instanceof Error ? e.message : String(e));
          }
        }}
      />
    </div>
  );
}

function ContainsForm({ id, value, onChange }: FormProps<AssertionOf<"contains">>) {
  return (
    <div className="grid gap-3">
      <Row>
        <PathField id={`${id}-path`} value={value.path} onChange={(path) => onChange({ ...value, path })} />
        <TextField
          id={`${id}-text`}
          label="Text"
          value={value.text}
          onChange={(text) => onChange({ ...value, text })}
          error={value.text ? undefined : "Some text to look for"}
        />
      </Row>
      <div className="flex flex-wrap gap-4">
        <CheckField
          id={`${id}-case`}
          label="Case sensitive"
          checked={value.caseSensitive}
          onChange={(caseSensitive) => onChange({ ...value, caseSensitive })}
        />
        <CheckField
          id={`${id}-negate`}
          label="Must NOT contain it"
          checked={value.negate}
          onChange={(negate) => onChange({ ...value, negate })}
        />
      </div>
    </div>
  );
}

const FLAGS = [
  ["i", "ignore case"],
  ["m", "multiline"],
  ["s", "dot matches newline"],
  ["u", "unicode"],
] as const;

function RegexForm({ id, value, onChange }: FormProps<AssertionOf<"regex">>) {
  let error: string | undefined;
  try {
    new RegExp(value.pattern, value.flags);
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  return (
    <div className="grid gap-3">
      <Row>
        <PathField id={`${id}-path`} value={value.path} onChange={(path) => onChange({ ...value, path })} />
        <TextField
          id={`${id}-pattern`}
          label="Pattern"
          value={value.pattern}
          onChange={(pattern) => onChange({ ...value, pattern })}
          error={error}
          mono
        />
      </Row>
      <div className="flex flex-wrap gap-4">
        {FLAGS.map(([flag, words]) => (
          <CheckField
            key={flag}
            id={`${id}-flag-${flag}`}
            label={`${flag} (${words})`}
            checked={value.flags.includes(flag)}
            onChange={(on) => onChange({ ...value, flags: on ? value.flags + flag : value.flags.replace(flag, "") })}
          />
        ))}
        <CheckField
          id={`${id}-negate`}
          label="Must NOT match"
          checked={value.negate}
          onChange={(negate) => onChange({ ...value, negate })}
        />
      </div>
    </div>
  );
}
