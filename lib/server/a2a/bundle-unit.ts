import "server-only";
import { a2aTaskSnapshotSchema } from "@/lib/contracts/a2a";
import type { A2aHumanRequest, A2aTaskSnapshot } from "@/lib/contracts/a2a";
import type { BundleEntry, BundleUnitRefOf } from "@/lib/contracts/bundle";
import type { InboxRow } from "@/lib/contracts/inbox";
import { AppError } from "@/lib/errors";
import { getA2a } from "@/lib/server/a2a";
import { bundleEntryOf } from "@/lib/server/bundles/entries";
import { savedSecrets } from "@/lib/server/bundles/secrets";
import type { BundleParts, BundleUnit } from "@/lib/server/bundles/units/types";
import { query } from "@/lib/server/rows";
import type { EntryRow } from "@/lib/server/store-schema";
import { isRecord } from "@/lib/values";

const notFound = (what: string) => new AppError("not_found:bundle_unit", what);

/** The message a request body sent (JSON-RPC params.message, a REST body's message, gRPC request.message). */
function sentMessage(body: unknown): Record<string, unknown> | null {
  if (!isRecord(body)) return null;
  const params = isRecord(body.params) ? body.params : null;
  const request = isRecord(body.request) ? body.request : null;
  const m = params?.message ?? body.message ?? request?.message;
  return isRecord(m) ? m : null;
}

/**
 * The entry that carried each answered request's answer: the first message Loupe sent on the
 * request's task after the request was first recorded (answers go out as a message on the same task).
 */
function answersOf(entries: readonly BundleEntry[], requests: readonly A2aHumanRequest[]): A2aTaskSnapshot["answers"] {
  const out: A2aTaskSnapshot["answers"] = [];
  for (const r of requests) {
    if (r.status !== "answered" && r.status !== "failed") continue;
    const asked = entries.find((e) => e.kind === "a2a_request_state" && isRecord(e.raw) && e.raw.id === r.id);
    if (!asked) continue;
    const carried = entries.find((e) => {
      if (e.seq <= asked.seq || e.kind !== "a2a_request" || !isRecord(e.raw)) return false;
      const m = sentMessage(e.raw.body);
      return m !== null && m.taskId === r.taskId;
    });
    if (carried && isRecord(carried.raw)) out.push({ requestId: r.id, seq: carried.seq, message: sentMessage(carried.raw.body) });
  }
  return out;
}

/**
 * One A2A task: every entry the task pane shows (its frames, streams, pushes, malformed frames,
 * request states, and the requests of the exchanges that carried them — the same set as
 * GET …/tasks/:taskId's entrySeqs), whole, in seq order.
 */
export function taskEntries(agentId: string, taskId: string): BundleEntry[] {
  const rows = query<EntryRow>(
    getA2a().hub.store,
    `SELECT * FROM entries WHERE connection_id = ? AND protocol = 'a2a' AND (json_extract(raw, '$.taskId') = ?
       OR json_extract(raw, '$.exchangeId') IN (SELECT json_extract(raw, '$.exchangeId') FROM entries
         WHERE connection_id = ? AND protocol = 'a2a' AND json_extract(raw, '$.taskId') = ?)) ORDER BY seq`,
  ).all(agentId, taskId, agentId, taskId);
  return rows.map(bundleEntryOf);
}

async function exportTask(ref: BundleUnitRefOf<"a2a-task">): Promise<BundleParts> {
  const a2a = getA2a();
  if (!a2a.has(ref.agentId)) throw notFound(`No A2A agent with id "${ref.agentId}" in this Loupe`);
  const agent = a2a.get(ref.agentId);
  let detail;
  try {
    detail = a2a.getTask(ref.agentId, ref.taskId);
  } catch {
    throw notFound(`Loupe has seen no task "${ref.taskId}" of the A2A agent "${agent.name}"`);
  }
  const { entrySeqs: _seqs, streaming: _streaming, ...task } = detail;
  const entries = taskEntries(ref.agentId, ref.taskId);
  const requests = a2a
    .listRequests()
    .filter((r) => r.agentId === ref.agentId && r.taskId === ref.taskId)
    .sort((a, b) => a.createdAt - b.createdAt);
  const { state } = agent;
  const snapshot: A2aTaskSnapshot = {
    task,
    card:
      state.card === undefined
        ? null
        : {
            card: state.card,
            ...(state.cardUrl ? { cardUrl: state.cardUrl } : {}),
            ...(state.cardFetchedAt !== undefined ? { cardFetchedAt: state.cardFetchedAt } : {}),
            ...(state.protocolVersion ? { protocolVersion: state.protocolVersion } : {}),
            ...(state.transport ? { transport: state.transport } : {}),
            ...(state.findings ? { findings: state.findings.map((f) => ({ ...f })) } : {}),
          },
    answers: answersOf(entries, requests),
  };
  const inbox: InboxRow[] = requests.map((r) => ({ source: "a2a", ...r }));
  return {
    title: `A2A task ${ref.taskId} · ${agent.name}`,
    // The agent as the API shows it: header values masked.
    connection: {
      protocol: "a2a",
      id: agent.id,
      name: agent.name,
      target: agent.url,
      ...(state.transport ? { transport: state.transport } : {}),
      headers: agent.headers,
    },
    entries,
    snapshot,
    inbox,
  };
}

/**
 * The agent's saved header values and the push tokens Loupe gave it for this task. A credential
 * typed into an auth-required answer is never stored: the recorder masked it in every frame as it
 * went out and came back (A2aWire `secrets`), so there is nothing left to list here.
 */
function secretValues(ref: BundleUnitRefOf<"a2a-task">): string[] {
  const { a2aStore } = getA2a();
  const config = a2aStore.listAgents().find((a) => a.id === ref.agentId);
  const tokens = a2aStore
    .listPush()
    .filter((p) => p.agentId === ref.agentId)
    .map((p) => p.token);
  return [...savedSecrets(config?.headers), ...tokens];
}

export const a2aTaskUnit: BundleUnit<"a2a-task"> = {
  type: "a2a-task",
  export: exportTask,
  secretValues,
  snapshotSchema: a2aTaskSnapshotSchema,
};
