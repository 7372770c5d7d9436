import { ROUTING_HEADERS } from "@/lib/contracts/network";
import { cn } from "@/lib/cn";

const FIRST: readonly string[] = ROUTING_HEADERS;
/** Headers worth a glance besides the routing ones: what the body is, and auth challenges. */
const NOTABLE = new Set(["content-type", "www-authenticate", "accept", "authorization"]);

function isMcp(name: string): boolean {
  return FIRST.includes(name) || name.startsWith("mcp-");
}

/** Headers as name/value rows, MCP routing and session headers first and marked. */
export function HeaderTable({ headers, testId }: { headers: Record<string, string>; testId: string }) {
  const rows = Object.entries(headers).sort(([a], [b]) => Number(isMcp(b)) - Number(isMcp(a)) || a.localeCompare(b));
  if (rows.length === 0) return <p className="text-xs text-muted-foreground">(none)</p>;
  return (
    <dl className="grid grid-cols-[fit-content(45%)_minmax(0,1fr)] gap-x-3 gap-y-0.5 font-mono text-[11px]" data-testid={testId}>
      {rows.map(([name, value]) => (
        <div key={name} className="contents" data-header={name}>
          {/* The name wraps at its hyphens (never cut: "mcp-protocol-ver…" hid which header it was); only an unbreakable name breaks inside. */}
          <dt
            className={cn(
              "break-words",
              isMcp(name) ? "font-semibold text-sky-700 dark:text-sky-300" : NOTABLE.has(name) ? "font-medium" : "text-muted-foreground",
            )}
            title={name}
          >
            {name}
          </dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
