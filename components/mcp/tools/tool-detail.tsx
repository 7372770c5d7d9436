"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionView } from "@/lib/contracts/connections";
import type { ToolCollision } from "@/lib/protocols/mcp/collisions";
import { defaultArgumentsForSchema, validateValue } from "@/lib/schema/form";
import type { ValidationIssue } from "@/lib/schema/form";
import type { Tool } from "@/lib/queries/tools";
import { useToolCall } from "@/hooks/use-tool-call";
import { ToolResultView } from "@/components/mcp/tool-result/tool-result-view";
import { useQuery } from "@tanstack/react-query";
import { taskRunMode } from "@/lib/contracts/tasks";
import type { TaskRecord } from "@/lib/contracts/tasks";
import type { AppError } from "@/lib/errors";
import { taskApi, taskKeys } from "@/lib/queries/tasks";
import { TaskRunView } from "@/components/mcp/tasks/task-run-view";
import { callQuery } from "@/lib/queries/calls";
import { QueryError } from "@/components/elements/query-error";
import { CallHistory } from "@/components/mcp/tools/call-history";
import { CallProgress } from "@/components/mcp/tools/call-progress";
import { PendingRequestsForCall } from "@/components/mcp/requests/pending-for-call";
import { WaitingRequestsBanner } from "@/components/mcp/requests/waiting-banner";
import { JsonBlock } from "@/components/elements/json-block";
import { ToolHeader } from "@/components/mcp/tools/tool-header";
import { ToolRunForm } from "@/components/mcp/tools/tool-run-form";
import { ToolNotes } from "@/components/mcp/tools/tool-notes";
import { useRunLimits } from "@/components/mcp/tools/run-limits";
import { PortabilityPanel } from "@/components/mcp/portability/portability-panel";
import { AppView } from "@/components/mcp/apps/app-view";
import { toolUiResourceUri } from "@/lib/apps/tool-ui";
import { outcomeOf } from "@/lib/apps/outcome";

export interface ToolDetailProps {
  connection: ConnectionView;
  tool: Tool;
  collision: ToolCollision | null;
  /** The other tools of this server, for the name collisions normalization can create. */
  siblingToolNames?: string[];
  /** Opens a task in the Tasks tab (a call the server made a task links to it). */
  onOpenTask?: (taskId: string) => void;
  /** Re-run from the history opens the re-run form (issue 12); without it, Re-run runs at once. */
  onOpenRerun?: (callId: string) => void;
  /** Opens the comparison of two calls of this tool (?diff= value, earlier call first). */
  onOpenDiff?: (diff: string) => void;
}

/**
 * One tool: header, then tabs (Run, Schema, Portability), then its call history. Mount with a key per tool so the form starts from its defaults.
 */
