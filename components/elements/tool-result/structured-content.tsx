"use client";

import { useMemo } from "react";
import { Badge } from "@/components/ui/badge";
import type { StructuredFinding } from "@/lib/tool-result/validate";
import { prettyJson } from "@/lib/tool-result/text-format";
import { LargeText } from "@/components/elements/large-text";

export interface StructuredValidationProps {
  finding: StructuredFinding;
}

/** The verdict of validating structuredContent against outputSchema; renders nothing when not checked. */
export function StructuredValidation({ finding }: StructuredValidationProps) {
  if (finding.kind === "not_checked") return null;
  const valid = finding.kind === "valid";
  return (
    <div data-testid="structured-validation" data-valid={String(valid)} className="flex flex-col gap-1 text-xs">
      {finding.kind === "valid" && <Badge variant="success">Matches outputSchema</Badge>}
      {finding.kind === "missing" && <Badge variant="warning">Tool declares an outputSchema but returned no structuredContent</Badge>}
      {finding.kind === "schema_error" && <Badge variant="warning">outputSchema could not be compiled: {finding.message}</Badge>}
      {finding.kind === "invalid" && (
        <>
          <Badge variant="destructive">
            {finding.errors.length} mismatch{finding.errors.length === 1 ? "" : "es"} with outputSchema
          </Badge>
          <ul className="flex flex-col gap-0.5 pl-1">
            {finding.errors.map((e, i) => (
              <li key={`${e.path}-${e.keyword}-${i}`} data-testid="structured-error">
                <code className="font-mono text-destructive">{e.path || "/"}</code> {e.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export interface StructuredContentViewProps {
  value: unknown;
  finding: StructuredFinding;
}

export function StructuredContentView({ value, finding }: StructuredContentViewProps) {
  const text = useMemo(() => prettyJson(value), [value]);
  return (
    <section data-testid="structured-content" className="flex flex-col gap-2">
      <h4 className="text-xs font-medium text-muted-foreground">Structured content</h4>
      <StructuredValidation finding={finding} />
      <LargeText text={text} filename="structured-content.json" mimeType="application/json" />
    </section>
  );
}
