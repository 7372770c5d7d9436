"use client";

import { useMemo } from "react";
import type { ReactNode } from "react";
import { XIcon } from "lucide-react";
import type { CallRecord } from "@/lib/contracts/calls";
import { diffCalls } from "@/lib/diff/mcp-result-diff";
import type { CallDiff } from "@/lib/diff/mcp-result-diff";
import { formatClock, formatDuration, plural } from "@/lib/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { JsonChanges } from "./json-changes";
import { CallStatusBadge } from "@/components/elements/tool-result/call-status";
import { BlockDiffCard } from "@/components/mcp/tools/compare/block-diff-card";
import { ContentBlockView } from "@/components/elements/content-block";

export interface CallCompareViewProps {
  /** The earlier call (the original of a re-run). */
  before: CallRecord;
  after: CallRecord;
  /** Names for the two sides (default "Original" / "Re-run"). */
  labels?: [string, string];
  /** Where each call ran, when the two differ (a re-run on another server). */
  serverNames?: [string, string];
  onClose?: () => void;
  /** Opens the re-run form again from the newer call. */
  onRerun?: () => void;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="flex min-w-0 flex-col gap-1" data-testid={testId}>
      <h3 className="text-xs font-semibold text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

function CallSide({ call, label, server }: { call: CallRecord; label: string; server?: string }) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2 rounded-md border px-2 py-1 text-xs" data-testid="compare-side">
      <span className="font-semibold">{label}</span>
      <CallStatusBadge status={call.status} />
      <span className="font-mono text-muted-foreground">{formatClock(call.startedAt)}</span>
      <span className="font-mono">{call.endedAt === null ? "…" : formatDuration(call.endedAt - call.startedAt)}</span>
      {server && <span className="text-muted-foreground">on {server}</span>}
    </div>
  );
}

function Badges({ diff }: { diff: CallDiff }) {
  const { ratio } = diff.latency;
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="compare-badges">
      {diff.equal ? <Badge variant="success">Same result</Badge> : <Badge variant="warning">Results differ</Badge>}
      {diff.isError.flipped && (
        <Badge variant="destructive" data-testid="iserror-flip">
          isError {String(diff.isError.before)} → {String(diff.isError.after)}
        </Badge>
      )}
      {diff.status.before !== diff.status.after && <Badge variant="warning">{`status ${diff.status.before} → ${diff.status.after}`}</Badge>}
      {ratio !== null && (
        <Badge variant="outline" data-testid="latency-ratio">
          {`${formatDuration(diff.latency.beforeMs)} → ${formatDuration(diff.latency.afterMs)} (×${ratio.toFixed(ratio < 10 ? 2 : 0)})`}
        </Badge>
      )}
    </div>
  );
}

/** Two calls of one tool side by side: arguments diff on top, then the result's changed parts; unchanged blocks fold. */
export function CallCompareView({ before, after, labels = ["Original", "Re-run"], serverNames, onClose, onRerun }: CallCompareViewProps) {
  const diff = useMemo(() => diffCalls(before, after), [before, after]);
  const changed = diff.blocks.filter((b) => b.kind !== "same");
  const same = diff.blocks.filter((b) => b.kind === "same");
  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="call-compare" data-equal={diff.equal}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold">Compare · {after.tool}</h2>
        <Badges diff={diff} />
        <div className="ml-auto flex gap-1">
          {onRerun && (
            <Button size="xs" variant="outline" onClick={onRerun} data-testid="compare-rerun">
              Re-run again
            </Button>
          )}
          {onClose && (
            <Button size="xs" variant="ghost" onClick={onClose} data-testid="compare-close" aria-label="Close the comparison">
              <XIcon /> Close
            </Button>
          )}
        </div>
      </div>
      <div className="grid min-w-0 gap-2 md:grid-cols-2">
        <CallSide call={before} label={labels[0]} server={serverNames?.[0]} />
        <CallSide call={after} label={labels[1]} server={serverNames?.[1]} />
      </div>
      <Section title="Arguments" testId="compare-arguments">
        <JsonChanges diff={diff.arguments} emptyText="Same arguments." testId="arguments-diff" />
      </Section>
      {!diff.error.equal && (
        <Section title="Error" testId="compare-error">
          <JsonChanges diff={diff.error} testId="error-diff" />
        </Section>
      )}
      <Section title={`Content (${plural(diff.blocks.length, "block")})`} testId="compare-content">
        {changed.length === 0 && <p className="text-xs text-muted-foreground">No content block changed.</p>}
        <ul className="flex flex-col gap-2">
          {changed.map((b) => (
            <BlockDiffCard key={`${b.kind}-${b.index}`} block={b} />
          ))}
        </ul>
        {same.length > 0 && (
          <details className="rounded-md border px-2 py-1 text-xs" data-testid="unchanged-blocks">
            <summary className="cursor-pointer text-muted-foreground">{plural(same.length, "unchanged block")}</summary>
            <div className="flex flex-col gap-2 pt-2">
              {same.map((b) => b.afterBlock && <ContentBlockView key={b.index} block={b.afterBlock} />)}
            </div>
          </details>
        )}
      </Section>
      {diff.structuredContent && (
        <Section title="structuredContent" testId="compare-structured">
          <JsonChanges diff={diff.structuredContent} emptyText="Same structured content." testId="structured-diff" />
        </Section>
      )}
      {!diff.meta.equal && (
        <Section title="_meta" testId="compare-meta">
          <JsonChanges diff={diff.meta} testId="meta-diff" />
        </Section>
      )}
      {!diff.other.equal && (
        <Section title="Other result fields" testId="compare-other">
          <JsonChanges diff={diff.other} testId="other-diff" />
        </Section>
      )}
    </div>
  );
}
