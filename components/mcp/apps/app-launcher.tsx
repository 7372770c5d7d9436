"use client";

import { useState } from "react";
import { AppWindowIcon, PlayIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SafeText } from "@/components/ui/safe-text";
import { SchemaFormEditor } from "@/components/elements/schema-form/schema-form-editor";
import { ToolResultView } from "@/components/elements/tool-result/tool-result-view";
import { QueryError } from "@/components/elements/query-error";
import { AppView } from "@/components/mcp/apps/app-view";
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
  // As in the Tools tab: errors beside the fields appear after the first Open/Run attempt, then follow every edit.
  const [attempted, setAttempted] = useState(false);
  const check = validateValue(tool.inputSchema, args);
  const errors = attempted && !check.ok ? check.errors : [];
  const unready = !connected ? "Connect the server first" : null;
  const invalid = jsonError ? `Fix the JSON first: ${jsonError}` : !check.ok ? "Some arguments are invalid" : null;
  const call = launch?.kind === "run" ? state.call : null;
  const attempt = (go: () => void) => {
    setAttempted(true);
    if (invalid === null) go();
  };

  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="app-launcher" data-tool={tool.name}>
      <h2 className="text-base font-semibold">
        <SafeText text={tool.name} />
        <span className="ml-2 font-mono text-xs font-normal text-muted-foreground">{resourceUri}</span>
      </h2>
      {/* Above the form and sticky (at -top-4, over the scroll pane's p-4, so no field peeks above it): a long form (plan-trip) must not push Open/Run out of reach. */}
      <div
        className="sticky -top-4 z-10 -mx-1 flex flex-wrap items-center gap-2 border-b bg-background px-1 py-2"
        data-testid="app-actions"
      >
        <Button
          variant="outline"
          disabled={unready !== null}
          onClick={() => attempt(() => setLaunch({ kind: "open", id: newId(), args }))}
          data-testid="app-open"
        >
          <AppWindowIcon /> Open app
        </Button>
        <Button
          disabled={unready !== null || state.running}
          onClick={() =>
            attempt(() => {
              setLaunch({ kind: "run" });
              run(args);
            })
          }
          data-testid="app-run"
        >
          <PlayIcon /> Run tool
        </Button>
        {(unready ?? (attempted ? invalid : null)) && <span className="text-xs text-muted-foreground">{unready ?? invalid}</span>}
      </div>
      <SchemaFormEditor
        schema={tool.inputSchema}
        value={args}
        onChange={setArgs}
        errors={errors}
        onJsonErrorChange={setJsonError}
        idPrefix="app-args"
      />
      {runError && <QueryError title="The call could not be made" error={runError} />}
      {launch?.kind === "open" && (
        <AppView
          connectionId={connectionId}
          tool={tool}
          resourceUri={resourceUri}
          appSessionId={launch.id}
          input={launch.args}
          outcome={null}
        />
      )}
      {call && (
        <>
          <AppView
            connectionId={connectionId}
            tool={tool}
            resourceUri={resourceUri}
            appSessionId={call.id}
            input={call.args}
            outcome={outcomeOf(call)}
          />
          <ToolResultView call={call} outputSchema={tool.outputSchema} />
        </>
      )}
    </div>
  );
}
