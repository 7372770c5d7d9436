"use client";

import { Button } from "@/components/ui/button";
import { HeaderTable } from "@/components/elements/header-table";
import { formatDuration, formatUrlPath } from "@/lib/format";
import { httpStatusTone } from "@/components/elements/http-status";
import type { Entry } from "@/lib/contracts/entries";
import { ROUTING_HEADERS } from "@/lib/contracts/network";
import { cn } from "@/lib/cn";
import { exchangeForEntry, formatTtl, metaFields, resultHints } from "@/lib/protocols/mcp/wire";
import type { ListedExchange } from "@/lib/queries/network";
import { useWire } from "./wire-context";

const ROUTING: readonly string[] = ROUTING_HEADERS;

/** The headers of an exchange that say how a message was routed: SEP-2243 and session headers, content types. */
function routingOf(x: ListedExchange, dir: Entry["direction"]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(x.requestHeaders)) if (ROUTING.includes(k) || k.startsWith("mcp-")) out[k] = v;
  const type = dir === "out" ? x.requestHeaders["content-type"] : x.responseHeaders["content-type"];
  if (type) out["content-type"] = type;
  const session = x.responseHeaders["mcp-session-id"];
  if (session && !out["mcp-session-id"]) out["mcp-session-id"] = session;
  return out;
}

function Carrier({ x, dir, onOpen }: { x: ListedExchange; dir: Entry["direction"]; onOpen?: (id: string) => void }) {
  return (
    <div className="flex flex-col gap-1 rounded border p-2" data-testid="wire-carrier">
      <p className="flex flex-wrap items-center gap-2 font-mono">
        <span className="font-semibold">{x.method}</span>
        <span className={httpStatusTone(x.status)}>{x.status || "no answer"}</span>
        <span className="min-w-0 truncate text-muted-foreground">{formatUrlPath(x.url)}</span>
        <span className="text-muted-foreground">{x.stream ? "event stream" : formatDuration(x.durationMs)}</span>
        {onOpen && (
          <Button size="xs" variant="ghost" className="ml-auto" onClick={() => onOpen(x.id)}>
            Network
          </Button>
        )}
      </p>
      <HeaderTable headers={routingOf(x, dir)} testId="wire-headers" />
    </div>
  );
}

function Fields({ title, rows, testId }: { title: string; rows: { label: string; value: unknown; mono?: boolean }[]; testId: string }) {
  if (rows.length === 0) return null;
  return (
    <section className="flex flex-col gap-1" data-testid={testId}>
      <h3 className="font-semibold">{title}</h3>
      <dl className="grid grid-cols-[fit-content(45%)_minmax(0,1fr)] gap-x-3 gap-y-0.5">
        {rows.map((r) => (
          <div key={r.label} className="contents">
            <dt className="text-muted-foreground">{r.label}</dt>
            <dd className={cn("font-mono break-all", typeof r.value !== "string" && "whitespace-pre-wrap")}>
              {typeof r.value === "string" ? r.value : JSON.stringify(r.value, null, 1)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The wire around the messages of a traffic row, as readable fields: the HTTP exchange that
 * carried each one (routing headers), their `_meta`, and a result's `resultType` and cache hints.
 */
export function WireDetails({ entries }: { entries: readonly (Entry | undefined)[] }) {
  const wire = useWire();
  const legs = entries.filter((e): e is Entry => e !== undefined && e.protocol === "mcp" && e.kind === "message");
  if (legs.length === 0) return null;
  const found = legs.map((e) => ({ e, x: wire ? exchangeForEntry(wire.exchanges, e) : undefined }));
  // A request and its answer in one POST: that exchange is shown once.
  const carried = found.filter((c, i) => !c.x || found.findIndex((o) => o.x?.id === c.x?.id) === i);
  const both = (x: ListedExchange) => found.filter((c) => c.x?.id === x.id).length > 1;
  const hints = legs.map((e) => resultHints(e.raw)).find((h) => Object.keys(h).length > 0);
  return (
    <div className="flex flex-col gap-3 text-xs" data-testid="wire-details">
      {carried.some((c) => c.x) && (
        <section className="flex flex-col gap-1">
          <h3 className="font-semibold">HTTP</h3>
          {carried.map(({ e, x }) =>
            x ? (
              <div key={e.seq} className="flex flex-col gap-1">
                <span className="text-muted-foreground">
                  {both(x) ? "Sent and answered in" : e.direction === "out" ? "Sent in" : "Received in"}
                </span>
                <Carrier x={x} dir={e.direction} onOpen={wire?.onOpenNetwork} />
              </div>
            ) : null,
          )}
        </section>
      )}
      {legs.map((e) => (
        <Fields
          key={e.seq}
          title={e.direction === "out" ? (legs.length > 1 ? "_meta (request)" : "_meta") : legs.length > 1 ? "_meta (response)" : "_meta"}
          rows={metaFields(e.raw).map((f) => ({ label: f.label, value: f.value }))}
          testId="wire-meta"
        />
      ))}
      {hints && (
        <Fields
          title="Result"
          testId="wire-result"
          rows={[
            ...(hints.resultType !== undefined ? [{ label: "resultType", value: hints.resultType }] : []),
            ...(hints.ttlMs !== undefined ? [{ label: "Cache TTL (ttlMs)", value: formatTtl(hints.ttlMs) }] : []),
            ...(hints.cacheScope !== undefined ? [{ label: "Cache scope", value: hints.cacheScope }] : []),
          ]}
        />
      )}
    </div>
  );
}
