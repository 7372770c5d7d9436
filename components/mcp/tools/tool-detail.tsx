"use client";

import { useState } from "react";
import { useCan } from "@/components/elements/role";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionView } from "@/lib/contracts/connections";
import type { ToolCollision } from "@/lib/protocols/mcp/collisions";
import type { Tool } from "@/lib/queries/tools";
import { QueryError } from "@/components/elements/query-error";
import { JsonBlock } from "@/components/elements/json-block";
import { CallHistory } from "@/components/mcp/tools/call-history";
import { ToolHeader } from "@/components/mcp/tools/tool-header";
import { ToolRunForm } from "@/components/mcp/tools/tool-run-form";
import { ToolNotes } from "@/components/mcp/tools/tool-notes";
import { ToolRunOutput } from "@/components/mcp/tools/tool-run-output";
import { useToolRun } from "@/components/mcp/tools/use-tool-run";
import { SaveCallCase } from "@/components/mcp/tools/save-call-case";
import { PortabilityPanel } from "@/components/elements/portability/portability-panel";

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
  // Team mode: running tools is an admin's (the server refuses it to others; this says why).
  const runTools = useCan("admin");
  const [tab, setTab] = useState("run");
  const [compareFrom, setCompareFrom] = useState<CallRecord | null>(null);
  const r = useToolRun(connection, tool);
  const { history } = r.call;
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
            value={r.args}
            onChange={r.setArgs}
            errors={r.errors}
            onJsonErrorChange={r.setJsonError}
            blocked={r.attempted ? r.blocked : r.timeoutError}
            limits={r.limits}
            onSendAnyway={
              r.attempted && r.jsonError === null && r.errors.length > 0 && !r.timeoutError ? () => r.start(r.args, true, true) : undefined
            }
            running={r.call.state.running || r.createTask.isPending}
            disabledReason={runTools.why ?? (connection.state.status === "connected" ? null : "Connect the server to run tools")}
            onRun={() => r.start(r.args, true)}
            onCancel={r.call.cancel}
            taskMode={r.taskMode}
            asTask={r.asTask}
            onAsTaskChange={r.setAsTask}
          />
          <ToolRunOutput connection={connection} tool={tool} run={r} onOpenTask={onOpenTask} />
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
          activeId={r.shown?.id ?? null}
          onView={r.setViewing}
          actions={(c) => <SaveCallCase call={c} />}
          onRerun={(c) => (onOpenRerun ? onOpenRerun(c.id) : void r.argsOf(c).then((a) => r.start(a, false)))}
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
            void r.argsOf(c).then((a) => {
              r.setArgs(a);
              setTab("run");
            })
          }
        />
      )}
    </div>
  );
}
