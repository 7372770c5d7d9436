"use client";

import { useMemo, useState } from "react";
import { z } from "zod";
import { mcpTrafficScopeSchema } from "@/lib/contracts/bundle";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import { HTTP_EXCHANGE_KIND } from "@/lib/contracts/network";
import { isRecord } from "@/lib/values";
import { mergeExchanges } from "@/lib/queries/network";
import { formatClockMs, plural } from "@/lib/format";
import { Badge } from "@/components/ui/badge";
import { SafeText } from "@/components/ui/safe-text";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { TrafficTimeline } from "@/components/mcp/traffic/traffic-timeline";
import { WireContext } from "@/components/mcp/traffic/wire-context";
import type { BundleUnitViewProps } from "@/lib/workbench/slots";
import { bundleEntries } from "@/lib/bundle-entries";
import { RecordedCalls } from "./recorded-calls";
import { RecordedInbox } from "@/components/elements/recorded-inbox";

const TABS = ["traffic", "calls", "inbox"] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string): value is Tab => TABS.some((t) => t === value);

/** What the connection part may say beyond the envelope's fields (a Loupe export; a converted log has less). */
const connectionExtrasSchema = z.object({
  serverInfo: z.object({ name: z.string().optional(), version: z.string().optional() }).optional(),
  era: z.object({ version: z.string().optional(), mode: z.string().optional() }).optional(),
  protocolVersion: z.string().optional(),
});

function scopeText(value: unknown): string | null {
  const read = mcpTrafficScopeSchema.safeParse(value);
  if (!read.success) return null;
  const scope = read.data;
  if (scope.kind === "all") return "All traffic";
  if (scope.kind === "range") return `Received ${formatClockMs(scope.from)} – ${formatClockMs(scope.to)}`;
  return plural(scope.seqs.length, "selected entry", "selected entries");
}

/**
 * An imported MCP traffic bundle, read-only: the live traffic timeline (pairing, MRTR rounds,
 * filters, detail with the HTTP exchange that carried each message) fed from the bundle's entries,
 * the tool calls made through Loupe, and the recorded inbox. Works from `entries` alone (a
 * converted MCP Inspector log has no calls); nothing here talks to a server.
 */
export function McpTrafficView({ bundle }: BundleUnitViewProps) {
  const [tab, setTab] = useState<Tab>("traffic");
  const all = useMemo(() => bundleEntries(bundle), [bundle]);
  // As in the live panel: HTTP exchanges are not rows, they say what carried each message.
  const entries = useMemo(() => all.filter((e) => e.kind !== HTTP_EXCHANGE_KIND), [all]);
  const wire = useMemo(() => {
    const exchanges = all.flatMap((e) => {
      const exchange = entryPayload(e, HTTP_EXCHANGE_KIND);
      return exchange ? [{ ...exchange, seq: e.seq }] : [];
    });
    return exchanges.length > 0 ? { exchanges: mergeExchanges(undefined, exchanges) } : null;
  }, [all]);
  const snapshot = isRecord(bundle.snapshot) ? bundle.snapshot : {};
  const calls: unknown[] = Array.isArray(snapshot.calls) ? snapshot.calls : [];
  const scope = scopeText(snapshot.scope ?? (bundle.unit.type === "mcp-traffic" ? bundle.unit.scope : null));
  const extras = connectionExtrasSchema.safeParse(bundle.connection);
  const c = { ...bundle.connection, ...(extras.success ? extras.data : {}) };

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="mcp-traffic-bundle-view">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b px-3 py-1.5 text-xs" data-testid="mcp-traffic-bundle-connection">
        <SafeText text={c.name} className="font-medium" />
        {c.target && <SafeText text={c.target} className="max-w-[28rem] truncate font-mono text-muted-foreground" />}
        {c.transport && <Badge variant="secondary">{c.transport}</Badge>}
        {c.serverInfo?.name && (
          <span className="text-muted-foreground">
            server {c.serverInfo.name} {c.serverInfo.version ?? ""}
          </span>
        )}
        {(c.era?.version ?? c.protocolVersion) && (
          <span className="text-muted-foreground">protocol {c.era?.version ?? c.protocolVersion}</span>
        )}
        {scope && <span data-testid="mcp-traffic-bundle-scope">{scope}</span>}
      </div>
      <Tabs value={tab} onValueChange={(v) => isTab(v) && setTab(v)} className="min-h-0 flex-1 gap-0">
        <TabsList className="mx-3 mt-2">
          <TabsTrigger value="traffic" data-testid="mcp-traffic-bundle-tab-traffic">
            Traffic
          </TabsTrigger>
          <TabsTrigger value="calls" data-testid="mcp-traffic-bundle-tab-calls">
            Tool calls ({calls.length})
          </TabsTrigger>
          <TabsTrigger value="inbox" data-testid="mcp-traffic-bundle-tab-inbox">
            Inbox ({bundle.inbox.length})
          </TabsTrigger>
        </TabsList>
        <TabsContent value="traffic" className="flex min-h-0 flex-col">
          <WireContext.Provider value={wire}>
            <TrafficTimeline entries={entries} />
          </WireContext.Provider>
        </TabsContent>
        <TabsContent value="calls" className="min-h-0 overflow-auto">
          <RecordedCalls calls={calls} />
        </TabsContent>
        <TabsContent value="inbox" className="min-h-0 overflow-auto">
          <RecordedInbox rows={bundle.inbox} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
