"use client";

import type { ReactNode } from "react";
import { MessagesPanel, StatePanel } from "@/components/agui/thread-panels";
import { StateDiffView } from "@/components/agui/state-diff-view";

interface Side {
  messages: unknown[];
  state: unknown;
}

function Column({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col border-r last:border-r-0" data-testid={testId}>
      <h3 className="border-b px-3 py-1.5 text-xs font-semibold text-muted-foreground uppercase">{title}</h3>
      {children}
    </div>
  );
}

/** The thread's state as the run found it and as it left it: what changed, then both whole. */
export function RunStateBeforeAfter({ before, after }: { before: Side; after: Side }) {
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="agui-run-state-before-after">
      <div className="max-h-[40%] shrink-0 overflow-auto border-b px-3 py-2">
        <p className="mb-1 text-xs text-muted-foreground">What the run changed in the thread&apos;s state</p>
        <StateDiffView before={before.state} after={after.state} />
      </div>
      <div className="flex min-h-0 flex-1">
        <Column title="Before the run" testId="agui-state-before">
          <StatePanel state={before.state} source="The state the run was sent (its input)" />
        </Column>
        <Column title="After the run" testId="agui-state-after">
          <StatePanel state={after.state} source="The state after the run's snapshots and deltas" />
        </Column>
      </div>
    </div>
  );
}

/** The thread's messages as the run was sent them and as Loupe would send them on the next run. */
export function RunMessagesBeforeAfter({ before, after }: { before: Side; after: Side }) {
  return (
    <div className="flex min-h-0 flex-1" data-testid="agui-run-messages-before-after">
      <Column title={`Before the run (${before.messages.length})`} testId="agui-messages-before">
        <MessagesPanel messages={before.messages} />
      </Column>
      <Column title={`After the run (${after.messages.length})`} testId="agui-messages-after">
        <MessagesPanel messages={after.messages} />
      </Column>
    </div>
  );
}
