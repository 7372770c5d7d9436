import "server-only";
import type { AgentSessionSummary } from "@/lib/contracts/agents";
import { AppError } from "@/lib/errors";
import { isRecord } from "@/lib/values";
import { parseSession, parseSessionList } from "@/lib/protocols/adk/session";
import type { AdkSession } from "@/lib/protocols/adk/session";
import { seg, upstreamJson } from "@/lib/server/adk/upstream";
import type { UpstreamTarget } from "@/lib/server/adk/upstream";

/** Guards a server that keeps announcing more pages. */
const MAX_PAGES = 50;

const sessionsPath = (app: string, userId: string): string => `/apps/${seg(app)}/users/${seg(userId)}/sessions`;
const sessionPath = (app: string, userId: string, sid: string): string => `${sessionsPath(app, userId)}/${seg(sid)}`;

/** `/list-apps`: a list of names, or Python's `?detailed` shape `{apps:[{name}]}`. */
export function parseAppList(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : isRecord(raw) && Array.isArray(raw.apps) ? raw.apps : null;
  if (!list) throw new AppError("upstream:agent_malformed", "/list-apps did not answer with a list of apps", { body: raw });
  return list
    .map((a) => (typeof a === "string" ? a : isRecord(a) && typeof a.name === "string" ? a.name : null))
    .filter((a): a is string => a !== null);
}

export async function listApps(target: UpstreamTarget): Promise<string[]> {
  return parseAppList(await upstreamJson(target, "/list-apps", "GET /list-apps"));
}

/** `/version` (JS `{version}`, Python adds the language); undefined when the server has none. */
export async function readVersion(target: UpstreamTarget): Promise<string | undefined> {
  try {
    const raw = await upstreamJson(target, "/version", "GET /version");
    return isRecord(raw) && typeof raw.version === "string" ? raw.version : undefined;
  } catch {
    return undefined;
  }
}

/** Summaries, newest first, from either list shape (JS paginated object, Python array). */
export function toSummaries(sessions: readonly AdkSession[], appName: string, userId: string): AgentSessionSummary[] {
  return sessions
    .map((s) => ({
      id: s.id,
      appName: s.appName || appName,
      userId: s.userId || userId,
      lastUpdateTime: s.lastUpdateTime,
      // JS lists sessions without their events; a count of 0 there would be a lie.
      ...(s.events.length > 0 ? { eventCount: s.events.length } : {}),
    }))
    .sort((a, b) => (b.lastUpdateTime ?? -Infinity) - (a.lastUpdateTime ?? -Infinity) || a.id.localeCompare(b.id));
}

function pageInfo(raw: unknown): { page: number; totalPages: number } | null {
  if (!isRecord(raw) || typeof raw.page !== "number" || typeof raw.totalPages !== "number") return null;
  return { page: raw.page, totalPages: raw.totalPages };
}

export async function listSessions(target: UpstreamTarget, app: string, userId: string): Promise<AgentSessionSummary[]> {
  const what = "GET sessions";
  const first = await upstreamJson(target, sessionsPath(app, userId), what);
  const all = parseSessionList(first);
  const seen = new Set(all.map((s) => s.id));
  let info = pageInfo(first);
  // JS answers with every session on page 1 today; follow further pages if a server paginates.
  while (info && info.page < info.totalPages && info.page < MAX_PAGES) {
    const next = await upstreamJson(target, `${sessionsPath(app, userId)}?page=${info.page + 1}`, what);
    const fresh = parseSessionList(next).filter((s) => !seen.has(s.id));
    const nextInfo = pageInfo(next);
    if (fresh.length === 0 || !nextInfo || nextInfo.page <= info.page) break;
    for (const s of fresh) seen.add(s.id);
    all.push(...fresh);
    info = nextInfo;
  }
  return toSummaries(all, app, userId);
}

function requireSession(raw: unknown, what: string): AdkSession {
  const session = parseSession(raw);
  if (!session) throw new AppError("upstream:agent_malformed", `${what}: the answer is not a session`, { body: raw });
  return session;
}

export async function createSession(
  target: UpstreamTarget,
  app: string,
  userId: string,
  opts: { sessionId?: string; state?: Record<string, unknown> },
): Promise<AdkSession> {
  // JS reads the session id only from the path; Python accepts both (adk.md §2, §3).
  const path = opts.sessionId ? sessionPath(app, userId, opts.sessionId) : sessionsPath(app, userId);
  const raw = await upstreamJson(target, path, "Create session", { method: "POST", body: opts.state ? { state: opts.state } : {} });
  return requireSession(raw, "Create session");
}

/** The upstream's 404 on a session's own path means that session: said with the route's own code. */
async function sessionNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found:agent_upstream")
      throw new AppError("not_found:session", error.message, error.details);
    throw error;
  }
}

export async function getSession(target: UpstreamTarget, app: string, userId: string, sid: string): Promise<AdkSession> {
  return requireSession(await sessionNotFound(upstreamJson(target, sessionPath(app, userId, sid), "GET session")), "GET session");
}

export async function deleteSession(target: UpstreamTarget, app: string, userId: string, sid: string): Promise<void> {
  await sessionNotFound(upstreamJson(target, sessionPath(app, userId, sid), "DELETE session", { method: "DELETE" }));
}

const artifactsPath = (app: string, userId: string, sid: string): string => `${sessionPath(app, userId, sid)}/artifacts`;

function list<T>(raw: unknown, what: string, ok: (v: unknown) => v is T): T[] {
  if (!Array.isArray(raw)) throw new AppError("upstream:agent_malformed", `${what}: expected a list`, { body: raw });
  return raw.filter(ok);
}

export async function listArtifacts(target: UpstreamTarget, app: string, userId: string, sid: string): Promise<string[]> {
  const what = "GET artifacts";
  const raw = await upstreamJson(target, artifactsPath(app, userId, sid), what);
  return list(raw, what, (v): v is string => typeof v === "string");
}

/** The genai Part as ADK returns it (latest version unless one is given). */
export async function getArtifact(
  target: UpstreamTarget,
  app: string,
  userId: string,
  sid: string,
  name: string,
  version?: number,
): Promise<unknown> {
  const base = `${artifactsPath(app, userId, sid)}/${seg(name)}`;
  // `/versions/{v}` exists on both servers; `?version=` only on Python.
  const path = version === undefined ? base : `${base}/versions/${version}`;
  return upstreamJson(target, path, "GET artifact");
}

export async function listArtifactVersions(
  target: UpstreamTarget,
  app: string,
  userId: string,
  sid: string,
  name: string,
): Promise<number[]> {
  const what = "GET artifact versions";
  const raw = await upstreamJson(target, `${artifactsPath(app, userId, sid)}/${seg(name)}/versions`, what);
  return list(raw, what, (v): v is number => typeof v === "number");
}
