"use client";

import { useState } from "react";
import type { LgAssistant } from "@/lib/contracts/langgraph";
import { emptyLgRunDraft, type LgRunDraft } from "./run-draft";

/**
 * What was typed in each composer (per deployment and thread, "" for a new thread), so that a
 * composer mounted again (its parent re-keyed it, the assistant list settled) keeps the draft.
 */
const drafts = new Map<string, LgRunDraft>();
const draftKey = (deploymentId: string, threadId: string | null) => `${deploymentId}\u0000${threadId ?? ""}`;

/** Forget every kept draft (tests). */
export function forgetLgRunDrafts(): void {
  drafts.clear();
}

/** The assistant a composer should preselect: the one asked for, else the first listed. */
const wanted = (assistantId: string | undefined, assistants: readonly LgAssistant[]) => assistantId ?? assistants[0]?.assistantId ?? "";

/**
 * The run composer's draft. The assistant follows `assistantId` (the selection) and the list
 * settling without touching what was typed; the draft outlives a remount of the composer.
 */
export function useLgRunDraft(
  deploymentId: string,
  threadId: string | null,
  assistantId: string | undefined,
  assistants: readonly LgAssistant[],
) {
  const key = draftKey(deploymentId, threadId);
  const target = wanted(assistantId, assistants);
  const [draft, setDraftState] = useState<LgRunDraft>(() => {
    const kept = drafts.get(key);
    return kept ? { ...kept, assistantId: assistantId ?? (kept.assistantId || target) } : emptyLgRunDraft(target);
  });
  const [followed, setFollowed] = useState(target);
  if (followed !== target) {
    setFollowed(target);
    // A new selection wins; the list settling only fills an assistant not yet picked.
    if (assistantId !== undefined || !draft.assistantId) setDraftState((d) => ({ ...d, assistantId: target }));
  }
  const setDraft = (update: (d: LgRunDraft) => LgRunDraft) =>
    setDraftState((d) => {
      const next = update(d);
      drafts.set(key, next);
      return next;
    });
  const patch = (p: Partial<LgRunDraft>) => setDraft((d) => ({ ...d, ...p }));
  /** After a run started: the input is spent (assistant and stream modes stay). */
  const clearInput = () => {
    setDraftState((d) => ({ ...d, message: "", inputText: "" }));
    drafts.delete(key);
  };
  return { draft, patch, clearInput };
}
