"use client";

import { useMemo, useState } from "react";
import type { ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import { BookOpenIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import type { ResourceUpdate } from "@/lib/queries/resources";
import { expandTemplate, requiredVariableNames, tryParseTemplate, variableNames } from "@/lib/uri-template";
import { CompletionInput } from "@/components/elements/completion/completion-input";
import { ResourceRead } from "./resource-read";
import { resourceLabel } from "./resource-filter";

export interface TemplateFormProps {
  connectionId: string;
  template: ResourceTemplate;
  completions: boolean;
  canSubscribe: boolean;
  subscriptions: readonly string[];
  latestUpdates: ReadonlyMap<string, ResourceUpdate>;
}

/**
 * A resource template: one input per RFC 6570 variable (with completion/complete suggestions),
 * the expanded URI shown live, and "Read" reading it. Empty inputs count as undefined variables;
 * Read waits until every path variable has a value (an empty one expands to an empty segment, a
 * URI no server means), while query and fragment variables may stay empty.
 */
export function TemplateForm({ connectionId, template, completions, canSubscribe, subscriptions, latestUpdates }: TemplateFormProps) {
  const parsed = useMemo(() => tryParseTemplate(template.uriTemplate), [template.uriTemplate]);
  const names = useMemo(() => (parsed.ok ? variableNames(parsed.parsed) : []), [parsed]);
  const required = useMemo(() => (parsed.ok ? requiredVariableNames(parsed.parsed) : []), [parsed]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [readUri, setReadUri] = useState<string | null>(null);
  const filled = useMemo(() => {
    const out: Record<string, string> = {};
    for (const n of names) if (values[n]) out[n] = values[n];
    return out;
  }, [names, values]);
  const expanded = parsed.ok ? expandTemplate(parsed.parsed, filled) : null;
  const missing = names.filter((n) => !values[n]);
  const blocking = required.filter((n) => !values[n]);
  const optional = missing.filter((n) => !blocking.includes(n));

  return (
    <div className="flex flex-col gap-4" data-testid="template-form" data-template={template.uriTemplate}>
      <header className="flex flex-col gap-1">
        <h2 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
          {resourceLabel(template)}
          <Badge variant="outline">template</Badge>
          {template.mimeType && <Badge variant="secondary">{template.mimeType}</Badge>}
        </h2>
        <code className="font-mono text-xs break-all text-muted-foreground">{template.uriTemplate}</code>
        {template.description && <p className="text-xs">{template.description}</p>}
      </header>
      {!parsed.ok ? (
        <p role="alert" data-testid="template-invalid" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-xs">
          This is not a valid RFC 6570 URI template: {parsed.error.message}
        </p>
      ) : (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (expanded && blocking.length === 0) setReadUri(expanded);
          }}
        >
          {names.length === 0 && <p className="text-xs text-muted-foreground">This template has no variables.</p>}
          {names.map((name) => (
            <div key={name} className="flex flex-col gap-1">
              <Label className="font-mono text-xs">{name}</Label>
              <CompletionInput
                connectionId={connectionId}
                completionRef={{ type: "ref/resource", uri: template.uriTemplate }}
                name={name}
                value={values[name] ?? ""}
                onChange={(v) => setValues((prev) => ({ ...prev, [name]: v }))}
                context={filled}
                completions={completions}
              />
            </div>
          ))}
          <div className="flex flex-col gap-1">
            <span className="text-[11px] text-muted-foreground">Expanded URI</span>
            <code data-testid="template-expanded" className="rounded-md bg-muted px-2 py-1 font-mono text-xs break-all">
              {expanded}
            </code>
            {blocking.length > 0 && (
              <span className="text-[11px] text-amber-700 dark:text-amber-300" data-testid="template-missing">
                Fill in {blocking.join(", ")} to read: an empty path variable leaves a hole in the URI.
              </span>
            )}
            {optional.length > 0 && (
              <span className="text-[11px] text-muted-foreground" data-testid="template-optional">
                Not filled (left out of the URI): {optional.join(", ")}
              </span>
            )}
          </div>
          <Button type="submit" size="sm" className="self-start" data-testid="template-read" disabled={blocking.length > 0}>
            <BookOpenIcon /> Read
          </Button>
        </form>
      )}
      {readUri && (
        <ResourceRead
          key={readUri}
          connectionId={connectionId}
          uri={readUri}
          subscribed={subscriptions.includes(readUri)}
          canSubscribe={canSubscribe}
          lastUpdate={latestUpdates.get(readUri)}
        />
      )}
    </div>
  );
}
