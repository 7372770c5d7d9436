"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { GitCompareArrowsIcon } from "lucide-react";
import { conversationsQuery } from "@/lib/queries/playground";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { SafeText } from "@/components/ui/safe-text";
import { QueryError } from "@/components/elements/query-error";
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
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="xs" variant="outline" onClick={() => setOpen(true)} data-testid="pg-compare-with">
        <GitCompareArrowsIcon /> Compare with…
      </Button>
      <DialogContent data-testid="pg-compare-with-dialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>Compare with another conversation</DialogTitle>
          <DialogDescription>Shown beside this one turn by turn, column by column.</DialogDescription>
        </DialogHeader>
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
            <li key={c.id}>
              <button
                type="button"
                data-testid="pg-compare-candidate"
                data-conversation-id={c.id}
                className="w-full rounded px-2 py-1 text-left hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                onClick={() => {
                  setOpen(false);
                  onPick(c.id);
                }}
              >
                <SafeText text={c.title} className="block truncate text-xs" />
                <span className="block text-[10px] text-muted-foreground">
                  {plural(c.columns.length, "column")} · {new Date(c.updatedAt).toLocaleString()}
                </span>
              </button>
            </li>
          ))}
          {conversations.isSuccess && list.length === 0 && (
            <li className="px-2 py-1 text-xs text-muted-foreground">No other conversation matches.</li>
          )}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
