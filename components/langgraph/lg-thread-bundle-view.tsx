"use client";

import { useMemo, useState } from "react";
import { lgThreadSnapshotSchema } from "@/lib/contracts/langgraph";
import type { InboxRow } from "@/lib/contracts/inbox";
import type { BundleUnitViewProps } from "@/lib/workbench/slots";
import type { RowOf } from "@/lib/workbench/inbox-text";
import { isKnownInboxRow } from "@/lib/workbench/inbox";
import { lgInboxText } from "@/lib/workbench/langgraph";
import { bundleEntries } from "@/lib/bundle-entries";
import { formatDateTime, plural } from "@/lib/format";
import { JsonView } from "@/components/elements/json-view";
import { RecordedRequestCard } from "@/components/elements/recorded-request-card";
import { SegmentedTabs } from "@/components/elements/segmented-tabs";
import { describeAnswer } from "./answer-values";
import { LgThreadTimeline } from "./timeline";

const TABS = ["timeline", "values", "runs", "requests"] as const;
type Tab = (typeof TABS)[number];
const TAB_LABEL: Record<Tab, string> = { timeline: "Timeline", values: "Values", runs: "Runs", requests: "Interrupts" };

const isLgRow = (row: InboxRow): row is RowOf<"langgraph"> => row.source === "langgraph";

/** An imported LangGraph thread, read-only: its entries, its values, the runs Loupe started and its interrupts with their answers. */
export function LgThreadBundleView({ bundle }: BundleUnitViewProps) {
  const [tab, setTab] = useState<Tab>("timeline");
  const snapshot = useMemo(() => lgThreadSnapshotSchema.safeParse(bundle.snapshot), [bundle.snapshot]);
  const entries = useMemo(() => bundleEntries(bundle), [bundle]);
  const requests = bundle.inbox.filter(isKnownInboxRow).filter(isLgRow);
  if (!snapshot.success) {
    return (
      <p role="alert" className="m-3 text-sm text-destructive" data-testid="lg-bundle-bad-snapshot">
        The bundle&apos;s snapshot is not a LangGraph thread: {snapshot.error.issues[0]?.message}
      </p>
    );
  }
  const { thread, checkpoints, runs } = snapshot.data;
  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col" data-testid="lg-thread-bundle-view" data-thread-id={thread.threadId}>
      <div className="flex flex-wrap items-center gap-2 border-b px-3 py-2 text-xs">
        <span className="font-mono">thread {thread.threadId}</span>
        <span className="text-muted-foreground">
          {thread.status} · {plural(checkpoints.length, "checkpoint")} · {plural(runs.length, "run")} by Loupe ·{" "}
          {plural(entries.length, "entry", "entries")}
        </span>
        <span className="text-muted-foreground">
          Deployment <span className="font-medium text-foreground">{bundle.connection.name}</span>
        </span>
        <SegmentedTabs tabs={TABS} value={tab} onChange={setTab} label={(t) => TAB_LABEL[t]} testIdPrefix="lg-bundle-tab-" />
      </div>
      {tab === "timeline" ? (
        <LgThreadTimeline entries={entries} />
      ) : tab === "values" ? (
        <JsonView value={thread.values} className="m-3 overflow-auto rounded-md border bg-muted/30 p-2 text-xs" />
      ) : tab === "runs" ? (
        <ul className="flex flex-col gap-1 overflow-auto p-3 font-mono text-xs" data-testid="lg-bundle-runs">
          {runs.length === 0 && <li className="text-muted-foreground">Loupe started no run on this thread.</li>}
          {runs.map((r) => (
            <li key={r.runId}>
              {r.runId} · {r.status} · {formatDateTime(r.startedAt)}
            </li>
          ))}
        </ul>
      ) : (
        <section className="flex flex-col gap-2 overflow-auto p-3" aria-label="Interrupts">
          {requests.length === 0 && <p className="text-xs text-muted-foreground">No interrupt was recorded.</p>}
          {requests.map((r) => (
            <RecordedRequestCard
              key={r.id}
              request={{ ...r, kind: r.shape }}
              kindLabel={lgInboxText.kindLabel(r)}
              prompt={lgInboxText.prompt(r)}
              answer={r.answer ? describeAnswer(r.answer) : undefined}
            />
          ))}
        </section>
      )}
    </div>
  );
}
