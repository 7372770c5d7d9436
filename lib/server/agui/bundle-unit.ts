import "server-only";
import { aguiRunSnapshotSchema } from "@/lib/contracts/agui";
import type { AguiRunRecord, AguiRunSnapshot } from "@/lib/contracts/agui";
import type { BundleEntry, BundleUnitRefOf } from "@/lib/contracts/bundle";
import type { InboxRow } from "@/lib/contracts/inbox";
import { AppError } from "@/lib/errors";
import { normalizeAguiRun, threadMessagesAfterRun } from "@/lib/protocols/agui";
import { getAgui } from "@/lib/server/agui";
import { shownAguiRequest } from "@/lib/server/agui/record";
import { bundleEntryOf } from "@/lib/server/bundles/entries";
import { savedSecrets } from "@/lib/server/bundles/secrets";
import type { BundleParts, BundleUnit } from "@/lib/server/bundles/units/types";
import { query } from "@/lib/server/rows";
import type { EntryRow } from "@/lib/server/store-schema";
import { isRecord } from "@/lib/values";

const notFound = (what: string) => new AppError("not_found:bundle_unit", what);

/**
 * Every entry of the run, whole, in seq order: its input, each event as received (unknown types
 * too), malformed frames, the run record's start and end, the requests it asked, and the state
 * changes of the requests it carried answers for (those name the run that asked them).
 */
function runEntries(agentId: string, threadId: string, runId: string): BundleEntry[] {
  const rows = query<EntryRow>(
    getAgui().hub.store,
    `SELECT * FROM entries WHERE connection_id = ? AND session_key = ? AND protocol = 'agui'
       AND (json_extract(raw, '$.runId') = ? OR (kind = 'agui_request' AND json_extract(raw, '$.answeredByRunId') = ?)) ORDER BY seq`,
  ).all(agentId, threadId, runId, runId);
  return rows.map(bundleEntryOf);
}

type ThreadSide = AguiRunSnapshot["before"];

/** The RunAgentInput a run's entries say was POSTed, if any. */
function inputOf(entries: readonly BundleEntry[]): Record<string, unknown> | null {
  const sent = entries.find((e) => e.kind === "agui_input" && isRecord(e.raw));
  return sent && isRecord(sent.raw) && isRecord(sent.raw.input) ? sent.raw.input : null;
}

/** After a run, the way the service moves a thread on at its end (AguiRuns.finish). */
function threadAfter(before: ThreadSide, entries: readonly BundleEntry[]): ThreadSide {
  const events = entries.flatMap((e) => (e.kind === "agui_event" && isRecord(e.raw) && isRecord(e.raw.event) ? [e.raw.event] : []));
  const timeline = normalizeAguiRun(events, { initialState: before.state });
  return { messages: threadMessagesAfterRun(before.messages, timeline), state: timeline.state };
}

/**
 * The thread as a run started: its input's messages and state, or for a run the agent started after
 * another in the same response (`responseOf`), as the runs before it in that response left it.
 */
function threadBefore(run: AguiRunRecord, input: Record<string, unknown> | null): ThreadSide {
  const fromInput = (i: Record<string, unknown> | null): ThreadSide => ({
    messages: Array.isArray(i?.messages) ? i.messages : [],
    state: i?.state ?? {},
  });
  const response = run.responseOf;
  if (!response) return fromInput(input);
  let side: ThreadSide | undefined;
  for (const r of getAgui().store.threadRuns(run.agentId, run.threadId)) {
    if (r.runId === run.runId) break;
    if (r.runId !== response && r.responseOf !== response) continue;
    const entries = runEntries(r.agentId, r.threadId, r.runId);
    side = threadAfter(side ?? fromInput(inputOf(entries)), entries);
  }
  return side ?? fromInput(input);
}

async function exportRun(ref: BundleUnitRefOf<"agui-run">): Promise<BundleParts> {
  const agui = getAgui();
  if (!agui.has(ref.agentId)) throw notFound(`No AG-UI agent with id "${ref.agentId}" in this Loupe`);
  const agent = agui.get(ref.agentId);
  const run: AguiRunRecord | undefined = agui.store.getRun(ref.runId);
  if (!run || run.agentId !== ref.agentId) throw notFound(`No run "${ref.runId}" of the AG-UI agent "${agent.name}"`);
  const entries = runEntries(ref.agentId, run.threadId, ref.runId);
  const input = inputOf(entries);
  const inbox: InboxRow[] = agui.store
    .threadRequests(ref.agentId, run.threadId)
    .filter((r) => r.runId === ref.runId || r.answeredByRunId === ref.runId)
    .map((r) => ({ source: "agui", ...shownAguiRequest(r) }));
  const before = threadBefore(run, input);
  const snapshot: AguiRunSnapshot = { run: { ...run }, input, before, after: threadAfter(before, entries) };
  return {
    title: `AG-UI run ${ref.runId} · ${agent.name}`,
    // The agent as the API shows it: header values masked.
    connection: { protocol: "agui", id: agent.id, name: agent.name, target: agent.url, headers: agent.headers, tools: agent.tools },
    entries,
    snapshot,
    inbox,
  };
}

/** The agent's saved header values (AG-UI runs carry no other credential Loupe holds). */
function secretValues(ref: BundleUnitRefOf<"agui-run">): string[] {
  const config = getAgui()
    .store.listAgents()
    .find((a) => a.id === ref.agentId);
  return savedSecrets(config?.headers);
}

export const aguiRunUnit: BundleUnit<"agui-run"> = {
  type: "agui-run",
  export: exportRun,
  secretValues,
  snapshotSchema: aguiRunSnapshotSchema,
};
