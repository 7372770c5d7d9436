"use client";

import { useMemo, useState } from "react";
import { useListChanges } from "@/hooks/use-list-changes";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MessageSquareTextIcon } from "lucide-react";
import { ListChangedBanner } from "@/components/elements/list-changed-banner";
import { ListSearchBar } from "@/components/elements/list-search-bar";
import { QueryError } from "@/components/elements/query-error";
import { capabilityNotice } from "@/components/elements/capability-notice";
import type { ConnectionView } from "@/lib/contracts/connections";
import { promptKeys, promptsQuery } from "@/lib/queries/prompts";
import { cn } from "@/lib/cn";
import { filterPrompts } from "./prompt-args";
import { PromptForm } from "./prompt-form";
import { SafeText } from "@/components/ui/safe-text";
import { useListKeys } from "@/hooks/use-list-keys";
import { plural } from "@/lib/format";

export interface PromptsPanelProps {
  connection: ConnectionView;
  /** The open prompt when the caller keeps it (the workbench, in the URL); else kept here. */
  selected?: string | null;
  onSelect?: (name: string) => void;
}

/** Prompts of one server: the list on the left, the selected prompt's form and messages on the right. */
export function PromptsPanel({ connection, selected: controlled, onSelect }: PromptsPanelProps) {
  const qc = useQueryClient();
  const onListKeyDown = useListKeys();
  const id = connection.id;
  const state = connection.state;
  const connected = state.status === "connected";
  const caps = (state.capabilities ?? {}) as { prompts?: object; completions?: object };
  const offered = connected && state.capabilities !== undefined && Boolean(caps.prompts);
  const prompts = useQuery({ ...promptsQuery(id), enabled: offered });
  const [search, setSearch] = useState("");
  const [own, setOwn] = useState<string | null>(null);
  const selected = controlled !== undefined ? controlled : own;
  const setSelected = onSelect ?? setOwn;
  const version = state.promptsVersion ?? 0;
  const [changes, dismissChanges] = useListChanges(version, state.connectedAt, () => {
    void qc.invalidateQueries({ queryKey: promptKeys.list(id) });
  });

  const all = prompts.data?.prompts;
  const visible = useMemo(() => filterPrompts(all ?? [], search), [all, search]);

  const notice = capabilityNotice(state, "prompts", "list its prompts");
  if (notice) return notice;

  const prompt = all?.find((p) => p.name === selected);
  return (
    <div className="flex min-h-0 min-w-0 flex-1" data-testid="prompts-panel">
      <div className="flex w-64 shrink-0 flex-col border-r lg:w-80">
        <ListSearchBar
          noun="prompts"
          value={search}
          onChange={setSearch}
          searchTestId="prompt-search"
          onRefresh={() => void prompts.refetch()}
          refreshing={prompts.isFetching}
          refreshTitle="Re-list prompts from the server"
          refreshTestId="refresh-prompts"
        />
        <ListChangedBanner changes={changes} what="prompt" testId="prompts-changed" onDismiss={dismissChanges} />
        {prompts.isError ? (
          <QueryError className="m-2" title="Could not list prompts" error={prompts.error} onRetry={() => void prompts.refetch()} />
        ) : prompts.isPending ? (
          <p className="p-3 text-xs text-muted-foreground">Listing prompts…</p>
        ) : (
          <>
            <p className="border-b px-3 py-1 text-[11px] text-muted-foreground" data-testid="prompt-count">
              {visible.length === prompts.data.prompts.length
                ? plural(visible.length, "prompt")
                : `${visible.length} of ${plural(prompts.data.prompts.length, "prompt")}`}
              {` · ${plural(prompts.data.pages, "page")}`}
              {prompts.data.truncated && " · more pages not listed"}
            </p>
            <div
              role="listbox"
              aria-label="Prompts"
              className="min-h-0 flex-1 overflow-y-auto"
              data-testid="prompt-list"
              onKeyDown={onListKeyDown}
            >
              {visible.length === 0 && <p className="px-3 py-2 text-xs text-muted-foreground">No prompts match.</p>}
              {visible.map((p) => (
                <button
                  type="button"
                  role="option"
                  aria-selected={p.name === selected}
                  key={p.name}
                  data-testid="prompt-item"
                  data-prompt={p.name}
                  onClick={() => setSelected(p.name)}
                  className={cn(
                    "flex w-full flex-col gap-0.5 border-b px-3 py-2 text-left outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
                    p.name === selected && "bg-accent",
                  )}
                >
                  <span className="flex items-center gap-1.5">
                    <MessageSquareTextIcon className="size-3.5 shrink-0 text-muted-foreground" />
                    <SafeText text={p.title ?? p.name} className="truncate text-xs font-medium" />
                    {p.title && p.title !== p.name && (
                      <SafeText text={p.name} className="truncate font-mono text-[11px] text-muted-foreground" />
                    )}
                  </span>
                  {p.description && <span className="truncate text-[11px] text-muted-foreground">{p.description}</span>}
                  {p.arguments && p.arguments.length > 0 && (
                    <span className="truncate font-mono text-[11px] text-muted-foreground">
                      ({p.arguments.map((a) => `${a.name}${a.required ? "*" : "?"}`).join(", ")})
                    </span>
                  )}
                </button>
              ))}
            </div>
          </>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col overflow-y-auto p-4">
        {prompt ? (
          <PromptForm key={prompt.name} connectionId={id} prompt={prompt} completions={Boolean(caps.completions)} />
        ) : (
          <p className="m-auto text-sm text-muted-foreground">
            {selected && prompts.data ? `No prompt named "${selected}" on this server.` : "Select a prompt to fill in its arguments."}
          </p>
        )}
      </div>
    </div>
  );
}
