"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CallRecord } from "@/lib/contracts/calls";
import { callProgress } from "@/lib/protocols/mcp/progress";
import type { ProgressUpdate } from "@/lib/protocols/mcp/progress";
import { callApi, callKeys, callQuery, callsQuery, toolOfCallKey, upsertCall } from "@/lib/queries/calls";
import { trafficQuery } from "@/lib/queries/traffic";

export interface ToolCallState {
  /** The call being shown: live from the stream while running, final once answered. */
  call: CallRecord | null;
  running: boolean;
  progress: ProgressUpdate[];
  /** Browser time of the Cancel click, so progress after it is never shown as live. */
  cancelledAt: number | undefined;
}

function newCallId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `call-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Runs one tool and follows it. The POST resolves only when the call ends; meanwhile the
 * stream's start record (carrying the JSON-RPC id) lands in the history cache, and that id is
 * the progressToken of the call's notifications/progress.
 */
export function useToolCall(connectionId: string, tool: string) {
  const qc = useQueryClient();
  const [callId, setCallId] = useState<string | null>(null);
  const [cancelledAt, setCancelledAt] = useState<number | undefined>(undefined);
  const history = useQuery(callsQuery(connectionId, tool));
  const traffic = useQuery({ ...trafficQuery(connectionId), enabled: callId !== null });

  const run = useMutation({
    mutationFn: (input: { args: Record<string, unknown>; timeoutMs?: number; maxTotalTimeoutMs?: number }) => {
      const id = newCallId();
      setCallId(id);
      setCancelledAt(undefined);
      const { timeoutMs, maxTotalTimeoutMs } = input;
      return callApi.run(connectionId, {
        callId: id,
        name: tool,
        arguments: input.args,
        timeoutMs,
        ...(maxTotalTimeoutMs !== undefined ? { maxTotalTimeoutMs } : {}),
      });
    },
    onSuccess: (record) => {
      for (const q of qc.getQueryCache().findAll({ queryKey: callKeys.all(connectionId) })) {
        const t = toolOfCallKey(q.queryKey);
        if (t === null || t === record.tool) qc.setQueryData<CallRecord[]>(q.queryKey, (l) => upsertCall(l, record));
      }
      // The answer holds the whole result: opening this call from the history needs no second fetch.
      qc.setQueryData(callQuery(connectionId, record.id).queryKey, record);
    },
  });

  const cancel = useMutation({
    mutationFn: (id: string) => {
      setCancelledAt(Date.now());
      return callApi.cancel(connectionId, id);
    },
  });

  const fromStream = history.data?.find((c) => c.id === callId) ?? null;
  const answered = run.data && run.data.id === callId ? run.data : null;
  const call = answered ?? fromStream;
  const running = run.isPending || call?.status === "running";
  const requestId = call?.requestId ?? null;
  const progress = requestId !== null && traffic.data ? callProgress(traffic.data, requestId, cancelledAt ?? cancelAt(call)) : [];

  const state: ToolCallState = { call, running, progress, cancelledAt };
  return {
    state,
    /** Loupe's id of the latest call made here (known before the server answers). */
    callId,
    /**
     * The POST of the latest call is still open: its answer carries the whole result, so a large
     * result the stream announced without it must not be fetched a second time meanwhile.
     */
    awaitingAnswer: run.isPending,
    history,
    /** The POST itself failed (network, 4xx): the call never produced a record. */
    runError: run.error,
    run: (args: Record<string, unknown>, timeoutMs?: number, maxTotalTimeoutMs?: number) =>
      run.mutate({ args, timeoutMs, maxTotalTimeoutMs }),
    cancel: () => callId && cancel.mutate(callId),
    cancelError: cancel.error,
  };
}

/** A call cancelled elsewhere (another tab) has no local click time: use when it ended. */
function cancelAt(call: CallRecord | null): number | undefined {
  return call?.status === "cancelled" && call.endedAt !== null ? call.endedAt : undefined;
}
