import { Badge } from "@/components/ui/badge";
import type { TaskStatus } from "@/lib/contracts/tasks";
import { TASK_STATUS_LABEL } from "./format";

const VARIANT = {
  working: "info",
  input_required: "warning",
  completed: "success",
  failed: "destructive",
  cancelled: "secondary",
} as const;

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge variant={VARIANT[status]} data-testid="task-status" data-status={status}>
      {TASK_STATUS_LABEL[status]}
    </Badge>
  );
}
