import type { McpClientRequest, McpStaleCause } from "@/lib/contracts/mcp-requests";

/** The headline of a stale request: what ended it, in the user's words (STYLE rule 7: one map). */
export const STALE_TITLE: Record<McpStaleCause, string> = {
  loupe_stopped: "Stale — Loupe stopped",
  call_ended: "Stale — the call ended",
  server_cancelled: "Stale — the server cancelled it",
  session_ended: "Stale — the session ended",
};

/**
 * Why a request can no longer be answered, and what it asked (a request of an earlier run of
 * Loupe is only history: the question stays readable).
 */
export function StaleNotice({ request }: { request: McpClientRequest }) {
  const message = request.kind !== "sampling" && typeof request.params.message === "string" ? request.params.message : null;
  const url = request.kind === "elicitation_url" && typeof request.params.url === "string" ? request.params.url : null;
  return (
    <>
      <p className="text-sm font-medium" data-testid="request-stale-cause" data-cause={request.staleCause ?? "unknown"}>
        {request.staleCause ? STALE_TITLE[request.staleCause] : "Stale"}
      </p>
      <p className="text-sm text-muted-foreground">
        The server no longer waits for an answer{request.reason ? `: ${request.reason}` : "."}
      </p>
      {message !== null && (
        <p className="text-sm" data-testid="request-stale-asked">
          {message}
        </p>
      )}
      {url !== null && <code className="break-all font-mono text-xs text-muted-foreground">{url}</code>}
    </>
  );
}
