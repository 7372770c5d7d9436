import type { Entry } from "@/lib/contracts/entries";
import type { LgRunRecord } from "@/lib/contracts/langgraph";
import { parseEntry } from "@/lib/contracts/entry-kinds";
import { isRecord } from "@/lib/values";

/** Keys of an `updates` event that are not nodes. */
const NOT_NODES = new Set(["__interrupt__", "__metadata__"]);

/**
 * The nodes a thread's recorded runs went through, in the order they first ran: each `updates`
 * event (also `updates|<ns>` from a subgraph) is `{ <node>: <what it wrote> }`. Only what Loupe
 * streamed: a run started elsewhere leaves no path here.
 */
export function visitedNodes(entries: readonly Entry[]): string[] {
  const seen = new Set<string>();
  for (const e of entries) {
    const read = parseEntry(e);
    if (!read.ok || read.kind !== "lg_event") continue;
    if (read.raw.event !== "updates" && !read.raw.event.startsWith("updates|")) continue;
    if (!isRecord(read.raw.data)) continue;
    for (const node of Object.keys(read.raw.data)) if (!NOT_NODES.has(node)) seen.add(node);
  }
  return [...seen];
}

/** The last copy of each run Loupe recorded on the thread (lg_run is recorded on start and end), oldest first. */
export function runsOfEntries(entries: readonly Entry[]): LgRunRecord[] {
  const runs = new Map<string, LgRunRecord>();
  for (const e of entries) {
    const read = parseEntry(e);
    if (read.ok && read.kind === "lg_run") runs.set(read.raw.runId, read.raw);
  }
  return [...runs.values()].sort((a, b) => a.startedAt - b.startedAt);
}

/** The run still streaming, as the entries (newer) or the thread's detail say. */
export function runningRunId(entries: readonly Entry[], detailRuns: readonly LgRunRecord[] | undefined): string | null {
  const fromEntries = runsOfEntries(entries);
  const byId = new Map([...(detailRuns ?? []), ...fromEntries].map((r) => [r.runId, r]));
  return [...byId.values()].find((r) => r.status === "running")?.runId ?? null;
}
