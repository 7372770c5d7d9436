import type { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import { writeTaskRecord } from "@/lib/queries/tasks";

/**
 * Applies one loupe entry of this feature to the cache; false when the kind is not ours.
 * Kind "task" (raw = TaskRecord): every change Loupe learns about a task.
 */
export function applyTasksEntry(qc: QueryClient, e: Entry): boolean {
  if (e.protocol !== "loupe" || e.kind !== "task") return false;
  // A raw that does not fit a TaskRecord changes nothing (the traffic view shows it raw).
  const record = entryPayload(e, "task");
  if (!record) return true;
  // A previewed entry lost its result: keep the one already held (GET …/tasks/:taskId has it whole).
  writeTaskRecord(qc, e.truncated ? { ...record, result: undefined, resultOmitted: true } : record);
  return true;
}
