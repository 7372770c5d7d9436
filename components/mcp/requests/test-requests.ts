// Test-only (Node): McpClientRequests built from the recorded server-everything params.
import { readFileSync } from "node:fs";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { MCP_FIXTURES } from "@/lib/testing/shared-fixtures";

const fixture = (name: string) => JSON.parse(readFileSync(`${MCP_FIXTURES}/server-everything/${name}`, "utf8")) as Record<string, unknown>;

/** `{message, requestedSchema}` of trigger-elicitation-request, as the server sends it. */
export const elicitationParams = () => fixture("fixture-elicitation-requestedSchema.json");
/** `sampling/createMessage` params of trigger-sampling-request. */
export const samplingParams = () => fixture("fixture-sampling-createMessage-params.json");

export function mcpRequest(over: Partial<McpClientRequest> & Pick<McpClientRequest, "kind" | "params">): McpClientRequest {
  return {
    id: "req-1",
    connectionId: "everything",
    connectionName: "everything (stdio)",
    sessionKey: "sess-1",
    jsonrpcId: 0,
    createdAt: 1795257300000,
    status: "pending",
    ...over,
  };
}
