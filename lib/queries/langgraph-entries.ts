import type { Entry } from "@/lib/contracts/entries";
import type { LgRunRecord } from "@/lib/contracts/langgraph";
import { parseEntry } from "@/lib/contracts/entry-kinds";

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
