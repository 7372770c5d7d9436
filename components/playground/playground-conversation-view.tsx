"use client";

import { useMemo, useState } from "react";
import { SlidersHorizontalIcon } from "lucide-react";
import type { PgToolCall, PlaygroundColumn } from "@/lib/contracts/playground";
import type { PlaygroundConversationSnapshot } from "@/lib/server/bundles/units/playground-conversation";
import { plural } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { SafeText } from "@/components/ui/safe-text";
import { InboxRow } from "@/components/elements/inbox-row";
import { ColumnPane } from "@/components/playground/column-pane";
import { PgRecordedContext } from "@/components/playground/pg-tool-app";
import type { BundleUnitViewProps } from "@/lib/workbench/slots";
import { bundleEntries } from "@/lib/bundle-entries";
import type { InboxRow as Row } from "@/lib/contracts/inbox";
import { isKnownInboxRow } from "@/lib/workbench/inbox";
import type { RowOf } from "@/lib/workbench/inbox-text";
import { PlaygroundSetupSummary } from "./playground-setup-summary";
import { RecordedInbox } from "@/components/elements/recorded-inbox";

/**
 * An imported playground conversation, read-only: its setup, and each column's turns with the
 * live view's turn and step blocks (tool calls, results, the raw provider exchange) fed from the
 * bundle's entries. No composer, no approve/reject: a call that waited shows its recorded approval.
 */
export function PlaygroundConversationView({ bundle }: BundleUnitViewProps) {
  // Validated against the unit's snapshotSchema on import.
  const snapshot = bundle.snapshot as PlaygroundConversationSnapshot;
  const c = snapshot.conversation;
  const columns = c.columns as unknown as PlaygroundColumn[];
  const entries = useMemo(() => bundleEntries(bundle), [bundle]);
  const [showSetup, setShowSetup] = useState(true);
  const approvals = useMemo(
    () =>
      new Map(
        bundle.inbox
          .filter(isKnownInboxRow)
          .filter(isApproval)
          .map((a) => [a.id, a] as const),
      ),
    [bundle.inbox],
  );
  const renderApproval = (call: PgToolCall) => {
    const approval = call.approvalId ? approvals.get(call.approvalId) : undefined;
    return approval ? (
      <InboxRow item={{ ...approval, source: "approval" }} />
    ) : (
      <p className="text-xs text-muted-foreground">Waiting for approval when it was exported.</p>
    );
  };

  return (
    <PgRecordedContext.Provider value={true}>
      <div className="flex min-h-0 flex-1 flex-col" data-testid="pg-bundle-view" data-conversation-id={c.id}>
        <div className="flex flex-wrap items-center gap-2 border-b px-3 py-1.5">
          <h2 className="min-w-0 truncate text-sm font-semibold">
            <SafeText text={c.title} />
          </h2>
          <span className="text-xs text-muted-foreground">
            {plural(columns.length, "column")} · {plural(snapshot.messages.length, "message")}
          </span>
          <Button
            size="xs"
            className="ml-auto"
            variant={showSetup ? "secondary" : "outline"}
            aria-pressed={showSetup}
            data-testid="pg-bundle-toggle-setup"
            onClick={() => setShowSetup((v) => !v)}
          >
            <SlidersHorizontalIcon /> Setup
          </Button>
        </div>
        <div className="flex min-h-0 flex-1 flex-col xl:flex-row">
          {showSetup && (
            <aside
              className="max-h-[40%] shrink-0 overflow-y-auto border-b xl:max-h-none xl:w-80 xl:border-r xl:border-b-0"
              aria-label="Setup"
            >
              <PlaygroundSetupSummary snapshot={snapshot} />
              <RecordedInbox rows={bundle.inbox} />
            </aside>
          )}
          <div className="flex min-h-0 min-w-0 flex-1 overflow-x-auto" data-testid="pg-columns">
            {columns.map((col) => (
              <ColumnPane key={col.id} column={col} entries={entries} serverNames={snapshot.serverNames} renderApproval={renderApproval} />
            ))}
          </div>
        </div>
      </div>
    </PgRecordedContext.Provider>
  );
}

function isApproval(row: Row): row is RowOf<"approval"> {
  return row.source === "approval" && typeof row.id === "string";
}
