import type { AgentServerView, AgentSessionSummary, InboxItem } from "@/lib/contracts/agents";
import { inboxText, type InboxStatus, type RowOf } from "@/lib/workbench/inbox-text";
import { changes, type LocationPart } from "@/lib/workbench/location-part";
import type { PaletteItem } from "@/lib/workbench/palette";
import type { SearchKind } from "@/lib/workbench/search-kind";

/**
 * ADK's part of the workbench URL:
 *   ?a=<id>[&app=<app>][&u=<user>][&s=<session>[&e=<event id>]]
 *   compare (issue 12): …&s=<A>&vs=<B>[&vu=<B's user>] — session A beside session B of the same app
 */
export interface AdkLocation {
  /** ADK agent server (?a=), its app (?app=) and open session (?s=). */
  agentId: string | null;
  app: string | null;
  sessionId: string | null;
  /** ?u=: the ADK user of the open session when it is not the server's configured user. */
  userId: string | null;
  /** ?e=: the event open in the session's inspector. */
  eventId: string | null;
  /** ?vs=: the session compared side by side with the open one (the playground uses it for a conversation). */
  compareWith: string | null;
  /** ?vu=: the ADK user of the ?vs= session when it is not the open session's user. */
  compareUser: string | null;
}

/** The bundled demo app: the one a first-time user is meant to land on. */
export const DEMO_APP = "loupe_demo";

/**
 * The app an agent server opens on when the URL names none: the demo app when the server has it,
 * else the app the user last chose on this server (if still listed), else the first listed.
 */
export function defaultApp(apps: readonly string[], remembered: string | null): string | null {
  if (apps.includes(DEMO_APP)) return DEMO_APP;
  if (remembered && apps.includes(remembered)) return remembered;
  return apps[0] ?? null;
}

/** Another app starts without its session; another session without its event and comparison. */
function dropStaleSelection(patch: Partial<AdkLocation>, base: AdkLocation, next: AdkLocation): void {
  if (changes(patch, base, "app") && !("sessionId" in patch)) next.sessionId = null;
  if (next.sessionId !== base.sessionId && !("eventId" in patch)) next.eventId = null;
  if (next.sessionId !== base.sessionId && !("compareWith" in patch)) next.compareWith = null;
}

export const adkLocation: LocationPart<AdkLocation, null> = {
  view: null,
  key: "agentId",
  empty: { agentId: null, app: null, sessionId: null, userId: null, eventId: null, compareWith: null, compareUser: null },
  // A session (and a comparison) is a view; the event open in the inspector is a selection.
  views: ["agentId", "app", "userId", "sessionId", "compareWith", "compareUser"],
  read: (params) => ({
    agentId: params.get("a"),
    app: params.get("app"),
    sessionId: params.get("s"),
    userId: params.get("u"),
    eventId: params.get("e"),
    compareWith: params.get("vs"),
    compareUser: params.get("vu"),
  }),
  write: (l, set) => {
    set("a", l.agentId);
    set("app", l.app);
    set("u", l.userId);
    set("s", l.sessionId);
    set("e", l.eventId);
    set("vs", l.compareWith);
    set("vu", l.compareUser);
  },
  normalize: (l) => {
    const sessionId = l.sessionId;
    // Comparing shows two sessions and no inspector: ?e= belongs to the single-session view.
    const compareWith = sessionId ? l.compareWith : null;
    const compare = { compareWith, compareUser: compareWith ? l.compareUser : null };
    const eventId = sessionId && !compareWith ? l.eventId : null;
    return { agentId: l.agentId, app: l.app, userId: l.userId, sessionId, eventId, ...compare };
  },
  // Another agent server starts without the previous one's app and session.
  open: (from, patch) => {
    if (!patch.agentId) return null;
    const base = patch.agentId === from.agentId ? from : { ...adkLocation.empty, agentId: patch.agentId };
    const next = { ...base, ...patch };
    dropStaleSelection(patch, base, next);
    return next;
  },
  merge: (from, next, patch) => dropStaleSelection(patch, from, next),
};

/** A found ADK session: grouped by agent server and app; opens the session at the matched event. */
export const adkSearch: SearchKind<Partial<AdkLocation>> = {
  label: "ADK session",
  labelInRow: false,
  groupTitle: (hit) => `${hit.agentName ?? hit.agentId} · ${hit.appName}`,
  detail: (hit) => (hit.userId ? `user ${hit.userId}${hit.eventId ? ` · event ${hit.eventId}` : ""}` : null),
  target: (hit) => ({
    agentId: hit.agentId ?? null,
    app: hit.appName ?? null,
    userId: hit.userId ?? null,
    sessionId: hit.id,
    eventId: hit.eventId ?? null,
  }),
};

/**
 * An ADK interrupt as the inbox shows it: the session decides answered/stale; Loupe's own stored
 * answer decides failed. An interrupt whose last send failed is shown as failed, with Retry
 * (DESIGN.md "Interrupts"), while the agent has not acted on any answer: still pending, or
 * "answered" only by the user event the agent stored before refusing it — never a green Answered
 * for a refused answer.
 */
export function interruptStatus(item: InboxItem): InboxStatus {
  if (item.lastAnswer?.status !== "failed") return item.status;
  if (item.status === "pending") return "failed";
  // A refused answer the user has since moved past (a new turn) can no longer be retried.
  if (item.status === "answered" && item.answerTaken !== true) return item.answerLeftBehind ? "stale" : "failed";
  return item.status;
}

/** "agent › app › session" — where an interrupt comes from. */
export function sourceLabel(item: Pick<InboxItem, "agentName" | "appName" | "sessionId">): string {
  return `${item.agentName} › ${item.appName} › ${item.sessionId}`;
}

export const adkInboxText = inboxText<RowOf<"adk">, InboxItem["kind"]>({
  label: "ADK",
  kinds: { confirmation: "Confirmation", input: "Input", credential: "Credential", long_running: "Long-running tool" },
  kind: (row) => row.kind,
  prompt: (row) => row.prompt,
  where: sourceLabel,
  // By the interrupt's key (event + call id): a workflow gate reuses its call id on every run.
  key: (row) => `adk\u0000${row.agentId}\u0000${row.sessionKey}\u0000${row.key ?? row.id}`,
  groupKey: (row) => `adk:${row.agentId}:${row.sessionKey}`,
  groupLabel: sourceLabel,
  status: interruptStatus,
});

/** What ADK's command palette items are built from (hooks/use-adk-palette.ts fetches it). */
export interface AdkPaletteSource {
  agents: readonly AgentServerView[];
  /** Sessions per `sessionSourceKey(agentId, app)`. */
  sessions: ReadonlyMap<string, readonly AgentSessionSummary[]>;
}

/** The key of one app's sessions in `AdkPaletteSource.sessions`. */
export const sessionSourceKey = (agentId: string, app: string) => `${agentId}/${app}`;

export const ADK_PALETTE_KINDS = { agent: "Agent", app: "App", session: "Session" };

/** Every agent server, its apps and their sessions, opened as the sidebar and the app picker open them. */
export function adkPaletteItems(s: AdkPaletteSource): PaletteItem<keyof typeof ADK_PALETTE_KINDS, Partial<AdkLocation>>[] {
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
