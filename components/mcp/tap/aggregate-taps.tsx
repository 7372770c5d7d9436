"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ConnectionView } from "@/lib/contracts/connections";
import type { TapView } from "@/lib/contracts/taps";
import { tapSecretQuery, tapsQuery } from "@/lib/queries/taps";
import { useAggregateTaps } from "@/hooks/use-tap";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SafeText } from "@/components/ui/safe-text";
import { TapEndpoint } from "@/components/mcp/tap/tap-endpoint";
import { TapClients } from "@/components/mcp/tap/tap-clients";
import { TapSnippets } from "@/components/mcp/tap/tap-snippets";
import { AggregateTapDialog } from "@/components/mcp/tap/aggregate-tap-dialog";
import { NativeSelect } from "@/components/ui/native-select";
import type { ApprovalPolicy } from "@/lib/contracts/approvals";
import { useAdminAction } from "@/components/elements/role";
import { plural } from "@/lib/format";

const POLICY_SHORT: Record<ApprovalPolicy, string> = {
  never: "Never ask",
  unless_read_only: "Ask unless read-only",
  always: "Ask for every call",
};

/** One aggregate tap's URL, key and snippets, read (with the key) only once the user opens it. */
function AggregateDetails({ tap }: { tap: TapView }) {
  const secret = useQuery(tapSecretQuery(tap.id));
  const { patch } = useAggregateTaps();
  const [shown, setShown] = useState(false);
  if (!secret.data) return <p className="text-xs text-muted-foreground">{secret.isError ? secret.error.message : "Loading…"}</p>;
  return (
    <div className="flex min-w-0 flex-col gap-3 border-t pt-3">
      <TapEndpoint
        url={secret.data.url}
        sseUrl={tap.sseUrl}
        secret={secret.data.key}
        keyHint={tap.keyHint}
        shown={shown}
        onShownChange={setShown}
        rotating={patch.isPending}
        onRotate={() => patch.mutate({ tapId: tap.id, settings: { rotate: true } })}
      />
      <TapClients clients={tap.clients} now={secret.dataUpdatedAt} />
      <TapSnippets
        name={tap.name}
        url={secret.data.url}
        secret={secret.data.key}
        keyHint={tap.keyHint}
        bin={secret.data.bin}
        shown={shown}
      />
    </div>
  );
}

/** Aggregate taps that serve this connection together with others, and a way to make one. */
export function AggregateTaps({ connection, allConnections }: { connection: ConnectionView; allConnections: ConnectionView[] }) {
  const taps = useQuery(tapsQuery());
  const { create, patch, remove } = useAggregateTaps();
  const [creating, setCreating] = useState(false);
  const admin = useAdminAction();
  const [open, setOpen] = useState<string | null>(null);
  const names = new Map(allConnections.map((c) => [c.id, c.name]));
  const mine = (taps.data ?? []).filter((t) => t.kind === "aggregate" && t.connectionIds.includes(connection.id));
  return (
    <section className="flex min-w-0 flex-col gap-2 border-t pt-4" data-testid="aggregate-taps">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Aggregate taps</h3>
        <Button
          size="xs"
          variant="outline"
          className="ml-auto"
          {...admin}
          onClick={() => {
            create.reset();
            setCreating(true);
          }}
          data-testid="aggregate-tap-new"
        >
          New aggregate tap…
        </Button>
      </div>
      {mine.length === 0 && (
        <p className="text-xs text-muted-foreground">
          Serve this server together with others as one MCP server, tool names prefixed by server.
        </p>
      )}
      <ul className="flex flex-col gap-2">
        {mine.map((t) => (
          <li key={t.id} className="flex min-w-0 flex-col gap-2 rounded-md border p-3" data-testid="aggregate-tap">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">
                <SafeText text={t.name} />
              </span>
              <Badge variant="outline">{plural(t.connectionIds.length, "server")}</Badge>
              <span className="min-w-0 truncate text-xs text-muted-foreground">
                <SafeText text={t.connectionIds.map((id) => names.get(id) ?? id).join(", ")} />
              </span>
              <span className="ml-auto inline-flex items-center gap-1">
                <span className="w-44">
                  <NativeSelect
                    value={t.policy}
                    disabled={patch.isPending}
                    onChange={(e) => patch.mutate({ tapId: t.id, settings: { policy: e.target.value as ApprovalPolicy } })}
                    aria-label={`Approval for ${t.name}`}
                    className="h-6 text-xs"
                  >
                    {(Object.keys(POLICY_SHORT) as ApprovalPolicy[]).map((p) => (
                      <option key={p} value={p}>
                        {POLICY_SHORT[p]}
                      </option>
                    ))}
                  </NativeSelect>
                </span>
                <Button size="xs" variant="ghost" onClick={() => setOpen(open === t.id ? null : t.id)} aria-expanded={open === t.id}>
                  {open === t.id ? "Hide" : "URL, key and config"}
                </Button>
                <Button
                  size="xs"
                  variant="ghost"
                  disabled={remove.isPending || admin.disabled}
                  title={admin.title}
                  onClick={() => remove.mutate(t.id)}
                >
                  Turn off
                </Button>
              </span>
            </div>
            {open === t.id && <AggregateDetails tap={t} />}
          </li>
        ))}
      </ul>
      {creating && (
        <AggregateTapDialog
          open
          onOpenChange={setCreating}
          connections={allConnections.map((c) => ({ id: c.id, name: c.name }))}
          initial={[connection.id]}
          pending={create.isPending}
          error={create.error}
          onCreate={(input) =>
            create.mutate(input, {
              onSuccess: (secret) => {
                setCreating(false);
                setOpen(secret.tap.id);
              },
            })
          }
        />
      )}
    </section>
  );
}
