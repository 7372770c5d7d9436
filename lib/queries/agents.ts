import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { AgentServerInput, AgentServerView, AgentSessionSummary, RunBody, RunRecord, UnstoredFrame } from "@/lib/contracts/agents";
import { adkSessionKey } from "@/lib/contracts/agents";
import type { Entry } from "@/lib/contracts/entries";
import { parseSession } from "@/lib/protocols/adk/session";
import type { AdkSession } from "@/lib/protocols/adk/session";
import { AppError } from "@/lib/errors";
import { mergeEntries } from "@/lib/queries/traffic";

/** Where one ADK session lives: the agent server, and (app, user, session) on it. */
export interface SessionRef {
  agentId: string;
  appName: string;
  userId: string;
  sessionId: string;
}

export const refKey = (r: SessionRef) => adkSessionKey(r.appName, r.userId, r.sessionId);

/** Root of everything cached for one agent server: dropped together when it is removed. */
export function agentScope(agentId: string) {
  return ["agent", agentId] as const;
}

/** Everything cached for one session (stored copy, live entries, runs, artifacts). */
export function sessionScope(agentId: string, sessionKey: string) {
  return [...agentScope(agentId), "session", sessionKey] as const;
}

export const agentKeys = {
  list: () => ["agents"] as const,
  sessionsOf: (agentId: string) => [...agentScope(agentId), "sessions"] as const,
  sessions: (agentId: string, appName: string, userId: string) => [...agentKeys.sessionsOf(agentId), appName, userId] as const,
  stored: (agentId: string, sessionKey: string) => [...sessionScope(agentId, sessionKey), "stored"] as const,
  live: (agentId: string, sessionKey: string) => [...sessionScope(agentId, sessionKey), "live"] as const,
  runs: (agentId: string, sessionKey: string) => [...sessionScope(agentId, sessionKey), "runs"] as const,
  artifacts: (agentId: string, sessionKey: string) => [...sessionScope(agentId, sessionKey), "artifacts"] as const,
  artifactVersions: (agentId: string, sessionKey: string, name: string) =>
    [...agentKeys.artifacts(agentId, sessionKey), name, "versions"] as const,
  artifactPart: (agentId: string, sessionKey: string, name: string, version: number | null) =>
    [...agentKeys.artifacts(agentId, sessionKey), name, "part", version] as const,
};

const enc = encodeURIComponent;
const agentPath = (id: string) => `/api/agents/${enc(id)}`;
const sessionsPath = (id: string, app: string) => `${agentPath(id)}/apps/${enc(app)}/sessions`;
const sessionPath = (r: SessionRef) => `${sessionsPath(r.agentId, r.appName)}/${enc(r.sessionId)}`;
const user = (userId: string) => `userId=${enc(userId)}`;

export function agentsQuery() {
  return queryOptions({
    queryKey: agentKeys.list(),
    queryFn: ({ signal }) => apiFetch<AgentServerView[]>("/api/agents", { signal }),
  });
}

export function sessionsQuery(agentId: string, appName: string, userId: string) {
  return queryOptions({
    queryKey: agentKeys.sessions(agentId, appName, userId),
    queryFn: ({ signal }) => apiFetch<AgentSessionSummary[]>(`${sessionsPath(agentId, appName)}?${user(userId)}`, { signal }),
  });
}

/**
 * The stored session plus `liveCutoff`: the highest live-entry seq cached when the fetch began.
 * Live entries up to it are already part of the stored events (the stream delivered them before
 * the GET), so the timeline replays only the ones after it.
 */
export interface StoredSession {
  session: AdkSession;
  liveCutoff: number;
  /** Frames the server streamed but did not store, as Loupe recorded them (GET's `unstored`). */
  unstored: UnstoredFrame[];
}

function unstoredOf(raw: unknown): UnstoredFrame[] {
  const list = (raw as { unstored?: unknown } | null)?.unstored;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (f): f is UnstoredFrame =>
      typeof f === "object" &&
      f !== null &&
      typeof (f as UnstoredFrame).seq === "number" &&
      typeof (f as UnstoredFrame).receivedAt === "number",
  );
}

export function storedSessionQuery(r: SessionRef) {
  return queryOptions({
    queryKey: agentKeys.stored(r.agentId, refKey(r)),
    queryFn: async ({ signal, client }): Promise<StoredSession> => {
      const liveCutoff = client.getQueryData<Entry[]>(agentKeys.live(r.agentId, refKey(r)))?.at(-1)?.seq ?? -1;
      const raw = await apiFetch<unknown>(`${sessionPath(r)}?${user(r.userId)}`, { signal });
      const session = parseSession(raw);
      if (!session) throw new AppError("upstream:protocol", "The agent server returned something that is not a session");
      return { session, liveCutoff, unstored: unstoredOf(raw) };
    },
  });
}

/**
 * `adk/*` entries of one session as the stream delivers them. There is nothing to fetch: the
 * stream reducer appends while this query exists, and the stored session covers the past.
 */
