import "server-only";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { ClientCapabilities } from "@modelcontextprotocol/sdk/types.js";
import type { ClientCapabilitiesConfig } from "@/lib/contracts/connections";
import type { McpConnection } from "@/lib/server/mcp-connection";

/** What Loupe declares in initialize for a connection's capability choices. */
export function clientCapabilities(choice: ClientCapabilitiesConfig): ClientCapabilities {
  const caps: ClientCapabilities = {};
  if (choice.sampling) caps.sampling = {};
  if (choice.elicitationForm || choice.elicitationUrl) {
    caps.elicitation = {
      ...(choice.elicitationForm ? { form: { applyDefaults: true } } : {}),
      ...(choice.elicitationUrl ? { url: {} } : {}),
    };
  }
  if (choice.roots) caps.roots = { listChanged: true };
  if (choice.tasks) {
    caps.tasks = {
      list: {},
      cancel: {},
      requests: {
        ...(choice.sampling ? { sampling: { createMessage: {} } } : {}),
        ...(choice.elicitationForm || choice.elicitationUrl ? { elicitation: { create: {} } } : {}),
      },
    };
  }
  return caps;
}

/** Registers the sampling / elicitation / roots request handlers on a new client. */
export function installClientRequestHandlers(_conn: McpConnection, _client: Client, _gen: number): void {}
