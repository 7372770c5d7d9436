import type { SessionSearchHit, SessionSearchKind, SessionSearchMatch } from "@/lib/contracts/session-search";

export const KIND_LABEL: Record<SessionSearchKind, string> = {
  "adk-session": "ADK session",
  playground: "Playground",
  "a2a-context": "A2A context",
  "agui-thread": "AG-UI thread",
};

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

/** Rows grouped by agent and app (ADK), by agent (A2A, AG-UI), playground together; first-seen order. */
export function groupHits(hits: readonly SessionSearchHit[]): HitGroup[] {
  const groups = new Map<string, HitGroup>();
  for (const hit of hits) {
    const key = `${hit.kind}\n${hit.agentId ?? ""}\n${hit.appName ?? ""}`;
    const title =
      hit.kind === "adk-session"
        ? `${hit.agentName ?? hit.agentId} · ${hit.appName}`
        : hit.kind === "playground"
          ? KIND_LABEL.playground
          : `${KIND_LABEL[hit.kind]} · ${hit.agentName ?? hit.agentId}`;
    const group = groups.get(key) ?? { key, title, hits: [] };
    group.hits.push(hit);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** One row per hit is a stable DOM key: the same session may match by id and by an event's text. */
export const hitKey = (h: SessionSearchHit) =>
  [h.kind, h.agentId, h.appName, h.userId, h.id, h.match, h.eventId ?? "", h.snippet ?? ""].join("\n");
