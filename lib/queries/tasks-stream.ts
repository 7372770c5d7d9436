import type { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import type { TaskRecord } from "@/lib/contracts/tasks";
import { TaskStatus } from "@/lib/contracts/tasks";
import { writeTaskRecord } from "@/lib/queries/tasks";

/** Reads a loupe "task" entry's raw (a TaskRecord); null when it is not one. */
export function asTaskRecord(raw: unknown): TaskRecord | null {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  const ok =
    typeof r.taskId === "string" &&
    typeof r.connectionId === "string" &&
    TaskStatus.safeParse(r.status).success &&
    typeof r.createdAt === "number";
  return ok ? (raw as TaskRecord) : null;
}

/**
 * Applies one loupe entry of this feature to the cache; false when the kind is not ours.
 * Kind "task" (raw = TaskRecord): every change Loupe learns about a task.
 */
export function applyTasksEntry(qc: QueryClient, e: Entry): boolean {
  if (e.protocol !== "loupe" || e.kind !== "task") return false;
  const record = asTaskRecord(e.raw);
  if (!record) return true;
  // A previewed entry lost its result: keep the one already held (GET …/tasks/:taskId has it whole).
  writeTaskRecord(qc, e.truncated ? { ...record, result: undefined, resultOmitted: true } : record);
  return true;
}
