import { DEFAULT_CLIENT_CAPABILITIES } from "@/lib/contracts/connections";
import type { ConnectionView } from "@/lib/contracts/connections";

/**
 * Whose roots the server sees when its tap is in use (the rule is lib/server/mcp/tap/roots.ts):
 * Loupe's connection to the server is one, shared by Loupe and every tapped client, so the server
 * has one list of roots at a time.
 */
export const TAP_ROOTS_RULE =
  "The server sees the roots of the tapped client that connected last, or last said its roots changed, while that client stays connected; " +
  "with none connected, this connection's own roots (Client tab). A roots request during a tapped call goes to the calling client. " +
  "Aggregate taps follow the same rule for each of their servers.";

export const TAP_ROOTS_OFF =
  "Roots are off for this connection (Client tab): the server is not asked for roots, so tapped clients' roots do not reach it.";

/** One line under the tap's endpoint saying which roots the server gets. */
export function TapRoots({ connection }: { connection: ConnectionView }) {
  const on = (connection.clientCapabilities ?? DEFAULT_CLIENT_CAPABILITIES).roots;
  return (
    <p className="text-xs text-muted-foreground" data-testid="tap-roots" data-state={on ? "forwarded" : "off"}>
      {on ? TAP_ROOTS_RULE : TAP_ROOTS_OFF}
    </p>
  );
}
