"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { AppWindowIcon } from "lucide-react";
import type { ConnectionView } from "@/lib/contracts/connections";
import { toolUiResourceUri } from "@/lib/apps/tool-ui";
import { toolsQuery } from "@/lib/queries/tools";
import { SafeText } from "@/components/ui/safe-text";
import { QueryError } from "@/components/elements/query-error";
import { AppLauncher } from "@/components/mcp/apps/app-launcher";
import { cn } from "@/lib/cn";

/** The Apps tab: the server's tools that name a `ui://` View (SEP-1865), each openable by hand. */
export function AppsPanel({ connection }: { connection: ConnectionView }) {
  const connected = connection.state.status === "connected";
  const tools = useQuery({ ...toolsQuery(connection.id), enabled: connected });
  const apps = (tools.data?.tools ?? []).flatMap((t) => {
    const uri = toolUiResourceUri(t);
    return uri ? [{ tool: t, uri, key: t.loupe?.key ?? t.name }] : [];
  });
  const [picked, setPicked] = useState<string | null>(null);
  const current = apps.find((a) => a.key === picked) ?? apps[0] ?? null;

  if (!connected) return <p className="p-4 text-sm text-muted-foreground">Connect the server to list its apps.</p>;
  if (tools.isError)
    return <QueryError className="m-4" title="Could not list the tools" error={tools.error} onRetry={() => void tools.refetch()} />;
  if (tools.isPending) return <p className="p-4 text-sm text-muted-foreground">Listing tools…</p>;
  if (!apps.length)
    return (
      <p className="p-4 text-sm text-muted-foreground" data-testid="apps-empty">
        No tool of this server names an MCP app (<code>_meta.ui.resourceUri</code> with a <code>ui://</code> resource).
      </p>
    );
  return (
    <div className="flex min-h-0 flex-1" data-testid="apps-panel">
      <ul className="w-56 shrink-0 overflow-y-auto border-r p-2 lg:w-64" aria-label="App tools">
        {apps.map((a) => (
          <li key={a.key}>
            <button
              type="button"
              onClick={() => setPicked(a.key)}
              aria-current={current?.key === a.key}
              className={cn(
                "flex w-full min-w-0 flex-col items-start rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent",
                current?.key === a.key && "bg-accent",
              )}
              data-testid="app-tool"
            >
              <span className="flex items-center gap-1.5 font-medium">
                <AppWindowIcon className="size-3.5 shrink-0" />
                <SafeText text={a.key} />
              </span>
              <span className="w-full truncate font-mono text-xs text-muted-foreground">{a.uri}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="min-w-0 flex-1 overflow-y-auto p-4">
        {current && (
          <AppLauncher key={current.key} connectionId={connection.id} connected={connected} tool={current.tool} resourceUri={current.uri} />
        )}
      </div>
    </div>
  );
}
