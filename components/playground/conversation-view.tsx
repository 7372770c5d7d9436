"use client";

import { useMemo, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ConnectionView } from "@/lib/contracts/connections";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import type { Conversation, PgModelRequest, PlaygroundProvider, ProviderStatus } from "@/lib/contracts/playground";
import { conversationEntriesQuery } from "@/lib/queries/playground";
import type { PlaygroundActions } from "@/hooks/use-playground";
import { QueryError } from "@/components/elements/query-error";
import { SaveCaseButton } from "@/components/elements/save-case";
import { ApprovalSlot } from "@/components/playground/approval-slot";
import { ConversationHeader } from "@/components/playground/conversation-header";
import { ColumnPane } from "@/components/playground/column-pane";
import { defaultColumn } from "@/components/playground/defaults";
import { PgComposer } from "@/components/playground/pg-composer";
import { ProviderKeyDialog } from "@/components/playground/provider-key-dialog";
import { SetupPanel } from "@/components/playground/setup-panel";
import { cn } from "@/lib/cn";

const wide = () =>
  typeof window === "undefined" || typeof window.matchMedia !== "function" || window.matchMedia("(min-width: 1280px)").matches;

export interface ConversationViewProps {
  conversation: Conversation;
  connections: ConnectionView[];
  providers: ProviderStatus[];
  actions: PlaygroundActions;
  onOpenInbox: () => void;
  /** Conversation actions at the head of the header's buttons (e.g. "Compare with…"). */
  headerActions?: ReactNode;
}

/** One conversation: its setup beside (or above, when narrow) its columns, and the composer under them. */
export function ConversationView({ conversation: c, connections, providers, actions, onOpenInbox, headerActions }: ConversationViewProps) {
  const entries = useQuery(conversationEntriesQuery(c.id));
  // Under 1280 px the setup sits above the columns: open it for a fresh conversation, and fold it
  // away once the conversation has run (and on the first send), so the timeline gets the height.
  const [showSetup, setShowSetup] = useState(() => wide() || c.columns.every((col) => col.usage.inputTokens === 0));
  const [keysFor, setKeysFor] = useState<PlaygroundProvider | null>(null);
  const list = useMemo(() => entries.data ?? [], [entries.data]);
  const serverNames = useMemo(() => Object.fromEntries(connections.map((x) => [x.id, x.name])), [connections]);
  const lastRequests = useMemo(() => {
    const out: Record<string, PgModelRequest | undefined> = {};
    for (const e of list) {
      const request = e.sessionKey && !e.truncated ? entryPayload(e, "pg_model_request") : null;
      if (e.sessionKey && request) out[e.sessionKey] = request;
    }
    return out;
  }, [list]);
  const running = c.columns.some((col) => col.status === "running" || col.status === "awaiting_approval");
  const keyStatus = providers.find((p) => p.provider === keysFor);
  const errors = [
    [actions.send.error, "Could not send the message"],
    [actions.stop.error, "Could not stop the turn"],
    [actions.patch.error, "Could not save the setup"],
    [actions.addColumn.error, "Could not add a column"],
    [actions.updateColumn.error, "Could not change the model"],
    [actions.removeColumn.error, "Could not close the column"],
  ] as const;

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="pg-conversation-view" data-conversation-id={c.id} data-running={running}>
      <ConversationHeader
        conversation={c}
        actions={headerActions}
        showSetup={showSetup}
        onToggleSetup={() => setShowSetup((v) => !v)}
        addingModel={actions.addColumn.isPending}
        onAddModel={() =>
          actions.addColumn.mutate({
            id: c.id,
            input: {
              config: defaultColumn(
                providers,
                c.columns.map((x) => x.config),
              ),
              replay: true,
            },
          })
        }
      />
      <div className="flex min-h-0 flex-1 flex-col xl:flex-row">
        {showSetup && (
          <aside
            className="max-h-[45%] shrink-0 overflow-y-auto border-b xl:max-h-none xl:w-96 xl:border-r xl:border-b-0"
            aria-label="Setup"
          >
            <SetupPanel
              conversation={c}
              connections={connections}
              providers={providers}
              lastRequests={lastRequests}
              onPatch={(patch) => actions.patch.mutate({ id: c.id, patch })}
              onColumnChange={(columnId, config) => actions.updateColumn.mutate({ id: c.id, columnId, config })}
              onOpenKeys={setKeysFor}
            />
          </aside>
        )}
        <div className="flex min-h-0 min-w-0 flex-1 overflow-x-auto" data-testid="pg-columns">
          {entries.isError ? (
            <QueryError
              className="m-3 self-start"
              title="Could not load the conversation"
              error={entries.error}
              onRetry={() => void entries.refetch()}
            />
          ) : (
            c.columns.map((col) => (
              <ColumnPane
                key={col.id}
                column={col}
                entries={list}
                serverNames={serverNames}
                renderApproval={(call) => <ApprovalSlot call={call} onOpenInbox={onOpenInbox} />}
                actions={
                  // Issue 24: this column's messages, its model's tool calls and last answer, as a case (the playground's driver).
                  <SaveCaseButton
                    source={{ protocol: "playground", from: "conversation", ref: { conversationId: c.id, columnId: col.id } }}
                    defaultName={`${c.title}: ${col.config.model}`}
                    startWith={["trajectory", "final_response"]}
                  />
                }
                onRemove={c.columns.length > 1 ? () => actions.removeColumn.mutate({ id: c.id, columnId: col.id }) : undefined}
              />
            ))
          )}
        </div>
      </div>
      {errors.map(([error, title]) => (error ? <QueryError key={title} className={cn("mx-2 mt-2")} title={title} error={error} /> : null))}
      <PgComposer
        running={running}
        sending={actions.send.isPending}
        stopping={actions.stop.isPending}
        disabledReason={c.columns.length === 0 ? "Add a column to start" : undefined}
        onSend={(text) => actions.send.mutateAsync({ id: c.id, text }).then(() => !wide() && setShowSetup(false))}
        onStop={() => actions.stop.mutate(c.id)}
      />
      {keysFor && keyStatus && <ProviderKeyDialog status={keyStatus} onClose={() => setKeysFor(null)} />}
    </div>
  );
}
