"use client";

import { useMemo } from "react";
import { summarizeTools } from "@/lib/schema/portability";
import type { PortabilityTool } from "@/lib/schema/portability";
import { SeverityBadge } from "@/components/elements/portability/severity";

export interface PortabilitySummaryProps {
  /** The server's tools (or several servers' tools, each with its serverName). */
  tools: PortabilityTool[];
  /** How many of the worst findings to list. */
  limit?: number;
}

const SHORT = { gemini: "Gemini", openai: "OpenAI", "openai-strict": "OpenAI strict", anthropic: "Anthropic" } as const;

/** Server-level portability: tools portable as is per provider, then the worst findings. */
export function PortabilitySummary({ tools, limit = 10 }: PortabilitySummaryProps) {
  const summary = useMemo(() => summarizeTools(tools), [tools]);
  return (
    <section className="flex flex-col gap-2 text-xs" data-testid="portability-summary">
      <table className="w-full border-collapse">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="py-1 font-normal">Provider</th>
            <th className="py-1 font-normal">As is</th>
            <th className="py-1 font-normal">Degraded</th>
            <th className="py-1 font-normal">Rejected</th>
          </tr>
        </thead>
        <tbody>
          {summary.providers.map((p) => (
            <tr
              key={p.provider}
              className="border-t"
              data-testid={`portability-summary-${p.provider}`}
              data-as-is={p.asIs}
              data-total={p.total}
            >
              <td className="py-1">{SHORT[p.provider]}</td>
              <td className="py-1">
                {p.asIs} / {p.total}
              </td>
              <td className="py-1">{p.degraded}</td>
              <td className="py-1">{p.rejected}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {summary.worst.length > 0 && (
        <ul className="flex flex-col gap-1">
          {summary.worst.slice(0, limit).map((w, i) => (
            <li
              key={i}
              className="flex flex-wrap items-center gap-1.5"
              data-testid="portability-summary-finding"
              data-severity={w.finding.severity}
            >
              <SeverityBadge severity={w.finding.severity} />
              <span className="font-mono">
                {w.serverName ? `${w.serverName}/` : ""}
                {w.tool}
              </span>
              <span className="text-muted-foreground">{SHORT[w.provider]}</span>
              <code className="font-mono text-muted-foreground">{w.finding.path}</code>
              <span>{w.finding.reason}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
