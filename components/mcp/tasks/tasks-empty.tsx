import type { ConnectionView } from "@/lib/contracts/connections";
import { TASKS_EXTENSION } from "@/lib/contracts/tasks";

/** Where the user turns on Loupe's side of tasks (the Client tab's capability checkbox). */
const SETTING = "the “Tasks” setting in this connection's Client tab";

const isModern = (c: ConnectionView) => c.state.era?.mode === "modern";

/**
 * The Tasks tab with no task yet. On 2026-07-28 tasks are the Tasks extension (SEP-2663): there is
 * no per-tool "Run as task" choice, the server decides per call, and only for a client that declares
 * the extension too — so the user is told which setting does that and whether it is on.
 */
export function TasksEmpty({ connection }: { connection: ConnectionView }) {
  if (!isModern(connection)) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="tasks-empty">
        No tasks yet. Open a tool whose page offers “Run as task” in the Tools tab (tools with execution.taskSupport “optional” or
        “required”).
      </p>
    );
  }
  const declared = connection.clientCapabilities?.tasks === true;
  return (
    <p className="text-sm text-muted-foreground" data-testid="tasks-empty" data-extension-declared={declared}>
      No tasks yet. On 2026-07-28 tasks are the Tasks extension (<code>{TASKS_EXTENSION}</code>): there is no “Run as task” choice — the
      server decides per call whether a tools/call comes back as a task, and it may do so only when Loupe declares the extension too, which{" "}
      {SETTING} does.{" "}
      {declared
        ? "That setting is on: call the server's tools in the Tools tab and any call it turns into a task appears here."
        : "That setting is off: turn it on (Loupe reconnects), then call the server's tools in the Tools tab."}
    </p>
  );
}

/** Why the server has no tasks at all, in the words of its era. */
export function tasksUnsupportedText(connection: ConnectionView): string {
  if (connection.state.status !== "connected")
    return `“${connection.name}” is not connected: whether it supports tasks is known once it is.`;
  return isModern(connection)
    ? `“${connection.name}” does not support tasks: its server/discover declared no ${TASKS_EXTENSION} extension, so its tools can only be called directly.`
    : `“${connection.name}” does not support tasks: it declared no tasks capability in initialize (tasks.requests.tools.call), so its tools can only be called directly.`;
}
