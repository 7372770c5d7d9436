import type { SessionSearchHit, SessionSearchMatch } from "@/lib/contracts/session-search";
import { searchKindOf } from "@/lib/workbench/search";

export const MATCH_LABEL: Record<SessionSearchMatch, string> = {
  id: "id",
  text: "text",
  label: "name / label",
};

export interface HitGroup {
  key: string;
  title: string;
  hits: SessionSearchHit[];
}

/** Rows grouped by kind, agent and app, each kind titling its groups (SEARCH_KINDS); first-seen order. */
export function groupHits(hits: readonly SessionSearchHit[]): HitGroup[] {
  const groups = new Map<string, HitGroup>();
  for (const hit of hits) {
    const key = `${hit.kind}\n${hit.agentId ?? ""}\n${hit.appName ?? ""}`;
    const group = groups.get(key) ?? { key, title: searchKindOf(hit).groupTitle(hit), hits: [] };
    group.hits.push(hit);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** One row per hit is a stable DOM key: the same session may match by id and by an event's text. */
export const hitKey = (h: SessionSearchHit) =>
  [h.kind, h.agentId, h.appName, h.userId, h.id, h.match, h.eventId ?? "", h.snippet ?? ""].join("\n");
