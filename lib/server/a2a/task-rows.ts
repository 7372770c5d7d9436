import "server-only";
import { A2A_TERMINAL_STATES } from "@/lib/contracts/a2a";
import type { A2aItem } from "@/lib/protocols/a2a/frames";
import type { A2aTaskRecord } from "@/lib/server/a2a/store";

/** `statusAt`: the timestamp of the status Loupe applied last (when the agent sent one). */
export type Stored = A2aTaskRecord & { artifactIds?: string[]; statusAt?: string };

/**
 * Whether a status is older than what the record holds: a task that ended stays ended (terminal
 * states are final), and a status stamped before the one applied last is history. Pushes arrive on
 * their own connection, after the stream that already carried the same states: applied in arrival
 * order they would move a finished task back to working, or make a waiting request stale.
 */
export function isLateStatus(rec: Stored, item: Extract<A2aItem, { type: "task" | "status" }>): boolean {
  if (A2A_TERMINAL_STATES.includes(rec.state) && item.state !== rec.state) return true;
  const at = item.type === "status" ? item.timestamp : undefined;
  if (!at || !rec.statusAt) return false;
  const [then, now] = [Date.parse(rec.statusAt), Date.parse(at)];
  return Number.isFinite(then) && Number.isFinite(now) && now < then;
}

/**
 * What to write over the row another instance may have written since this one read it (issue 25: a
 * push it received while this one relays the task's stream): the row's newer state stays — a task
 * it saw end, a status stamped later — and the artifacts of both are kept.
 */
export function overRow(rec: Stored, row: Stored | undefined): Stored {
  // A row of the task id's earlier conversation (the agent reused the id): nothing of it carries over.
  if (!row || reusedFor(row, rec.contextId)) return rec;
  const ids = [...(rec.artifactIds ?? [])];
  for (const id of row.artifactIds ?? []) if (!ids.includes(id)) ids.push(id);
  const merged: Stored = { ...rec, artifactIds: ids, artifactCount: ids.length, task: rec.task ?? row.task };
  const ended = A2A_TERMINAL_STATES.includes(row.state) && !A2A_TERMINAL_STATES.includes(rec.state);
  const later = !!row.statusAt && !!rec.statusAt && Date.parse(row.statusAt) > Date.parse(rec.statusAt);
  if (!ended && !later) return merged;
  const { statusText: _text, statusAt: _at, ...rest } = merged;
  return {
    ...rest,
    state: row.state,
    ...(row.statusText !== undefined ? { statusText: row.statusText } : {}),
    ...(row.statusAt !== undefined ? { statusAt: row.statusAt } : {}),
  };
}

/** Adds the artifact ids the record does not list yet (in order, once each) and counts them. */
export function addArtifactIds(rec: Stored, ids: readonly string[]): void {
  const known = rec.artifactIds ?? [];
  // A stream's chunks name a known artifact thousands of times: no array is built for them.
  if (ids.some((id) => !known.includes(id)))
    rec.artifactIds = [...known, ...ids.filter((id, i) => !known.includes(id) && ids.indexOf(id) === i)];
  rec.artifactCount = (rec.artifactIds ?? []).length;
}

/** Whether a frame of `contextId` names the record's task id in another conversation: a new task. */
export function reusedFor(rec: Stored, contextId: string | undefined): boolean {
  return !!contextId && !!rec.contextId && rec.contextId !== contextId;
}
