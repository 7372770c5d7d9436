import "server-only";
import type { BundleUnitRefOf } from "@/lib/contracts/bundle";
import type { InboxRow } from "@/lib/contracts/inbox";
import { lgThreadSnapshotSchema } from "@/lib/contracts/langgraph";
import type { LgCheckpoint, LgThreadSnapshot } from "@/lib/contracts/langgraph";
import { AppError } from "@/lib/errors";
import { getLangGraph } from "@/lib/server/langgraph";
import { shownLgRequest } from "@/lib/server/langgraph/record";
import { bundleEntryOf } from "@/lib/server/bundles/entries";
import { savedSecrets, savedUrlSecrets } from "@/lib/server/bundles/secrets";
import type { BundleParts, BundleUnit } from "@/lib/server/bundles/units/types";
import { query } from "@/lib/server/rows";
import type { EntryRow } from "@/lib/server/store-schema";

const notFound = (what: string) => new AppError("not_found:bundle_unit", what);

/**
 * One thread as Loupe recorded it: every entry of it (inputs, events as received, malformed ones,
 * runs, requests) whole in seq order, its requests, and the thread with its checkpoints as the server
 * answers now — or, when the server cannot be read, what Loupe last saw, saying why.
 */
async function exportThread(ref: BundleUnitRefOf<"langgraph-thread">): Promise<BundleParts> {
  const lg = getLangGraph();
  if (!lg.has(ref.deploymentId)) throw notFound(`No LangGraph deployment with id "${ref.deploymentId}" in this Loupe`);
  const deployment = lg.get(ref.deploymentId);
  const rows = query<EntryRow>(
    lg.hub.store,
    "SELECT * FROM entries WHERE connection_id = ? AND session_key = ? AND protocol = 'langgraph' ORDER BY seq",
  ).all(ref.deploymentId, ref.threadId);
  const runs = lg.store.threadRuns(ref.deploymentId, ref.threadId);
  let thread: LgThreadSnapshot["thread"];
  let checkpoints: LgCheckpoint[] = [];
  try {
    const detail = await lg.threads.detail(ref.deploymentId, ref.threadId);
    const { runs: _runs, ...rest } = detail;
    thread = rest;
    checkpoints = await lg.history(ref.deploymentId, ref.threadId);
  } catch (e) {
    if (rows.length === 0) throw notFound(`No thread "${ref.threadId}" on the LangGraph deployment "${deployment.name}"`);
    thread = {
      threadId: ref.threadId,
      deploymentId: ref.deploymentId,
      status: "unknown",
      values: null,
      unavailable: AppError.from(e).message,
    };
  }
  const inbox: InboxRow[] = lg.store
    .threadRequests(ref.deploymentId, ref.threadId)
    .map((r) => ({ source: "langgraph", ...shownLgRequest(r) }));
  const snapshot: LgThreadSnapshot = { thread, checkpoints: checkpoints.map((c) => ({ ...c })), runs: runs.map((r) => ({ ...r })) };
  return {
    title: `LangGraph thread ${ref.threadId} · ${deployment.name}`,
    // The deployment as the API shows it: header values masked.
    connection: { protocol: "langgraph", id: deployment.id, name: deployment.name, target: deployment.url, headers: deployment.headers },
    entries: rows.map(bundleEntryOf),
    snapshot,
    inbox,
  };
}

/** The deployment's saved header values and URL credentials (LangGraph carries no other credential Loupe holds). */
function secretValues(ref: BundleUnitRefOf<"langgraph-thread">): string[] {
  const config = getLangGraph().store.deployments.get(ref.deploymentId);
  return [...savedSecrets(config?.headers), ...savedUrlSecrets(config?.url)];
}

export const lgThreadUnit: BundleUnit<"langgraph-thread"> = {
  type: "langgraph-thread",
  export: exportThread,
  secretValues,
  snapshotSchema: lgThreadSnapshotSchema,
};
