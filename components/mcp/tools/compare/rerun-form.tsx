"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CallOrigin, CallRecord } from "@/lib/contracts/calls";
import type { AppError } from "@/lib/errors";
import { validateValue } from "@/lib/schema/form";
import { callApi, callKeys, callQuery } from "@/lib/queries/calls";
import { formatClock } from "@/lib/format";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { QueryError } from "@/components/elements/query-error";
import { ToolRunForm } from "@/components/mcp/tools/tool-run-form";
import { useRunLimits } from "@/components/mcp/tools/run-limits";
import type { RerunTarget } from "@/components/mcp/tools/compare/use-rerun-targets";

export interface RerunFormProps {
  original: CallRecord;
  target: RerunTarget;
  /** Every live connection with this tool, for the picker. */
  targets: RerunTarget[];
  onPick: (connectionId: string) => void;
  /** The new call ended (any status): compare it with the original. */
  onDone: (call: CallRecord) => void;
}

const ORIGIN: Record<CallOrigin["kind"], (o: CallOrigin) => string> = {
  playground: () => "by a playground model",
  tap: (o) => `via ${(o.kind === "tap" && o.client?.name) || "a tap client"}`,
  app: () => "by an MCP app",
};

function newCallId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `call-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The tool's form pre-filled with a recorded call's arguments; Run makes a new call through the normal call route. */
export function RerunForm({ original, target, targets, onPick, onDone }: RerunFormProps) {
  const qc = useQueryClient();
  const [args, setArgs] = useState<Record<string, unknown>>(original.args);
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [callId, setCallId] = useState<string | null>(null);
  const limits = useRunLimits(target.connection.requestTimeoutMs);
  const connectionId = target.connection.id;
  const run = useMutation<CallRecord, AppError, Record<string, unknown>>({
    mutationFn: (values) => {
      const id = newCallId();
      setCallId(id);
      const { timeoutMs, maxTotalTimeoutMs } = limits;
      return callApi.run(connectionId, { callId: id, name: original.tool, arguments: values, timeoutMs, maxTotalTimeoutMs });
    },
    onSuccess: (record) => {
      qc.setQueryData(callQuery(connectionId, record.id).queryKey, record);
      void qc.invalidateQueries({ queryKey: callKeys.all(connectionId) });
      onDone(record);
    },
  });
  const cancel = useMutation<unknown, AppError>({ mutationFn: () => callApi.cancel(connectionId, callId ?? "") });

  const validation = attempted ? validateValue(target.tool.inputSchema, args) : { ok: true as const };
  const errors = validation.ok ? [] : validation.errors;
  const blocked =
    jsonError !== null ? `Fix the JSON first: ${jsonError}` : errors.length > 0 ? `${errors.length} invalid field(s)` : limits.error;
  const start = (force: boolean) => {
    setAttempted(true);
    if (jsonError !== null || limits.error || (!force && !validateValue(target.tool.inputSchema, args).ok)) return;
    run.mutate(args);
  };
  return (
    <div className="flex flex-col gap-3" data-testid="rerun-form" data-connection={connectionId}>
      <p className="text-xs text-muted-foreground" data-testid="rerun-original">
        Recorded {formatClock(original.startedAt)}
        {original.origin ? ` ${ORIGIN[original.origin.kind](original.origin)}` : ""}. Edit the arguments, then Run: the new call is recorded
        in this tool&apos;s history and compared with the original.
      </p>
      {(targets.length > 1 || original.connectionId !== connectionId) && (
        <div className="flex items-center gap-2">
          <Label htmlFor="rerun-target" className="shrink-0 text-xs">
            Run on
          </Label>
          <NativeSelect id="rerun-target" data-testid="rerun-target" value={connectionId} onChange={(e) => onPick(e.target.value)}>
            {targets.map((t) => (
              <option key={t.connection.id} value={t.connection.id}>
                {t.connection.name}
                {t.connection.id === original.connectionId ? " (the original server)" : ""}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      <ToolRunForm
        schema={target.tool.inputSchema}
        value={args}
        onChange={setArgs}
        errors={errors}
        onJsonErrorChange={setJsonError}
        blocked={attempted ? blocked : limits.error}
        limits={limits}
        onSendAnyway={attempted && jsonError === null && errors.length > 0 && !limits.error ? () => start(true) : undefined}
        running={run.isPending}
        disabledReason={null}
        onRun={() => start(false)}
        onCancel={() => cancel.mutate()}
      />
      {run.isError && <QueryError title="The call could not be made" error={run.error} />}
      {cancel.isError && <QueryError title="Cancel failed" error={cancel.error} />}
    </div>
  );
}
