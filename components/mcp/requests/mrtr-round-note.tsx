import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { SafeText } from "@/components/ui/safe-text";

/**
 * On the card of an in-band input request (2026-07-28 multi round-trip request): which round of
 * which waiting request it is. The answer is not a JSON-RPC reply: Loupe retries that request
 * with it (inputResponses, under the server's key) and the server's requestState.
 */
export function MrtrRoundNote({ request }: { request: McpClientRequest }) {
  const round = request.mrtr;
  if (!round) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="request-mrtr-round" data-round={round.round}>
      <span className="font-medium text-foreground">Round {round.round}</span> of <span className="font-mono">{round.method}</span>{" "}
      <SafeText text={round.target} className="font-mono font-medium text-foreground" /> (request #{String(round.firstRequestId)}) · asked
      in its input_required result as <code>{round.key}</code>; the answer goes back in the retried request
      {round.requestState !== undefined ? " with the server's requestState" : ""}
    </p>
  );
}
