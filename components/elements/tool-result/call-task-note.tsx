import { ListChecksIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SafeText } from "@/components/ui/safe-text";

export interface CallTaskNoteProps {
  taskId: string;
  /** Opens the task in the Tasks tab; without it the note only names the task. */
  onOpenTask?: (taskId: string) => void;
}

/**
 * A call the server answered with a task (Tasks extension, SEP-2663): nothing failed, the work
 * goes on as that task and its result comes with it, not with the call.
 */
export function CallTaskNote({ taskId, onOpenTask }: CallTaskNoteProps) {
  return (
    <section
      data-testid="call-task"
      data-task-id={taskId}
      className="flex flex-wrap items-center gap-2 rounded-md border border-sky-500/40 bg-sky-500/5 p-3 text-sm"
    >
      <span>
        The server runs this call as task <SafeText text={taskId} className="font-mono font-medium" data-testid="call-task-id" />; its
        status and result come with the task.
      </span>
      {onOpenTask && (
        <Button size="xs" variant="outline" className="ml-auto" data-testid="open-call-task" onClick={() => onOpenTask(taskId)}>
          <ListChecksIcon /> Open in Tasks
        </Button>
      )}
    </section>
  );
}
