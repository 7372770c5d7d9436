import "server-only";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { AppError } from "@/lib/errors";
import { leaseWhereabouts, takenOverWhen } from "@/lib/server/cluster/whereabouts";
import { MCP_LEASE } from "@/lib/server/mcp/held-view";

/**
 * A server's request that is pending in the shared store but held by no SDK session of this instance
 * (issue 25): it waits on the instance holding the connection's lease. Said in words, with a code of
 * its own — not "pending", which read as a refusal without a reason. Undefined without a cluster, or
 * when this instance holds the connection (then the request is a stopped Loupe's, as before).
 */
export function requestElsewhere(request: McpClientRequest): AppError | undefined {
  const where = leaseWhereabouts(`${MCP_LEASE}:${request.connectionId}`);
  if (!where) return undefined;
  const details = { status: request.status, instance: where.instance, name: where.name, live: where.live, retry: where.live };
  const message = where.live
    ? `This request waits on ${where.name}, the Loupe instance holding ${request.connectionName}'s connection, not on this one, which could not hand it your answer. Answer again: an answer is sent to the instance holding the connection.`
    : `This request waits on ${where.name}, which holds ${request.connectionName}'s connection and stopped answering (${takenOverWhen(where)}). The server's request went with that instance's session: the instance that takes the server over closes it, and the server asks again there if it still needs an answer.`;
  return new AppError("conflict:mcp_request_elsewhere", message, details);
}
