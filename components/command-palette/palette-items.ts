import type { InboxRow } from "@/lib/contracts/inbox";
import type { ImportedBundleSummary } from "@/lib/contracts/bundle";
import type { PaletteItem as Item } from "@/lib/workbench/palette";
import { PROTOCOL_PALETTE_KINDS, type ProtocolPaletteKind, type WorkbenchLocation } from "@/lib/workbench/registry";
import { KIND_LABEL } from "@/lib/workbench/inbox";
import { REQUEST_STATUS_META as STATUS_META } from "@/components/elements/request/request-status";
import { inboxItemDomKey, inboxStatus, rowKind, rowPrompt, rowSourceLabel } from "@/lib/workbench/inbox";
import { sortInbox } from "@/lib/workbench/inbox-order";
import { bundleDetail } from "@/lib/bundle-detail";

/** Every protocol's kinds (servers, tools, agents…: PROTOCOL_PALETTE_KINDS) and the core ones. */
export type PaletteKind = ProtocolPaletteKind | "bundle" | "inbox";

export const PALETTE_KIND_LABEL: Record<PaletteKind, string> = { ...PROTOCOL_PALETTE_KINDS, bundle: "Imported", inbox: "Inbox" };

export type PaletteItem = Item<PaletteKind, Partial<WorkbenchLocation>>;

/** What the core items are built from; each protocol's items come from its descriptor's hook. */
export interface CorePaletteSources {
  inbox: readonly InboxRow[];
  /** Bundles imported into this Loupe (opened read-only). */
  bundles?: readonly ImportedBundleSummary[];
}

function bundleItems(s: CorePaletteSources): PaletteItem[] {
  return (s.bundles ?? []).map((b) => ({
    id: `bundle:${b.id}`,
    kind: "bundle" as const,
    label: b.title,
    detail: bundleDetail(b),
    target: { view: "bundles" as const, item: b.id },
  }));
}

function inboxItems(s: CorePaletteSources): PaletteItem[] {
  const rows = sortInbox([...s.inbox]).map((row) => {
    const key = inboxItemDomKey(row);
    return {
      id: `inbox:${key}`,
      kind: "inbox" as const,
      label: `${KIND_LABEL[rowKind(row)]}: ${rowPrompt(row)}`.slice(0, 200),
      detail: `${STATUS_META[inboxStatus(row)].label} · ${rowSourceLabel(row)}`,
      target: { view: "inbox" as const },
      focusSelector: `[data-testid="inbox-item"][data-item-key="${key}"]`,
      inboxKey: key,
    };
  });
  return [{ id: "inbox", kind: "inbox", label: "Inbox", detail: "every interrupt and server request", target: { view: "inbox" } }, ...rows];
}

/** The core places the palette can jump to, after every protocol's (in sidebar order): imported bundles, the inbox. */
export function paletteItems(s: CorePaletteSources): PaletteItem[] {
  return [...bundleItems(s), ...inboxItems(s)];
}

const WORD_START = /[\s_\-./:›@]/;

/**
 * How well `query` matches `text` as a subsequence (null: not at all). Contiguous runs, word starts
 * and a literal substring score higher, so "gsum" finds get-sum and "sum" puts get-sum before
 * "summarize-everything-else".
 */
export function fuzzyScore(query: string, text: string): number | null {
  const q = query.toLowerCase();
  const t = text.toLowerCase();
  if (!q) return 0;
  let score = 0;
  let from = 0;
  let prev = -2;
  for (const ch of q) {
    const at = t.indexOf(ch, from);
    if (at < 0) return null;
    score += 1 + (at === prev + 1 ? 3 : 0) + (at === 0 || WORD_START.test(t[at - 1]!) ? 2 : 0);
    prev = at;
    from = at + 1;
  }
  const sub = t.indexOf(q);
  if (sub >= 0) score += 8 + (sub === 0 ? 6 : WORD_START.test(t[sub - 1]!) ? 3 : 0);
  return score - t.length * 0.01;
}

/** Items whose label (or, weaker, detail) match every word of the query, best first. */
export function filterPalette(items: readonly PaletteItem[], query: string): PaletteItem[] {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  const scored: { item: PaletteItem; score: number; at: number }[] = [];
  items.forEach((item, at) => {
    let total = 0;
    for (const w of words) {
      const onLabel = fuzzyScore(w, item.label);
      const onAll = fuzzyScore(w, `${item.label} ${item.detail} ${PALETTE_KIND_LABEL[item.kind]}`);
      const best = onLabel !== null ? onLabel + 2 : onAll;
      if (best === null) return;
      total += best;
    }
    scored.push({ item, score: total, at });
  });
  return scored.sort((a, b) => b.score - a.score || a.at - b.at).map((s) => s.item);
}
