import { StatusBadge, type StatusTone } from "@/components/elements/status-badge";
import type { TaskStatus } from "@/lib/contracts/tasks";
import { TASK_STATUS_LABEL } from "./format";

const TONE: Record<TaskStatus, StatusTone> = {
  working: "running",
  input_required: "warning",
  completed: "ok",
  failed: "failed",
  cancelled: "canceled",
};

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return (
    <StatusBadge tone={TONE[status]} data-testid="task-status" data-status={status}>
      {TASK_STATUS_LABEL[status]}
    </StatusBadge>
  );
}
