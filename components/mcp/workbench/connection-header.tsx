"use client";

import { TabsList, TabsTrigger } from "@/components/ui/tabs";
import { SafeText } from "@/components/ui/safe-text";
import type { ConnectionView as Connection } from "@/lib/contracts/connections";
import { useConnectionPing } from "@/hooks/use-connection-actions";
import type { ConnectionActions as Actions } from "@/hooks/use-connection-actions";
import { ConnectionStatusDot, transportLabel } from "@/components/elements/peer/connection-status";
import { REMOVED_IN_MODERN } from "@/lib/protocols/mcp/eras";
import { ConnectionActions } from "./connection-actions";

export interface ConnectionHeaderProps {
  connection: Connection;
  actions: Actions;
  onEdit: () => void;
}

/** One server's header: name, status, transport and server, the tab list, and its lifecycle actions. */
export function ConnectionHeader({ connection: c, actions, onEdit }: ConnectionHeaderProps) {
  const busy = [actions.connect, actions.disconnect, actions.reconnect, actions.remove].some((m) => m.isPending && m.variables === c.id);
  const lastError = [actions.connect, actions.disconnect, actions.reconnect, actions.remove].find(
    (m) => m.isError && m.variables === c.id,
  )?.error;
  const ping = useConnectionPing(c.id);
  return (
    // Two rows at any width (issue 23: name, status, server, twelve tabs and the actions in one
    // wrapping row took three rows at 1440 px): who it is and what to do, then the tabs.
    <div className="flex shrink-0 flex-col gap-1.5 border-b px-3 py-2" data-testid="connection-header">
      <div className="flex min-w-0 items-center gap-x-3">
        <h1 className="min-w-0 shrink truncate text-sm font-semibold">
          <SafeText text={c.name} />
        </h1>
        {/* Never wrapped into "Connec / ted" at 1024 px: the name and the server line give way instead. */}
        <ConnectionStatusDot status={c.state.status} className="shrink-0 whitespace-nowrap" />
        <span className="min-w-0 truncate font-mono text-xs text-muted-foreground">
          {transportLabel(c)}
          {c.state.serverInfo && (
            <>
              {" · "}
              <SafeText text={`${c.state.serverInfo.name} ${c.state.serverInfo.version}`} />
            </>
          )}
        </span>
        <div className="ml-auto shrink-0">
          <ConnectionActions
            name={c.name}
            status={c.state.status}
            busy={busy}
            error={lastError ?? null}
            onConnect={() => actions.connect.mutate(c.id)}
            onDisconnect={() => actions.disconnect.mutate(c.id)}
            onReconnect={() => actions.reconnect.mutate(c.id)}
            onEdit={onEdit}
            onDelete={() => actions.remove.mutateAsync(c.id)}
            reconnect={c.state.reconnect}
            onPing={() => ping.mutate()}
            pinging={ping.isPending}
            lastPing={c.state.lastPing}
            pingError={ping.error?.message}
            pingRemoved={c.state.era?.mode === "modern" ? REMOVED_IN_MODERN.ping : undefined}
          />
        </div>
      </div>
      {/* Twelve tabs do not fit an 800 px window in one row: they wrap instead of being cut off. Each
          tab has its own height: a trigger's h-full made every row as tall as the whole list, so the
          second row fell outside it, over the panel (an HTTP connection at 1024 px). */}
      <TabsList className="h-auto max-w-full flex-wrap self-start [&>[data-slot=tabs-trigger]]:h-7">
        <TabsTrigger value="overview">Overview</TabsTrigger>
        <TabsTrigger value="tools">Tools</TabsTrigger>
        <TabsTrigger value="apps">Apps</TabsTrigger>
        <TabsTrigger value="resources">Resources</TabsTrigger>
        <TabsTrigger value="prompts">Prompts</TabsTrigger>
        <TabsTrigger value="tasks">Tasks</TabsTrigger>
        <TabsTrigger value="client">Client</TabsTrigger>
        {c.transport !== "stdio" && <TabsTrigger value="auth">Auth</TabsTrigger>}
        <TabsTrigger value="network">Network</TabsTrigger>
        <TabsTrigger value="traffic">Traffic</TabsTrigger>
        {c.transport === "http" && <TabsTrigger value="conformance">Conformance</TabsTrigger>}
        <TabsTrigger value="surface">Surface</TabsTrigger>
        <TabsTrigger value="tap" data-testid="tap-tab">
          Tap
          {c.tap && <span className="size-1.5 rounded-full bg-emerald-500" aria-label="(on)" />}
        </TabsTrigger>
      </TabsList>
    </div>
  );
}
