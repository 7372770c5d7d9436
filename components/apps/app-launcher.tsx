"use client";

import { useState } from "react";
import { AppWindowIcon, PlayIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SafeText } from "@/components/ui/safe-text";
import { SchemaFormEditor } from "@/components/schema-form/schema-form-editor";
import { ToolResultView } from "@/components/tool-result/tool-result-view";
import { QueryError } from "@/components/workbench/query-error";
import { AppView } from "@/components/apps/app-view";
import { useToolCall } from "@/hooks/use-tool-call";
import { defaultArgumentsForSchema, validateValue } from "@/lib/schema/form";
import { outcomeOf } from "@/lib/apps/outcome";
import type { Tool } from "@/lib/queries/tools";

export interface AppLauncherProps {
  connectionId: string;
  connected: boolean;
  tool: Tool;
  resourceUri: string;
}

type Launch = { kind: "open"; id: string; args: Record<string, unknown> } | { kind: "run" };

const newId = () => globalThis.crypto?.randomUUID?.() ?? `app-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * Opens one app with hand-entered input: "Open app" mounts the View and sends the arguments as
 * its tool input, calling nothing; "Run tool" calls the tool too and sends the View its result.
 */
export function AppLauncher({ connectionId, connected, tool, resourceUri }: AppLauncherProps) {
  const [args, setArgs] = useState<Record<string, unknown>>(() => defaultArgumentsForSchema(tool.inputSchema));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [launch, setLaunch] = useState<Launch | null>(null);
  const { state, run, runError } = useToolCall(connectionId, tool.name);
  const check = validateValue(tool.inputSchema, args);
  const errors = check.ok ? [] : check.errors;
  const blocked = !connected ? "Connect the server first" : jsonError ? `Fix the JSON first: ${jsonError}` : errors.length ? "Some arguments are invalid" : null;
  const call = launch?.kind === "run" ? state.call : null;

  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="app-launcher" data-tool={tool.name}>
      <h2 className="text-base font-semibold">
        <SafeText text={tool.name} />
        <span className="ml-2 font-mono text-xs font-normal text-muted-foreground">{resourceUri}</span>
      </h2>
      <SchemaFormEditor schema={tool.inputSchema} value={args} onChange={setArgs} errors={errors} onJsonErrorChange={setJsonError} idPrefix="app-args" />
      <div className="flex flex-wrap items-center gap-2 border-t pt-3">
        <Button variant="outline" disabled={blocked !== null} onClick={() => setLaunch({ kind: "open", id: newId(), args })} data-testid="app-open">
          <AppWindowIcon /> Open app
        </Button>
        <Button
          disabled={blocked !== null || state.running}
          onClick={() => {
            setLaunch({ kind: "run" });
            run(args);
          }}
          data-testid="app-run"
        >
          <PlayIcon /> Run tool
        </Button>
        {blocked && <span className="text-xs text-muted-foreground">{blocked}</span>}
      </div>
      {runError && <QueryError title="The call could not be made" error={runError} />}
      {launch?.kind === "open" && (
        <AppView connectionId={connectionId} tool={tool} resourceUri={resourceUri} appSessionId={launch.id} input={launch.args} outcome={null} />
      )}
      {call && (
        <>
          <AppView connectionId={connectionId} tool={tool} resourceUri={resourceUri} appSessionId={call.id} input={call.args} outcome={outcomeOf(call)} />
          <ToolResultView call={call} outputSchema={tool.outputSchema} />
        </>
      )}
    </div>
  );
}
