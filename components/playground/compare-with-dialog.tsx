"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { conversationsQuery } from "@/lib/queries/playground";
import { Input } from "@/components/ui/input";
import { SafeText } from "@/components/ui/safe-text";
import { QueryError } from "@/components/elements/query-error";
import { CompareCandidate, ComparePicker } from "@/components/elements/compare/compare-picker";
import { plural } from "@/lib/format";

export interface PgCompareWithDialogProps {
  conversationId: string;
  onPick: (otherId: string) => void;
}

/** "Compare with…": another playground conversation, found by title or id. */
export function PgCompareWithDialog({ conversationId, onPick }: PgCompareWithDialogProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const conversations = useQuery({ ...conversationsQuery(), enabled: open });
  const q = query.trim().toLowerCase();
  const list = (conversations.data ?? []).filter(
    (c) => c.id !== conversationId && (c.title.toLowerCase().includes(q) || c.id.toLowerCase().includes(q)),
  );
  return (
    <ComparePicker
      open={open}
      onOpenChange={setOpen}
      triggerTestId="pg-compare-with"
      dialogTestId="pg-compare-with-dialog"
      title="Compare with another conversation"
      description="Shown beside this one turn by turn, column by column."
    >
      <Input
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="Search by title or id"
        aria-label="Search conversations"
        data-testid="pg-compare-search"
        className="h-7 text-xs"
      />
      {conversations.isError && <QueryError title="Could not list the conversations" error={conversations.error} />}
      <ul className="flex max-h-64 flex-col overflow-y-auto" aria-label="Conversations to compare with">
        {list.map((c) => (
          <CompareCandidate
            key={c.id}
            data-testid="pg-compare-candidate"
            data-conversation-id={c.id}
            onClick={() => {
              setOpen(false);
              onPick(c.id);
            }}
          >
            <SafeText text={c.title} className="block truncate text-xs" />
            <span className="block text-[10px] text-muted-foreground">
              {plural(c.columns.length, "column")} · {new Date(c.updatedAt).toLocaleString()}
            </span>
          </CompareCandidate>
        ))}
        {conversations.isSuccess && list.length === 0 && (
          <li className="px-2 py-1 text-xs text-muted-foreground">No other conversation matches.</li>
        )}
      </ul>
    </ComparePicker>
  );
}
