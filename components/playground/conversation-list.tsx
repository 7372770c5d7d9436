"use client";

import { useState } from "react";
import { CheckIcon, PencilIcon, PlusIcon, Trash2Icon, XIcon } from "lucide-react";
import type { Conversation } from "@/lib/contracts/playground";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { SafeText } from "@/components/ui/safe-text";
import { sidebarItemState } from "@/components/elements/sidebar-item";
import { cn } from "@/lib/cn";

export interface ConversationListProps {
  conversations: Conversation[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onCreate: () => void;
  creating: boolean;
  /** Resolves when saved; the field stays open on failure. */
  onRename: (id: string, title: string) => Promise<unknown>;
  onDelete: (id: string) => void;
}

/** The playground's conversations under its sidebar entry: open, new, rename in place, delete (asked twice). */
export function ConversationList({ conversations, selectedId, onSelect, onCreate, creating, onRename, onDelete }: ConversationListProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  return (
    <div className="flex min-h-0 flex-col gap-1 pb-2 pl-4" data-testid="pg-conversation-list">
      <Button
        size="xs"
        variant="outline"
        className="mr-1.5 self-start"
        onClick={onCreate}
        disabled={creating}
        data-testid="pg-new-conversation"
      >
        <PlusIcon /> {creating ? "Creating…" : "New conversation"}
      </Button>
      {conversations.length === 0 && <p className="px-2 py-1 text-xs text-muted-foreground">No conversations yet.</p>}
      <ul className="max-h-56 overflow-y-auto pr-1.5">
        {conversations.map((c) =>
          editing === c.id ? (
            <li key={c.id}>
              <RenameField
                initial={c.title}
                onCancel={() => setEditing(null)}
                onSave={(t) => onRename(c.id, t).then(() => setEditing(null))}
              />
            </li>
          ) : (
            <li
              key={c.id}
              data-testid="pg-conversation"
              data-conversation-id={c.id}
              aria-current={c.id === selectedId ? "page" : undefined}
              className={cn("group flex items-center gap-1 rounded-md px-2 py-1 text-sm", sidebarItemState(c.id === selectedId))}
            >
              <button
                type="button"
                className="min-w-0 flex-1 truncate text-left outline-none focus-visible:underline"
                onClick={() => onSelect(c.id)}
                title={c.title}
              >
                <SafeText text={c.title || "Untitled"} />
              </button>
              {confirming === c.id ? (
                <>
                  <Button size="xs" variant="destructive" data-testid="pg-confirm-delete" onClick={() => onDelete(c.id)}>
                    Delete
                  </Button>
                  <Button size="xs" variant="ghost" aria-label="Keep it" onClick={() => setConfirming(null)}>
                    <XIcon />
                  </Button>
                </>
              ) : (
                <span className="flex shrink-0 opacity-60 group-hover:opacity-100">
                  <button
                    type="button"
                    aria-label={`Rename ${c.title}`}
                    data-testid="pg-rename"
                    className="p-0.5"
                    onClick={() => setEditing(c.id)}
                  >
                    <PencilIcon className="size-3" />
                  </button>
                  <button
                    type="button"
                    aria-label={`Delete ${c.title}`}
                    data-testid="pg-delete"
                    className="p-0.5"
                    onClick={() => setConfirming(c.id)}
                  >
                    <Trash2Icon className="size-3" />
                  </button>
                </span>
              )}
            </li>
          ),
        )}
      </ul>
    </div>
  );
}

function RenameField({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (title: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(initial);
  const [saving, setSaving] = useState(false);
  const save = () => {
    const t = title.trim();
    if (!t || saving) return;
    setSaving(true);
    onSave(t).catch(() => setSaving(false));
  };
  return (
    <form
      className="flex items-center gap-1 py-0.5"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Input
        autoFocus
        aria-label="Conversation title"
        data-testid="pg-rename-input"
        className="h-7 text-sm"
        value={title}
        maxLength={200}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => e.key === "Escape" && onCancel()}
      />
      <Button size="xs" type="submit" aria-label="Save title" disabled={!title.trim() || saving}>
        <CheckIcon />
      </Button>
    </form>
  );
}
