import { serverKey } from "@/lib/schema/portability/names";

/**
 * The config entries a user pastes into an MCP client to reach a tap (issue 10). Pure, shared by
 * the Tap panel and its tests. The entry's key is the Portability `serverKey` of the tap's name,
 * the identifier hosts namespace tools with (so the names the model sees match the playground's).
 */

export type SnippetKind = "claude" | "claude-node" | "cursor" | "vscode" | "curl";

/** The npm package whose bin bridges stdio to a tap (`loupe` on the registry is an unrelated package). */
export const TAP_PACKAGE = "loupe-inspector";

export const SNIPPET_LABEL: Record<SnippetKind, string> = {
  claude: "Claude Desktop",
  "claude-node": "Claude Desktop (offline)",
  cursor: "Cursor",
  vscode: "VS Code",
  curl: "curl",
};

/** Where each snippet goes, in words under it. */
export const SNIPPET_WHERE: Record<SnippetKind, string> = {
  claude: `claude_desktop_config.json. Claude Desktop starts a command over stdio; npx runs the ${TAP_PACKAGE} package's tap bridge, which bridges it to the tap and finds the key in Loupe's taps.json (add --data-dir <dir> when Loupe runs with another LOUPE_DATA_DIR).`,
  "claude-node":
    "claude_desktop_config.json, with nothing to download: node runs this Loupe's own bridge by its absolute path on this machine, which finds the key in Loupe's taps.json.",
  cursor: "~/.cursor/mcp.json (or .cursor/mcp.json in a project). Cursor speaks Streamable HTTP and sends the key as a header.",
  vscode: ".vscode/mcp.json in the workspace (or the user's mcp.json).",
  curl: "An initialize request by hand (2025-11-25): the answer shows the session id header to send on the next request.",
};

export interface SnippetInput {
  /** The tap's name (a connection's name, or the aggregate tap's). */
  name: string;
  url: string;
  /** The key, or a placeholder while it is hidden. */
  key: string;
  /** The absolute path of this Loupe's tap bridge (TapSecret.bin), for the offline snippet. */
  bin: string;
}

/** Indented JSON with short arrays of plain values on one line (`"args": ["loupe", "tap", "x"]`). */
function json(value: unknown): string {
  // A JSON string never holds a raw newline, so ",\n" inside the brackets is always a separator.
  return JSON.stringify(value, null, 2).replace(
    /\[\n\s*([^[\]{}]*?)\n\s*\]/g,
    (_all, inner: string) => `[${inner.replace(/,\n\s*/g, ", ")}]`,
  );
}

export function tapSnippet(kind: SnippetKind, { name, url, key, bin }: SnippetInput): string {
  const entry = serverKey(name);
  const headers = { Authorization: `Bearer ${key}` };
  switch (kind) {
    case "claude":
      // -y: Claude Desktop has no terminal to answer npx's "Ok to proceed?".
      return json({ mcpServers: { [entry]: { command: "npx", args: ["-y", TAP_PACKAGE, "tap", name] } } });
    case "claude-node":
      return json({ mcpServers: { [entry]: { command: "node", args: [bin, "tap", name] } } });
    case "cursor":
      return json({ mcpServers: { [entry]: { url, headers } } });
    case "vscode":
      return json({ servers: { [entry]: { type: "http", url, headers } } });
    case "curl": {
      const body = JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "curl", version: "1.0.0" } },
      });
      return [
        `curl -i ${shellQuote(url)} \\`,
        `  -H ${shellQuote(`Authorization: Bearer ${key}`)} \\`,
        "  -H 'Content-Type: application/json' \\",
        "  -H 'Accept: application/json, text/event-stream' \\",
        `  -d ${shellQuote(body)}`,
      ].join("\n");
    }
  }
}

/** POSIX single quotes: a quote inside becomes '\'' . */
function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** What a hidden key shows as in the snippets: the last 4 characters, so the user still recognises it. */
export function maskedKey(keyHint: string): string {
  return `••••••••${keyHint}`;
}
