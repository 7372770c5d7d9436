"use client";

import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { AppWindowIcon } from "lucide-react";
import { parseAppResource } from "@/lib/apps/app-resource";
import { cleanCspSummary } from "@/lib/apps/csp-summary";
import { appsSandboxQuery } from "@/lib/queries/apps";
import { readResourceQuery } from "@/lib/queries/resources";
import { toolsQuery, type Tool } from "@/lib/queries/tools";
import { QueryError } from "@/components/elements/query-error";
import { AppFrame } from "@/components/mcp/apps/app-frame";
import type { AppOutcome } from "@/components/mcp/apps/use-app-host";

export interface AppViewProps {
  connectionId: string;
  tool: Tool;
  resourceUri: string;
  /** A new id mounts a new View (each call gets its own app instance). */
  appSessionId: string;
  input: Record<string, unknown> | null;
  outcome: AppOutcome | null;
}

/**
 * The app of a tool (SEP-1865): Loupe reads its `ui://` resource through the connection
 * (`resources/read`, on the timeline like any read) and runs it in the sandbox of the second origin.
 */
export function AppView(p: AppViewProps) {
  const sandbox = useQuery(appsSandboxQuery());
  const read = useQuery(readResourceQuery(p.connectionId, p.resourceUri));
  const tools = useQuery(toolsQuery(p.connectionId));
  const resource = useMemo(() => (read.data ? parseAppResource(read.data.result, p.resourceUri) : null), [read.data, p.resourceUri]);

  let body: React.ReactNode;
  if (sandbox.isError) body = <QueryError title="Could not reach the apps sandbox" error={sandbox.error} />;
  else if (read.isError)
    body = <QueryError title={`Could not read ${p.resourceUri}`} error={read.error} onRetry={() => void read.refetch()} />;
  else if (!sandbox.data || !resource) body = <p className="text-xs text-muted-foreground">Reading the app…</p>;
  else if ("error" in sandbox.data)
    body = (
      <p className="text-sm text-destructive" data-testid="apps-off">
        MCP apps are off: {sandbox.data.error}
      </p>
    );
  else if ("error" in resource)
    body = (
      <p className="text-sm text-destructive" data-testid="app-resource-error">
        {resource.error}
      </p>
    );
  else
    body = (
      <>
        <p className="text-xs text-muted-foreground" data-testid="app-csp">
          {cleanCspSummary(resource.csp)}
          {resource.warnings.map((w) => ` · ${w}`)}
        </p>
        <AppFrame
          key={p.appSessionId}
          {...p}
          tools={tools.data?.tools ?? [p.tool]}
          resource={resource}
          sandboxOrigin={sandbox.data.origin}
        />
      </>
    );
  return (
    <section className="flex min-w-0 flex-col gap-2 rounded-lg border p-3" data-testid="app-view" data-tool={p.tool.name}>
      <h3 className="flex items-center gap-1.5 text-sm font-medium">
        <AppWindowIcon className="size-4" /> App
      </h3>
      {body}
    </section>
  );
}
