import "server-only";
import type { StoredAnswer } from "@/lib/contracts/agents";
import { adkSessionKey } from "@/lib/contracts/agents";
import type { BundleConnection, BundleEntry, BundleUnitRefOf } from "@/lib/contracts/bundle";
import { adkSessionSnapshotSchema, type AdkSessionSnapshot } from "@/lib/contracts/bundle-snapshots";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { InboxRowOf } from "@/lib/contracts/inbox";
import { AppError } from "@/lib/errors";
import { formatBytes, plural } from "@/lib/format";
import { getAgents, type AgentRegistry } from "@/lib/server/adk/agents";
import { maskInterruptAnswer } from "@/lib/server/adk/mask";
import { maskCredentialSecrets } from "@/lib/server/secrets";
import { fetchSessionTrace } from "@/lib/server/adk/trace";
import { bundleEntryOf } from "@/lib/server/bundles/entries";
import { savedSecrets } from "@/lib/server/bundles/secrets";
import type { BundleParts, BundleUnit } from "@/lib/server/bundles/units/types";
import { query, records } from "@/lib/server/rows";
import type { EntryRow } from "@/lib/server/store-schema";
import { isRecord } from "@/lib/values";

type Ref = BundleUnitRefOf<"adk-session">;
type Artifact = AdkSessionSnapshot["artifacts"][number];

/** Artifact versions past this many bytes in all are left out of the file (and the title says so). */
export const ARTIFACT_BYTES_CAP = 20 * 1024 * 1024;

const notFound = (message: string) => new AppError("not_found:bundle_unit", message);

function requireAgent(ref: Ref): AgentRegistry {
  const agents = getAgents();
  if (!agents.has(ref.agentId)) throw notFound(`No ADK agent server with id "${ref.agentId}" in this Loupe`);
  return agents;
}

/** The session GET's code (credential secrets masked, unstored frames listed); an unknown session is the unit's not_found. */
async function storedSession(agents: AgentRegistry, ref: Ref) {
  try {
    return await agents.getSession(ref.agentId, ref.appName, ref.sessionId, ref.userId);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found:session") {
      throw notFound(`The agent server has no session "${ref.sessionId}" of ${ref.appName} for user ${ref.userId}: ${error.message}`);
    }
    throw error;
  }
}

/**
 * Every version of every artifact, oldest first, until ARTIFACT_BYTES_CAP; what did not fit or
 * could not be read is named in `note`. A failing list (the server went away) fails the export.
 */
export async function artifactsOf(
  agents: AgentRegistry,
  ref: Ref,
  capBytes = ARTIFACT_BYTES_CAP,
): Promise<{ artifacts: Artifact[]; left: number; note?: string }> {
  const { agentId, appName, sessionId, userId } = ref;
  const artifacts: Artifact[] = [];
  const left: string[] = [];
  let bytes = 0;
  for (const name of await agents.listArtifacts(agentId, appName, sessionId, userId)) {
    const versions = [...(await agents.listArtifactVersions(agentId, appName, sessionId, name, userId))].sort((a, b) => a - b);
    for (const version of versions) {
      let part: unknown;
      try {
        part = await agents.getArtifact(agentId, appName, sessionId, name, { userId, version });
      } catch (error) {
        left.push(`${name} v${version} (${AppError.from(error).message})`);
        continue;
      }
      const size = Buffer.byteLength(JSON.stringify(part ?? null));
      if (bytes + size > capBytes) {
        left.push(`${name} v${version} (${formatBytes(size)})`);
        continue;
      }
      bytes += size;
      artifacts.push({ name, version, part });
    }
  }
  if (left.length === 0) return { artifacts, left: 0 };
  const cap = formatBytes(capBytes);
  const note = `${plural(left.length, "artifact version")} left out (over ${cap} in all, or unreadable): ${left.join("; ")}`;
  return { artifacts, left: left.length, note };
}

/**
 * Every entry recorded under the session's key on the agent's id — frames, the user's messages,
 * Loupe's run and inbox records — whole, in seq order. Entries of an earlier session of the same
 * id that was deleted through Loupe are not this session's.
 */
function sessionEntries(agents: AgentRegistry, agentId: string, sessionKey: string): BundleEntry[] {
  const rows = query<EntryRow>(
    agents.hub.store,
    `SELECT * FROM entries WHERE connection_id = ? AND session_key = ?
       AND seq > COALESCE((SELECT last_seq FROM agent_deleted_sessions WHERE agent_id = ? AND session_key = ?), 0)
     ORDER BY seq`,
  ).all(agentId, sessionKey, agentId, sessionKey);
  return rows.map(bundleEntryOf);
}

