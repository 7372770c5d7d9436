"use client";

import { ComboboxInput } from "@/components/elements/combobox-input";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { QueryError } from "@/components/elements/query-error";
import type { SessionSearchHit } from "@/lib/contracts/session-search";
import { sessionSearchQuery } from "@/lib/queries/session-search";
import { plural } from "@/lib/format";
import { groupHits, hitKey } from "./search-groups";
import { SearchResultRow } from "./search-result-row";

/** Typing fires a search per pause, not per key (each reads every agent's session lists). */
const DEBOUNCE_MS = 250;

export interface SessionSearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (hit: SessionSearchHit) => void;
}

/** "Search sessions…": ids, recorded text, names and labels of every agent's sessions; arrows move, Enter opens. */
export function SessionSearchDialog({ open, onOpenChange, onChoose }: SessionSearchDialogProps) {
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);
  const search = useQuery(sessionSearchQuery(q));
  const groups = useMemo(() => groupHits(search.data?.hits ?? []), [search.data]);
  const flat = groups.flatMap((g) => g.hits);
  const current = Math.min(active, flat.length - 1);
  const optionId = (i: number) => `${listId}-opt-${i}`;

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView?.({ block: "nearest" });
  }, [current]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    if (e.key in step && flat.length > 0) {
      e.preventDefault();
      setActive((current + step[e.key]! + flat.length) % flat.length);
    } else if (e.key === "Enter" && !e.nativeEvent.isComposing && flat[current]) {
      e.preventDefault();
      onChoose(flat[current]);
    }
  };
  const errors = search.data?.errors ?? [];
  let index = 0;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setText("");
          setQ("");
          setActive(0);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent data-testid="session-search" className="top-[10%] max-w-2xl translate-y-0 gap-0 p-0">
        <DialogTitle className="sr-only">Search sessions</DialogTitle>
        <DialogDescription className="sr-only">
          Find sessions of every agent and app by id, by text recorded in them, or by name and label.
        </DialogDescription>
        <ComboboxInput
          listId={listId}
          activeId={flat.length > 0 ? optionId(current) : undefined}
          label="Search sessions"
          testId="session-search-input"
          value={text}
          placeholder="Search sessions by id, text, name or label…"
          onValueChange={(value) => {
            setText(value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        {search.isError && <QueryError className="m-2" title="Search failed" error={search.error} onRetry={() => void search.refetch()} />}
        {errors.length > 0 && (
          <ul className="border-b px-3 py-1.5 text-[11px] text-amber-700 dark:text-amber-400" data-testid="session-search-agent-errors">
            {errors.map((e) => (
              <li key={e.agentId}>
                {e.agentName}: sessions not listed ({e.error}); matches by id on it are missing.
              </li>
            ))}
          </ul>
        )}
        <div ref={listRef} id={listId} role="listbox" aria-label="Sessions found" className="max-h-[min(60vh,30rem)] overflow-y-auto p-1">
          {groups.map((g) => (
            <div key={g.key} role="group" aria-label={g.title} data-testid="session-search-group">
              <div className="px-2 pt-2 pb-1 text-[10px] font-semibold tracking-wide text-muted-foreground uppercase">{g.title}</div>
              {g.hits.map((hit) => {
                const i = index++;
                return (
                  <SearchResultRow
                    key={hitKey(hit)}
                    id={optionId(i)}
                    index={i}
                    hit={hit}
                    query={q}
                    active={i === current}
                    onHover={() => i !== current && setActive(i)}
                    onChoose={() => onChoose(hit)}
                  />
                );
              })}
            </div>
          ))}
        </div>
        <p className="border-t px-3 py-1.5 text-[11px] text-muted-foreground" data-testid="session-search-status" aria-live="polite">
          {!q
            ? "Type part of a session id, a word from a conversation, a name or a label."
            : search.isPending || q !== text.trim()
              ? "Searching…"
              : search.isError
                ? "No results: the search failed."
                : flat.length === 0
                  ? `Nothing matches “${q}”.`
                  : `${plural(flat.length, "result")}${search.data?.truncated ? " (more matched: refine the search)" : ""}.`}
        </p>
      </DialogContent>
    </Dialog>
  );
}
