"use client";

import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { Conversation, PlaygroundColumn } from "@/lib/contracts/playground";
import { conversationEntriesQuery } from "@/lib/queries/playground";
import { cn } from "@/lib/cn";
import { Button } from "@/components/ui/button";
import { SafeText } from "@/components/ui/safe-text";
import { RunCompareView } from "@/components/elements/compare/run-compare-view";
import { CompareFrame } from "@/components/elements/compare/compare-frame";
import { compareConversations } from "./compare-model";

export interface PgComparePaneProps {
  a: Conversation;
  b: Conversation;
  onClose: () => void;
  onSwap: () => void;
  onOpen: (conversationId: string) => void;
}

const model = (col: PlaygroundColumn | null) => (col ? `${col.config.provider}/${col.config.model}` : "no column");

function Label({ conversation, column, onOpen }: { conversation: Conversation; column: PlaygroundColumn | null; onOpen: () => void }) {
  return (
    <button type="button" className="min-w-0 text-left hover:underline" title="Open this conversation alone" onClick={onOpen}>
      <SafeText text={conversation.title} />
      <span className="text-muted-foreground">
        {" · "}
        <SafeText text={model(column)} className="font-mono" />
      </span>
    </button>
  );
}

/** Two playground conversations side by side: one column pair at a time, aligned by turn. */
export function PgComparePane({ a, b, onClose, onSwap, onOpen }: PgComparePaneProps) {
  const ea = useQuery(conversationEntriesQuery(a.id));
  const eb = useQuery(conversationEntriesQuery(b.id));
  const [picked, setPicked] = useState(0);
  const columns = useMemo(
    () => (ea.data && eb.data ? compareConversations({ conversation: a, entries: ea.data }, { conversation: b, entries: eb.data }) : null),
    [a, b, ea.data, eb.data],
  );
  const current = columns?.[Math.min(picked, columns.length - 1)];
  const failed = ea.isError ? { q: ea, c: a } : eb.isError ? { q: eb, c: b } : null;
  return (
    <CompareFrame
      testId="pg-compare"
      a={a.id}
      b={b.id}
      title="Compare two conversations"
      headerExtra={
        columns &&
        columns.length > 1 && (
          <div className="flex gap-0.5" role="group" aria-label="Column pair">
            {columns.map((c) => (
              <Button
                key={c.index}
                size="xs"
                variant={c === current ? "secondary" : "ghost"}
                aria-pressed={c === current}
                data-testid="pg-compare-column"
                className={cn(c.comparison.summary.differing > 0 && "font-semibold")}
                onClick={() => setPicked(c.index)}
              >
                Column {c.index + 1}
                {c.comparison.summary.differing > 0 && ` (${c.comparison.summary.differing})`}
              </Button>
            ))}
          </div>
        )
      }
      onSwap={onSwap}
      onClose={onClose}
      failure={failed && { title: `Could not load "${failed.c.title}"`, error: failed.q.error, onRetry: () => void failed.q.refetch() }}
      loading={!current && "Loading both conversations…"}
    >
      {current && (
        <RunCompareView
          key={current.index}
          comparison={current.comparison}
          unitLabel="Turn"
          labelA={<Label conversation={a} column={current.a} onOpen={() => onOpen(a.id)} />}
          labelB={<Label conversation={b} column={current.b} onOpen={() => onOpen(b.id)} />}
        />
      )}
    </CompareFrame>
  );
}