export function ToolDetail({ connection, tool, collision, siblingToolNames, onOpenTask, onOpenRerun, onOpenDiff }: ToolDetailProps) {
  const [tab, setTab] = useState("run");
  const [args, setArgs] = useState<Record<string, unknown>>(() => defaultArgumentsForSchema(tool.inputSchema));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const limits = useRunLimits(connection.requestTimeoutMs);
  const [viewing, setViewing] = useState<CallRecord | null>(null);
  const [compareFrom, setCompareFrom] = useState<CallRecord | null>(null);
  const { state, callId, awaitingAnswer, history, run, cancel, runError, cancelError } = useToolCall(connection.id, tool.name);
  // MCP tasks: a "required" tool always runs as a task, an "optional" one when the box is ticked.
  const qc = useQueryClient();
  const taskMode = taskRunMode(connection.state.capabilities, tool);
  const [asTask, setAsTask] = useState(false);
  const [taskId, setTaskId] = useState<string | null>(null);
  const createTask = useMutation<TaskRecord, AppError, { args: Record<string, unknown>; timeoutMs: number }>({
    mutationFn: ({ args: values, timeoutMs: ms }) => taskApi.run(connection.id, { name: tool.name, arguments: values, timeoutMs: ms }),
    onSuccess: (record) => {
      qc.setQueryData(taskKeys.one(connection.id, record.taskId), record);
      setTaskId(record.taskId);
    },
  });
  const runsAsTask = taskMode === "required" || (taskMode === "optional" && asTask);

  // Errors beside the fields appear after the first Run attempt, then follow every edit.
  const validation = attempted ? validateValue(tool.inputSchema, args) : { ok: true as const };
  const errors: ValidationIssue[] = validation.ok ? [] : validation.errors;
  const { timeoutMs, error: timeoutError } = limits;
  const blocked =
    jsonError !== null
      ? `Fix the JSON first: ${jsonError}`
      : errors.length > 0
        ? `${errors.length} invalid field${errors.length > 1 ? "s" : ""}`
        : timeoutError;

  // `force`: "Send anyway" — a server author testing their own -32602 path sends invalid arguments.
  const start = (values: Record<string, unknown>, fromForm: boolean, force = false) => {
    setAttempted(true);
    const check = validateValue(tool.inputSchema, values);
    if (!check.ok && !fromForm) setArgs(values); // show a stale history call's errors in the form
    if ((fromForm && jsonError !== null) || (!check.ok && !force) || timeoutError) return;
    setViewing(null);
    if (runsAsTask) {
      createTask.mutate({ args: values, timeoutMs });
      return;
    }
    setTaskId(null);
    run(values, timeoutMs, limits.maxTotalTimeoutMs);
  };

  // A history row from the stream may lack large arguments: the stored call has them.
  const argsOf = async (c: CallRecord) => (c.argsOmitted ? (await qc.fetchQuery(callQuery(connection.id, c.id))).args : c.args);
  const picked = viewing ?? state.call;
  // The history leaves large results out; the one being looked at is fetched whole, unless it is
  // the call whose POST answer (with the result) is still arriving.
  const arriving = awaitingAnswer && picked !== null && picked.id === callId;
  const full = useQuery({ ...callQuery(connection.id, picked?.id ?? ""), enabled: picked?.resultOmitted === true && !arriving });
  const shown = picked?.resultOmitted ? (full.data ?? null) : picked;
  const appUri = toolUiResourceUri(tool);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4" data-testid="tool-detail" data-tool={tool.name}>
      <ToolHeader tool={tool} collision={collision} connectionId={connection.id} />
      <ToolNotes tool={tool} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="run">Run</TabsTrigger>
          <TabsTrigger value="schema">Schema</TabsTrigger>
          <TabsTrigger value="portability">Portability</TabsTrigger>
        </TabsList>
        <TabsContent value="run" className="flex flex-col gap-3 pt-1">
          <ToolRunForm
            schema={tool.inputSchema}
            value={args}
            onChange={setArgs}
            errors={errors}
            onJsonErrorChange={setJsonError}
            blocked={attempted ? blocked : timeoutError}
            limits={limits}
            onSendAnyway={attempted && jsonError === null && errors.length > 0 && !timeoutError ? () => start(args, true, true) : undefined}
            running={state.running || createTask.isPending}
            disabledReason={connection.state.status === "connected" ? null : "Connect the server to run tools"}
            onRun={() => start(args, true)}
            onCancel={cancel}
            taskMode={taskMode}
            asTask={asTask}
            onAsTaskChange={setAsTask}
          />
          {createTask.isError && <QueryError title="The task could not be created" error={createTask.error} />}
          {taskId && !viewing && <TaskRunView key={taskId} connection={connection} taskId={taskId} outputSchema={tool.outputSchema} />}
          {runError && <QueryError title="The call could not be made" error={runError} />}
          {cancelError && <QueryError title="Cancel failed" error={cancelError} />}
          {!viewing && !taskId && <CallProgress updates={state.progress} running={state.running} />}
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
                  onRetry={() => start(shown.args, false)}
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
              {/* The server made the call a task: its live status and, once done, its result. */}
              {shown.status === "task" && shown.taskId && (
                <TaskRunView key={shown.taskId} connection={connection} taskId={shown.taskId} outputSchema={tool.outputSchema} />
              )}
            </div>
          )}
        </TabsContent>
        <TabsContent value="schema" className="flex flex-col gap-2 pt-1">
          <JsonBlock title="Input schema" value={tool.inputSchema} defaultOpen testId="input-schema" />
          {tool.outputSchema ? (
            <JsonBlock title="Output schema" value={tool.outputSchema} defaultOpen testId="output-schema" />
          ) : (
            <p className="text-xs text-muted-foreground">No output schema declared.</p>
          )}
          <JsonBlock title="Tool definition (as listed)" value={tool} />
        </TabsContent>
        <TabsContent value="portability" className="flex flex-col gap-2 pt-1">
          <PortabilityPanel tool={tool} serverName={connection.name} otherToolNames={siblingToolNames} />
        </TabsContent>
      </Tabs>
      {history.isError ? (
        <QueryError title="Could not load the call history" error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <CallHistory
          calls={history.data ?? []}
          activeId={shown?.id ?? null}
          onView={setViewing}
          onRerun={(c) => (onOpenRerun ? onOpenRerun(c.id) : void argsOf(c).then((a) => start(a, false)))}
          compareFrom={compareFrom?.id ?? null}
          onCompare={
            onOpenDiff &&
            ((c) => {
              if (!compareFrom || compareFrom.id === c.id) return setCompareFrom(compareFrom ? null : c);
              const [a, b] = compareFrom.startedAt <= c.startedAt ? [compareFrom, c] : [c, compareFrom];
              onOpenDiff(`${a.id}~${b.id}`);
            })
          }
          onEdit={(c) =>
            void argsOf(c).then((a) => {
              setArgs(a);
              setTab("run");
            })
          }
        />
      )}
    </div>
  );
}
