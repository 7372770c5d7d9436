/** "MCP error -32602: " as the SDK's McpError writes it before the message it was given. */
const PREFIX = /^(?:MCP error -?\d+: )+/;

/**
 * A JSON-RPC error's words with the SDK prefix once. An SDK server sends its McpError's message
 * (prefix included) and the SDK client prefixes it again: "MCP error -32602: MCP error -32602: …".
 */
export function rpcErrorText(message: string): string {
  return message.replace(PREFIX, (all) => /^MCP error -?\d+: /.exec(all)?.[0] ?? all);
}

/** The words alone, without any SDK prefix (for errors Loupe itself put on the wire locally). */
export function stripRpcPrefix(message: string): string {
  return message.replace(PREFIX, "");
}
