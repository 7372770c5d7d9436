"use client";

import { useMemo, useState } from "react";
import { cn } from "@/lib/cn";
import { JsonView } from "@/components/elements/json-view";
import { analyzeTool, PROVIDERS } from "@/lib/schema/portability";
import type { ProviderId, TargetResult } from "@/lib/schema/portability";
import { FindingsList } from "@/components/elements/portability/findings-list";
import { VerdictBadge } from "@/components/elements/portability/severity";

export interface PortabilityPanelProps {
  /** The tool as listed (MCP `Tool` shape is enough). */
  tool: { name: string; inputSchema?: unknown };
  /** When set, names are also shown namespaced as `server__tool`. */
  serverName?: string;
  /** The other tools of the same server, to find name collisions. */
  otherToolNames?: string[];
}

const SHORT: Record<ProviderId, string> = { gemini: "Gemini", openai: "OpenAI", "openai-strict": "OpenAI strict", anthropic: "Anthropic" };

/** What each model provider receives of this tool: schema side by side, findings, name. */
export function PortabilityPanel({ tool, serverName, otherToolNames = [] }: PortabilityPanelProps) {
  const [provider, setProvider] = useState<ProviderId>("gemini");
  const analysis = useMemo(
    () =>
      analyzeTool(
        { ...tool, serverName },
        otherToolNames.map((name) => ({ name, serverName })),
      ),
    [tool, serverName, otherToolNames],
  );
  const target = analysis.targets[provider];
  return (
    <section className="flex flex-col gap-3" data-testid="portability-panel" data-provider={provider}>
      <div className="flex flex-wrap gap-1" role="group" aria-label="Provider">
        {PROVIDERS.map((id) => (
          <button
            key={id}
            type="button"
            data-testid={`portability-provider-${id}`}
            data-verdict={analysis.targets[id].verdict}
            aria-pressed={id === provider}
            onClick={() => setProvider(id)}
            className={cn(
              "rounded-md border px-2 py-1 text-xs",
              id === provider ? "border-primary bg-primary/10 font-medium" : "text-muted-foreground hover:bg-muted",
            )}
          >
            {SHORT[id]}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="font-medium">{target.label}</span>
        <VerdictBadge verdict={target.verdict} />
      </div>
      {analysis.edgeCases.length > 0 && (
        <ul className="flex flex-col gap-1 text-xs" data-testid="portability-edge-cases">
          {analysis.edgeCases.map((e, i) => (
            <li key={`${e.kind}${i}`} data-testid="portability-edge-case" data-kind={e.kind}>
              <code className="font-mono">{e.kind}</code> <span className="text-muted-foreground">{e.path}</span> — {e.message}
            </li>
          ))}
        </ul>
      )}
      <NameRow target={target} />
      <div className="grid gap-2 md:grid-cols-2">
        <SchemaColumn title="Original" value={analysis.original} testId="portability-original" />
        <SchemaColumn title={`As ${SHORT[provider]} receives it`} value={target.schema} testId="portability-normalized" />
      </div>
      <FindingsList findings={target.findings} />
    </section>
  );
}

function NameRow({ target }: { target: TargetResult }) {
  const { name } = target;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs" data-testid="portability-name">
      <dt className="text-muted-foreground">Name</dt>
      <dd>
        <code className="font-mono" data-testid="portability-normalized-name">
          {name.normalized}
        </code>
        {name.normalized !== name.original && <span className="text-muted-foreground"> (from {name.original})</span>}
      </dd>
      {name.namespaced !== undefined && (
        <>
          <dt className="text-muted-foreground">Namespaced</dt>
          <dd>
            <code className="font-mono" data-testid="portability-namespaced-name">
              {name.namespaced}
            </code>
          </dd>
        </>
      )}
      {name.collisions.length > 0 && (
        <>
          <dt className="text-destructive">Collides with</dt>
          <dd data-testid="portability-collisions">{name.collisions.join(", ")}</dd>
        </>
      )}
    </dl>
  );
}

function SchemaColumn({ title, value, testId }: { title: string; value: unknown; testId: string }) {
  const none = value === null ? "(no parameters sent)" : value === undefined ? "(none declared)" : null;
  return (
    <div className="flex min-w-0 flex-col rounded-md border">
      <div className="border-b px-2 py-1 text-xs font-medium">{title}</div>
      {none !== null ? (
        <pre className="bg-muted/30 p-2 font-mono text-xs leading-relaxed" data-testid={testId}>
          {none}
        </pre>
      ) : (
        <JsonView value={value} data-testid={testId} className="max-h-96 rounded-none bg-muted/30 p-2 text-xs leading-relaxed" />
      )}
    </div>
  );
}
