"use client";

import { useMemo, useState } from "react";
import type { PgModelRequest, PlaygroundColumn } from "@/lib/contracts/playground";
import { Badge } from "@/components/ui/badge";
import { SafeText } from "@/components/ui/safe-text";
import { FindingsList } from "@/components/elements/portability/findings-list";
import { VerdictBadge } from "@/components/elements/portability/severity";
import { previewDeclarations, type PreviewSource } from "@/components/playground/declarations";
import { PROVIDER_LABEL } from "@/components/playground/labels";
import { plural } from "@/lib/format";

export interface ProviderPreviewProps {
  column: PlaygroundColumn;
  /** The selected tools, in the order the model gets them. */
  tools: PreviewSource[];
  /** The column's latest model request, when one went out: what was really declared. */
  lastRequest?: PgModelRequest;
}

/** What one column's provider receives: each declared name, where it goes, and the Portability findings one click away. */
export function ProviderPreview({ column, tools, lastRequest }: ProviderPreviewProps) {
  const { provider, strict, model } = column.config;
  const declared = useMemo(() => previewDeclarations(provider, strict, tools), [provider, strict, tools]);
  const [open, setOpen] = useState<string | null>(null);
  const sentNames = lastRequest && typeof lastRequest.toolMap === "object" && lastRequest.toolMap ? Object.keys(lastRequest.toolMap) : null;

  return (
    <section className="flex min-w-0 flex-col gap-1" data-testid="pg-provider-preview" data-provider={provider}>
      <h4 className="text-xs font-medium">
        {PROVIDER_LABEL[provider]} <span className="font-mono text-muted-foreground">{model}</span>
        {strict && (
          <Badge variant="secondary" className="ml-1">
            strict
          </Badge>
        )}
      </h4>
      {declared.length === 0 ? (
        <p className="text-xs text-muted-foreground">No tools: the model can only talk.</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border">
          {declared.map((d) => {
            const key = `${d.connectionId}/${d.tool}`;
            const notable = d.findings.filter((f) => f.severity !== "lossless").length;
            return (
              <li
                key={key}
                className="flex flex-col gap-1 px-2 py-1 text-xs"
                data-testid="pg-declared-tool"
                data-name={d.name ?? ""}
                data-left-out={d.name === null || undefined}
              >
                <div className="flex flex-wrap items-center gap-1.5">
                  {d.name === null ? (
                    <span className="text-destructive">not sent</span>
                  ) : (
                    <SafeText text={d.name} className="font-mono font-medium" />
                  )}
                  {d.namespaced && <Badge variant="info">namespaced</Badge>}
                  <span className="text-muted-foreground">
                    → <SafeText text={`${d.connectionName}/${d.tool}`} />
                  </span>
                  {provider !== "scripted" && <VerdictBadge verdict={d.verdict} />}
                  {d.findings.length > 0 && (
                    <button
                      type="button"
                      className="ml-auto text-[11px] underline"
                      data-testid="pg-declared-findings"
                      aria-expanded={open === key}
                      onClick={() => setOpen(open === key ? null : key)}
                    >
                      {notable > 0 ? plural(notable, "finding") : "details"}
                    </button>
                  )}
                </div>
                {open === key && <FindingsList findings={d.findings} />}
              </li>
            );
          })}
        </ul>
      )}
      {lastRequest && sentNames && (
        <p className="text-[11px] text-muted-foreground" data-testid="pg-last-declared">
          Last request (turn {lastRequest.turn}, step {lastRequest.step}) declared {plural(sentNames.length, "tool")}
          {sentNames.length > 0 && `: ${sentNames.slice(0, 12).join(", ")}${sentNames.length > 12 ? "…" : ""}`}. Its request body is under
          Raw.
        </p>
      )}
    </section>
  );
}
