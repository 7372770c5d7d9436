import type { ConnectionState } from "@/lib/contracts/connections";

/**
 * Why a feature panel (resources, prompts) has nothing to show yet: the server is not connected,
 * or its initialize answer does not declare the capability. Null when the panel can list.
 */
export function capabilityNotice(
  state: ConnectionState,
  capability: "resources" | "prompts",
  connectTo: string,
): React.ReactElement | null {
  if (state.status !== "connected") {
    return (
      <p className="m-auto p-6 text-sm text-muted-foreground" data-testid={`${capability}-not-connected`}>
        {state.status === "connecting" ? "Connecting…" : `Connect the server to ${connectTo}.`}
      </p>
    );
  }
  if (state.capabilities === undefined || !state.capabilities[capability]) {
    return (
      <p className="m-auto p-6 text-sm text-muted-foreground" data-testid={`${capability}-unsupported`}>
        This server does not offer {capability} (its initialize answer declares no &quot;{capability}&quot; capability).
      </p>
    );
  }
  return null;
}
