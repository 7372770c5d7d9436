import type { TapClient } from "@/lib/contracts/taps";
import { SafeText } from "@/components/ui/safe-text";
import { formatRelative } from "@/lib/format";

/** Which era a revision belongs to, as the Overview says it. */
function eraOf(version: string | undefined): string {
  if (!version) return "—";
  return version >= "2026-07-28" ? `${version} (stateless)` : `${version} (session)`;
}

export interface TapClientsProps {
  clients: TapClient[];
  /** The time "last seen" is measured from (the query's fetch time, so the render stays pure). */
  now: number;
}

/** The MCP clients that reached the tap, newest first (name and version from their clientInfo). */
export function TapClients({ clients, now }: TapClientsProps) {
  if (clients.length === 0) {
    return (
      <p className="text-xs text-muted-foreground" data-testid="tap-clients-empty">
        No client has connected yet. Paste a config below into a client, or run the curl example.
      </p>
    );
  }
  return (
    <table className="w-full text-left text-xs" data-testid="tap-clients">
      <thead className="text-muted-foreground">
        <tr>
          <th className="py-1 pr-3 font-normal">Client</th>
          <th className="py-1 pr-3 font-normal">Version</th>
          <th className="py-1 pr-3 font-normal">Protocol</th>
          <th className="py-1 font-normal">Last seen</th>
        </tr>
      </thead>
      <tbody>
        {clients.map((c) => (
          <tr key={`${c.name}\u0000${c.version ?? ""}`} className="border-t" data-testid="tap-client">
            <td className="py-1 pr-3 font-medium">
              <SafeText text={c.name} />
            </td>
            <td className="py-1 pr-3 font-mono">{c.version ? <SafeText text={c.version} /> : "—"}</td>
            <td className="py-1 pr-3 font-mono">{eraOf(c.protocolVersion)}</td>
            <td className="py-1" title={new Date(c.lastSeenAt).toLocaleString()}>
              {formatRelative(c.lastSeenAt, now)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
