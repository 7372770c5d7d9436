import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { toolKey } from "@/lib/protocols/mcp/tool-listing";
import { KIND_LABEL, STATUS_META } from "@/components/inbox/inbox-status";
import { inboxItemDomKey, inboxStatus, rowKind, rowPrompt, rowSourceLabel } from "@/components/inbox/source-text";
import { sortInbox } from "@/components/inbox/inbox-order";
import { bundleDetail } from "@/components/bundles/bundle-detail";
import { sessionSourceKey, type PaletteSources } from "@/hooks/use-palette-sources";

export type PaletteKind = "server" | "tool" | "agent" | "app" | "session" | "bundle" | "inbox";

export const PALETTE_KIND_LABEL: Record<PaletteKind, string> = {
  server: "Server",
  tool: "Tool",
  agent: "Agent",
  app: "App",
  session: "Session",
  bundle: "Imported",
  inbox: "Inbox",
};

export interface PaletteItem {
  /** Unique among the items, also the option's DOM id suffix. */
  id: string;
  kind: PaletteKind;
  /** A name as the server or agent gave it (shown with hidden characters spelled out). */
  label: string;
  detail: string;
  /** The same patch the sidebar, app picker or inbox would navigate with. */
  target: Partial<WorkbenchLocation>;
  /** After navigating: the element to focus (an inbox card). */
  focusSelector?: string;
  /** An inbox row's DOM key: the (virtualized) inbox scrolls it into its window first. */
  inboxKey?: string;
  /** An action instead of a place (e.g. "Search sessions…" opens its dialog); `target` is then unused. */
  run?: () => void;
}

function serverItems(s: PaletteSources): PaletteItem[] {
  return s.connections.flatMap((c) => [
    { id: `server:${c.id}`, kind: "server" as const, label: c.name, detail: c.state.status, target: { connectionId: c.id, tool: null } },
    // By the listing key, as the tool list does: a name listed twice ("dup", "dup (2)") is two tools.
    ...(s.tools.get(c.id) ?? []).map((t) => ({
      id: `tool:${c.id}:${toolKey(t)}`,
      kind: "tool" as const,
      label: toolKey(t),
      detail: c.name,
      target: { connectionId: c.id, tab: "tools" as const, tool: toolKey(t) },
    })),
  ]);
}

function agentItems(s: PaletteSources): PaletteItem[] {
  return s.agents.flatMap((a) => [
    {
      id: `agent:${a.id}`,
      kind: "agent" as const,
      label: a.name,
      detail: a.url,
      target: { agentId: a.id, app: null, sessionId: null, userId: null },
    },
    ...a.state.apps.flatMap((app) => [
      {
        id: `app:${a.id}:${app}`,
        kind: "app" as const,
        label: app,
        detail: a.name,
        target: { agentId: a.id, app, sessionId: null, userId: null },
      },
      ...(s.sessions.get(sessionSourceKey(a.id, app)) ?? []).map((x) => ({
        id: `session:${a.id}:${app}:${x.userId}:${x.id}`,
        kind: "session" as const,
        label: x.id,
        detail: `${a.name} › ${app}${x.userId !== a.userId ? ` · user ${x.userId}` : ""}`,
        target: { agentId: a.id, app, sessionId: x.id, userId: x.userId !== a.userId ? x.userId : null },
      })),
    ]),
  ]);
}

function bundleItems(s: PaletteSources): PaletteItem[] {
  return (s.bundles ?? []).map((b) => ({
    id: `bundle:${b.id}`,
    kind: "bundle" as const,
    label: b.title,
    detail: bundleDetail(b),
    target: { view: "bundles" as const, item: b.id },
  }));
}

function inboxItems(s: PaletteSources): PaletteItem[] {
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

/** Everything the palette can jump to, in sidebar order: servers and their tools, agents, imported bundles, the inbox. */
export function paletteItems(s: PaletteSources): PaletteItem[] {
  return [...serverItems(s), ...agentItems(s), ...bundleItems(s), ...inboxItems(s)];
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
