"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionView } from "@/lib/contracts/connections";
import { taskRunMode } from "@/lib/contracts/tasks";
import type { TaskRecord } from "@/lib/contracts/tasks";
import type { AppError } from "@/lib/errors";
import { defaultArgumentsForSchema, validateValue } from "@/lib/schema/form";
import type { ValidationIssue } from "@/lib/schema/form";
import { callQuery } from "@/lib/queries/calls";
import { taskApi, taskKeys } from "@/lib/queries/tasks";
import type { Tool } from "@/lib/queries/tools";
import { useToolCall } from "@/hooks/use-tool-call";
import { useRunLimits } from "@/components/mcp/tools/run-limits";

/**
 * One tool's Run tab: the arguments and their validation, the limits, running as a plain call or
 * as an MCP task, and the call being looked at (the latest, or one picked from the history,
 * fetched whole when the history left its large result out).
 */
export function useToolRun(connection: ConnectionView, tool: Tool) {
  const [args, setArgs] = useState<Record<string, unknown>>(() => defaultArgumentsForSchema(tool.inputSchema));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const limits = useRunLimits(connection.requestTimeoutMs);
  const [viewing, setViewing] = useState<CallRecord | null>(null);
  const call = useToolCall(connection.id, tool.name);
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
    call.run(values, timeoutMs, limits.maxTotalTimeoutMs);
  };

  // A history row from the stream may lack large arguments: the stored call has them.
  const argsOf = async (c: CallRecord) => (c.argsOmitted ? (await qc.fetchQuery(callQuery(connection.id, c.id))).args : c.args);
  const picked = viewing ?? call.state.call;
  // The history leaves large results out; the one being looked at is fetched whole, unless it is
  // the call whose POST answer (with the result) is still arriving.
  const arriving = call.awaitingAnswer && picked !== null && picked.id === call.callId;
  const full = useQuery({ ...callQuery(connection.id, picked?.id ?? ""), enabled: picked?.resultOmitted === true && !arriving });
  const shown = picked?.resultOmitted ? (full.data ?? null) : picked;

  return {
    args,
    setArgs,
    jsonError,
    setJsonError,
    attempted,
    limits,
    errors,
    blocked,
    timeoutError,
    start,
    argsOf,
    taskMode,
    asTask,
    setAsTask,
    taskId,
    createTask,
    call,
    viewing,
    setViewing,
    picked,
    full,
    shown,
  };
}

export type ToolRun = ReturnType<typeof useToolRun>;
