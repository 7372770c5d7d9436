"use client";

import type { ConnectionView } from "@/lib/contracts/connections";
import type { Tool } from "@/lib/queries/tools";
import { toolUiResourceUri } from "@/lib/apps/tool-ui";
import { outcomeOf } from "@/lib/apps/outcome";
import { QueryError } from "@/components/elements/query-error";
import { ToolResultView } from "@/components/elements/tool-result/tool-result-view";
import { TaskRunView } from "@/components/mcp/tasks/task-run-view";
import { PendingRequestsForCall, useRequestsOfCall } from "@/components/mcp/tools/pending-for-call";
import { WaitingRequestsBanner } from "@/components/mcp/tools/waiting-banner";
import { AppView } from "@/components/mcp/apps/app-view";
import { CallProgress } from "@/components/mcp/tools/call-progress";
import type { ToolRun } from "@/components/mcp/tools/use-tool-run";
import { SaveCallCase } from "@/components/mcp/tools/save-call-case";

export interface ToolRunOutputProps {
  connection: ConnectionView;
  tool: Tool;
  run: ToolRun;
  onOpenTask?: (taskId: string) => void;
}

/** Below the Run form: errors, the task or the call's progress, the server's questions, then the result (and its MCP app). */
export function ToolRunOutput({ connection, tool, run: r, onOpenTask }: ToolRunOutputProps) {
  const { state, callId, runError, cancelError } = r.call;
  const { viewing, taskId, shown, picked, full } = r;
  const appUri = toolUiResourceUri(tool);
  const awaitingYou = useRequestsOfCall(connection.id, callId).some((row) => row.status === "pending");
  return (
    <>
      {r.createTask.isError && <QueryError title="The task could not be created" error={r.createTask.error} />}
      {taskId && !viewing && <TaskRunView key={taskId} connection={connection} taskId={taskId} outputSchema={tool.outputSchema} />}
      {runError && <QueryError title="The call could not be made" error={runError} />}
      {cancelError && <QueryError title="Cancel failed" error={cancelError} />}
      {!viewing && !taskId && <CallProgress updates={state.progress} running={state.running} awaitingYou={awaitingYou} />}
      {!viewing && !taskId && callId && <PendingRequestsForCall connectionId={connection.id} callId={callId} />}
      <WaitingRequestsBanner connectionId={connection.id} exceptCallId={!viewing && !taskId ? callId : null} />
      {picked?.resultOmitted && !shown && (
        <p className="text-xs text-muted-foreground" data-testid="result-loading">
          {full.isError ? `Could not load the result: ${full.error.message}` : "Loading the full result…"}
        </p>
      )}
      {shown && !(taskId && !viewing) && (
        // An MCP app tool (SEP-1865): its View runs beside the result, one instance per call.
        <div className="@container grid min-w-0 gap-3">
          <div className={appUri ? "grid min-w-0 gap-3 @4xl:grid-cols-2" : "min-w-0"}>
            <ToolResultView
              call={shown}
              outputSchema={tool.outputSchema}
              onRetry={() => r.start(shown.args, false)}
              onOpenTask={onOpenTask}
            />
            {appUri && (
              <AppView
                connectionId={connection.id}
                tool={tool}
                resourceUri={appUri}
                appSessionId={shown.id}
                input={shown.args}
                outcome={outcomeOf(shown)}
              />
            )}
          </div>
          {shown.status !== "running" && shown.status !== "task" && (
            <div className="flex flex-wrap items-center gap-1" data-testid="result-actions">
              <SaveCallCase call={shown} />
            </div>
          )}
          {/* The server made the call a task: its live status and, once done, its result. */}
          {shown.status === "task" && shown.taskId && (
            <TaskRunView key={shown.taskId} connection={connection} taskId={shown.taskId} outputSchema={tool.outputSchema} />
          )}
        </div>
      )}
    </>
  );
}