export function liveEntriesQuery(agentId: string, sessionKey: string) {
  const queryKey = agentKeys.live(agentId, sessionKey);
  return queryOptions({
    queryKey,
    queryFn: ({ client, queryKey }) => client.getQueryData<Entry[]>(queryKey) ?? [],
    initialData: (): Entry[] => [],
    staleTime: Infinity,
  });
}

/** Runs of one session made through Loupe, newest first: fed by run/answer responses and the stream. */
export function runsQuery(agentId: string, sessionKey: string) {
  const queryKey = agentKeys.runs(agentId, sessionKey);
  return queryOptions({
    queryKey,
    queryFn: ({ client, queryKey }) => client.getQueryData<RunRecord[]>(queryKey) ?? [],
    initialData: (): RunRecord[] => [],
    staleTime: Infinity,
  });
}

export function artifactsQuery(r: SessionRef) {
  return queryOptions({
    queryKey: agentKeys.artifacts(r.agentId, refKey(r)),
    queryFn: ({ signal }) => apiFetch<string[]>(`${sessionPath(r)}/artifacts?${user(r.userId)}`, { signal }),
  });
}

export function artifactVersionsQuery(r: SessionRef, name: string) {
  return queryOptions({
    queryKey: agentKeys.artifactVersions(r.agentId, refKey(r), name),
    queryFn: ({ signal }) => apiFetch<number[]>(`${sessionPath(r)}/artifacts/${enc(name)}/versions?${user(r.userId)}`, { signal }),
  });
}

/** One artifact version as the genai Part ADK returns (`version: null` = the latest). */
export function artifactPartQuery(r: SessionRef, name: string, version: number | null) {
  return queryOptions({
    queryKey: agentKeys.artifactPart(r.agentId, refKey(r), name, version),
    queryFn: ({ signal }) => {
      const qs = version === null ? user(r.userId) : `${user(r.userId)}&version=${version}`;
      return apiFetch<unknown>(`${sessionPath(r)}/artifacts/${enc(name)}?${qs}`, { signal });
    },
    // A stored version never changes.
    staleTime: version === null ? 30_000 : Infinity,
  });
}

/** What creating a session returns: the session as stored upstream. */
export type CreatedSession = AdkSession;

export const agentApi = {
  create: (input: AgentServerInput) => apiFetch<AgentServerView>("/api/agents", { method: "POST", body: input }),
  update: (id: string, input: AgentServerInput) => apiFetch<AgentServerView>(agentPath(id), { method: "PATCH", body: input }),
  remove: (id: string) => apiFetch<void>(agentPath(id), { method: "DELETE" }),
  check: (id: string) => apiFetch<AgentServerView>(`${agentPath(id)}/check`, { method: "POST" }),
  createSession: (agentId: string, appName: string, body: { userId: string; sessionId?: string; state?: Record<string, unknown> }) =>
    apiFetch<CreatedSession>(sessionsPath(agentId, appName), { method: "POST", body }),
  deleteSession: (r: SessionRef) => apiFetch<void>(`${sessionPath(r)}?${user(r.userId)}`, { method: "DELETE" }),
  run: (r: SessionRef, body: RunBody) => apiFetch<RunRecord>(`${sessionPath(r)}/run`, { method: "POST", body }),
  abort: (agentId: string, runId: string) => apiFetch<RunRecord>(`${agentPath(agentId)}/runs/${enc(runId)}/abort`, { method: "POST" }),
};

/** Inserts or replaces one agent server (list order kept; new ones go last). */
export function upsertAgent(list: AgentServerView[] | undefined, view: AgentServerView): AgentServerView[] | undefined {
  if (!list) return list;
  const i = list.findIndex((a) => a.id === view.id);
  if (i === -1) return [...list, view];
  const next = list.slice();
  next[i] = view;
  return next;
}

export function removeAgent(list: AgentServerView[] | undefined, id: string): AgentServerView[] | undefined {
  return list?.filter((a) => a.id !== id);
}

/**
 * Newest first; a run is recorded at start and end, so the same id replaces — except that a
 * "running" copy never replaces an ended one: the POST's 202 answer can arrive after the
 * stream already reported the end of a quick run.
 */
export function upsertRun(list: RunRecord[] | undefined, run: RunRecord): RunRecord[] {
  const base = list ?? [];
  const i = base.findIndex((r) => r.id === run.id);
  if (i !== -1) {
    if (run.status === "running" && base[i]!.status !== "running") return base;
    const next = base.slice();
    next[i] = run;
    return next;
  }
  return [run, ...base].sort((a, b) => b.startedAt - a.startedAt);
}

export function removeSessionSummary(list: AgentSessionSummary[] | undefined, sessionId: string) {
  return list?.filter((s) => s.id !== sessionId);
}

/** The live entries cache keeps as many entries as traffic does, deduped by seq. */
export const appendLive = (prev: Entry[] | undefined, batch: readonly Entry[]) => mergeEntries(prev, batch);
