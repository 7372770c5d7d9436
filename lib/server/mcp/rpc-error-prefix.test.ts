import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import type { McpConnection } from "@/lib/server/mcp/connection";
import { upstreamError } from "@/lib/server/mcp/resources/errors";
import { taskRequestError } from "@/lib/server/mcp/tasks/records";

// An SDK server sends its McpError's message ("MCP error -32602: …"); the SDK client's McpError adds
// the prefix again. Every place that words a JSON-RPC error shows it once.
const doubled = new McpError(-32602, "MCP error -32602: Invalid arguments: uri");

describe("JSON-RPC error words outside tool calls", () => {
  it("resources, prompts and completion", () => {
    const conn = { config: { requestTimeoutMs: 1000 } } as unknown as McpConnection;
    expect(upstreamError(conn, "resources/read", doubled).message).toBe("resources/read failed: MCP error -32602: Invalid arguments: uri");
  });

  it("tasks", () => {
    expect(taskRequestError(doubled, "tasks/get").message).toBe("tasks/get failed: MCP error -32602: Invalid arguments: uri");
  });
});
