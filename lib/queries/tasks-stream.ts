import type { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import type { EntryHandler } from "@/lib/queries/entry-handler";
import { writeTaskRecord } from "@/lib/queries/tasks";

/** Kind "task" (raw = TaskRecord): every change Loupe learns about a task. */
export const applyTaskEntry: EntryHandler<"task"> = (qc, record, e) => {
  // A raw that does not fit a TaskRecord changes nothing (the traffic view shows it raw).
  if (!record) return;
  // A previewed entry lost its result: keep the one already held (GET …/tasks/:taskId has it whole).
  writeTaskRecord(qc, e.truncated ? { ...record, result: undefined, resultOmitted: true } : record);
};

/** The same for an entry of any kind, read here; false when the kind is not ours. */
export function applyTasksEntry(qc: QueryClient, e: Entry): boolean {
  if (e.protocol !== "loupe" || e.kind !== "task") return false;
  applyTaskEntry(qc, entryPayload(e, "task"), e);
  return true;
}
