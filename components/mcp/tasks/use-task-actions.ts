"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TaskRecord } from "@/lib/contracts/tasks";
import type { AppError } from "@/lib/errors";
import { taskApi, writeTaskRecord } from "@/lib/queries/tasks";

type Action = "poll" | "result" | "cancel";

/** Poll / Result / Cancel of one connection's tasks; each answer is written into the cache at once. */
export function useTaskActions(connectionId: string) {
  const qc = useQueryClient();
  const mutation = useMutation<TaskRecord, AppError, { action: Action; taskId: string }>({
    mutationFn: ({ action, taskId }) => taskApi[action](connectionId, taskId),
    onSuccess: (record) => writeTaskRecord(qc, record),
  });
  const busy = (action: Action, taskId: string) =>
    mutation.isPending && mutation.variables?.action === action && mutation.variables.taskId === taskId;
  const errorFor = (taskId: string) => (mutation.isError && mutation.variables?.taskId === taskId ? mutation.error : null);
  return {
    poll: (taskId: string) => mutation.mutate({ action: "poll", taskId }),
    result: (taskId: string) => mutation.mutate({ action: "result", taskId }),
    cancel: (taskId: string) => mutation.mutate({ action: "cancel", taskId }),
    busy,
    errorFor,
    failedAction: mutation.isError ? (mutation.variables?.action ?? null) : null,
  };
}