/** The session's interrupts as the shared inbox lists them: every status, Loupe's answers included. */
function inboxOf(agentId: string, sessionKey: string): InboxRowOf<"adk">[] {
  return getAgents()
    .listInbox()
    .filter((item) => item.agentId === agentId && item.sessionKey === sessionKey)
    .map((item) => ({ ...item, source: "adk" as const }));
}

/** The strings `masked` shows as SECRET_MASK where `raw` has a value: the secrets a masking took out. */
function maskedValues(raw: unknown, masked: unknown, out: string[] = []): string[] {
  if (masked === SECRET_MASK && typeof raw === "string" && raw !== SECRET_MASK) out.push(raw);
  else if (Array.isArray(raw) && Array.isArray(masked)) raw.forEach((v, i) => maskedValues(v, masked[i], out));
  else if (isRecord(raw) && isRecord(masked)) for (const [k, v] of Object.entries(raw)) maskedValues(v, masked[k], out);
  return out;
}

function answersOf(agents: AgentRegistry, agentId: string, sessionKey: string): StoredAnswer[] {
  return records<StoredAnswer>(
    agents.hub.store,
    "SELECT record FROM agent_answers WHERE agent_id = ? AND session_key = ?",
    agentId,
    sessionKey,
  );
}

/**
 * The session's spans as the agent server keeps them (secrets masked by the reader), or null and
 * why: no trace endpoint, none kept (JS keeps spans in memory only), or the read failed — a trace
 * is extra, so its failure is said in the note rather than failing the export.
 */
async function traceOf(ref: Ref): Promise<Pick<AdkSessionSnapshot, "trace" | "traceNote">> {
  try {
    const result = await fetchSessionTrace(ref.agentId, ref.appName, ref.sessionId);
    if ("absent" in result) return { trace: null, traceNote: result.reason };
    return { trace: result.spans };
  } catch (error) {
    return { trace: null, traceNote: `the trace could not be read: ${AppError.from(error).message}` };
  }
}

async function exportSession(ref: Ref): Promise<BundleParts> {
  const agents = requireAgent(ref);
  const agent = agents.get(ref.agentId);
  const { unstored, lastUpdateTime, ...session } = await storedSession(agents, ref);
  const sessionKey = adkSessionKey(ref.appName, ref.userId, ref.sessionId);
  const { artifacts, left, note } = await artifactsOf(agents, ref);
  const snapshot: AdkSessionSnapshot = {
    // The session as GET …/sessions/:sid returns it (events raw, credential secrets masked).
    session: {
      ...session,
      events: session.events as AdkSessionSnapshot["session"]["events"],
      ...(lastUpdateTime !== null ? { lastUpdateTime } : {}),
    },
    unstored,
    artifacts,
    ...(note ? { artifactsNote: note } : {}),
    ...(await traceOf(ref)),
  };
  const connection: BundleConnection = {
    protocol: "adk",
    id: agent.id,
    name: agent.name,
    target: agent.url,
    // As GET /api/agents/:id shows them: header values masked.
    headers: agent.headers,
    userId: agent.userId,
    apps: agent.state.apps,
    ...(agent.state.version ? { version: agent.state.version } : {}),
  };
  const base = `ADK session ${ref.sessionId} · ${ref.appName} · ${agent.name}`;
  return {
    title: left > 0 ? `${base} (${plural(left, "artifact version")} left out)` : base,
    connection,
    entries: sessionEntries(agents, ref.agentId, sessionKey),
    snapshot,
    inbox: inboxOf(ref.agentId, sessionKey),
  };
}

/**
 * The agent's saved header values, every secret typed into an answer for this session (an API
 * key, an OAuth redirect URL with its code), and the credential secrets the agent's own requests
 * carry (the OAuth client secret in rawAuthCredential) — the recorder masked those in the frames,
 * but a trace span or a state value may still hold them.
 */
function secretValues(ref: Ref): string[] {
  const agents = getAgents();
  const sessionKey = adkSessionKey(ref.appName, ref.userId, ref.sessionId);
  const config = agents.agentStore.listServers().find((c) => c.id === ref.agentId);
  const values: string[] = savedSecrets(config?.headers);
  for (const stored of answersOf(agents, ref.agentId, sessionKey))
    values.push(...maskedValues(stored.answer, maskInterruptAnswer(stored.answer)));
  for (const row of inboxOf(ref.agentId, sessionKey)) {
    const found = agents.inbox.findRaw(ref.agentId, sessionKey, row.id, row.key);
    if (found) values.push(...maskedValues(found.interrupt, maskCredentialSecrets(found.interrupt)));
  }
  return [...new Set(values.filter((v) => v.length > 0))];
}

export const adkSessionUnit: BundleUnit<"adk-session"> = {
  type: "adk-session",
  export: exportSession,
  secretValues,
  snapshotSchema: adkSessionSnapshotSchema,
  snapshotList: ["session", "events"],
};
