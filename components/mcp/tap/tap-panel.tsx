"use client";

import { useState } from "react";
import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ConnectionView } from "@/lib/contracts/connections";
import { connectionTapQuery } from "@/lib/queries/taps";
import { toolsQuery } from "@/lib/queries/tools";
import { useConnectionTap } from "@/hooks/use-tap";
import { Switch } from "@/components/ui/switch";
import { QueryError } from "@/components/elements/query-error";
import { TapEndpoint } from "@/components/mcp/tap/tap-endpoint";
import { TapPolicy } from "@/components/mcp/tap/tap-policy";
import { TapRoots } from "@/components/mcp/tap/tap-roots";
import { TapClients } from "@/components/mcp/tap/tap-clients";
import { TapTurnedAway } from "@/components/mcp/tap/tap-turned-away";
import { TapSnippets } from "@/components/mcp/tap/tap-snippets";
import { AggregateTaps } from "@/components/mcp/tap/aggregate-taps";
import { AdminGuard, useAdminAction } from "@/components/elements/role";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-2">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The Tap tab: serve this connection as an MCP server on Loupe's port so another client (Claude
 * Desktop, Cursor, an ADK McpToolset) uses it through Loupe, every call recorded and gateable.
 */
export function TapPanel({ connection: c, allConnections }: { connection: ConnectionView; allConnections: ConnectionView[] }) {
  const tap = useQuery(connectionTapQuery(c.id));
  const tools = useQuery({ ...toolsQuery(c.id), enabled: c.state.status === "connected" && Boolean(tap.data) });
  const m = useConnectionTap(c.id);
  const [shown, setShown] = useState(false);
  const secret = tap.data ?? null;
  const on = Boolean(secret);
  const busy = m.turnOn.isPending || m.turnOff.isPending;
  // Changing a tap is an admin's (team mode): the switch, the key's rotation, the policy and roots.
  const admin = useAdminAction();
  const failed = [m.turnOn, m.turnOff, m.rotate, m.settings].find((x) => x.isError)?.error;

  return (
    <div className="flex max-w-4xl min-w-0 flex-col gap-5 p-4 text-sm" data-testid="tap-panel" data-state={on ? "on" : "off"}>
      <div className="flex flex-wrap items-start gap-3">
        <Switch
          checked={on}
          // While a change is sent the switch is aria-disabled, not disabled: a disabled control
          // drops keyboard focus to the page.
          disabled={tap.isPending || admin.disabled}
          title={admin.title}
          aria-disabled={busy || undefined}
          onCheckedChange={(next) => {
            if (busy) return;
            if (next) m.turnOn.mutate();
            else m.turnOff.mutate();
          }}
          aria-label="Tap this server"
          data-testid="tap-switch"
        />
        <div className="min-w-0 flex-1">
          <p className="font-medium">{on ? "Tapped: MCP clients can reach this server through Loupe" : "Tap this server"}</p>
          <p className="text-xs text-muted-foreground">
            Loupe serves the server at its own URL with its own key. Point Claude Desktop, Cursor, VS Code or an agent at it instead of the
            server: every request is recorded in Traffic with the client named, and tool calls can wait for your approval in the inbox.
          </p>
        </div>
      </div>
      {tap.isError && <QueryError title="Could not read the tap" error={tap.error} onRetry={() => void tap.refetch()} />}
      {failed && (
        <p
          role="alert"
          className="rounded-md border border-destructive/30 bg-destructive/5 p-2 text-xs text-destructive"
          data-testid="tap-error"
        >
          {failed.message}
        </p>
      )}
      {secret && (
        <>
          <Section title="Endpoint">
            <TapEndpoint
              url={secret.url}
              sseUrl={secret.tap.sseUrl}
              secret={secret.key}
              keyHint={secret.tap.keyHint}
              onRotate={() => m.rotate.mutate()}
              rotating={m.rotate.isPending}
              shown={shown}
              onShownChange={setShown}
            />
            <AdminGuard>
              <TapRoots connection={c} />
            </AdminGuard>
          </Section>
          <Section title="Approvals">
            <AdminGuard>
              <TapPolicy
                connectionId={c.id}
                policy={secret.tap.policy}
                toolPolicies={secret.tap.toolPolicies}
                tools={(tools.data?.tools ?? []).map((t) => ({ name: t.name, readOnly: t.annotations?.readOnlyHint === true }))}
                pending={m.settings.isPending}
                onChange={(next) => m.settings.mutate(next)}
              />
            </AdminGuard>
          </Section>
          <Section title="Clients seen">
            <TapClients clients={secret.tap.clients} now={tap.dataUpdatedAt} />
            <TapTurnedAway items={secret.tap.turnedAway ?? []} now={tap.dataUpdatedAt} />
          </Section>
          <Section title="Client config">
            <TapSnippets
              name={secret.tap.name}
              url={secret.url}
              secret={secret.key}
              keyHint={secret.tap.keyHint}
              bin={secret.bin}
              shown={shown}
            />
          </Section>
        </>
      )}
      <AggregateTaps connection={c} allConnections={allConnections} />
    </div>
  );
}
