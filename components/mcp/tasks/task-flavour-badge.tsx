import { Badge } from "@/components/ui/badge";
import type { TaskFlavour } from "@/lib/contracts/tasks";

const FLAVOUR: Record<TaskFlavour, { label: string; title: string }> = {
  "2025-11-25": {
    label: "2025-11-25 tasks",
    title: "Core tasks of MCP 2025-11-25 (SEP-1686): created with the task param, result from tasks/result",
  },
  extension: {
    label: "Tasks extension",
    title:
      "The Tasks extension of MCP 2026-07-28 (SEP-2663, io.modelcontextprotocol/tasks): the server made the call a task; tasks/get carries the result, tasks/update the answers",
  },
};

/** Which tasks a record is: records written before the extension existed are 2025-11-25 ones. */
export function TaskFlavourBadge({ flavour }: { flavour: TaskFlavour | undefined }) {
  const f = flavour ?? "2025-11-25";
  return (
    <Badge variant="outline" data-testid="task-flavour" data-flavour={f} title={FLAVOUR[f].title}>
      {FLAVOUR[f].label}
    </Badge>
  );
}
