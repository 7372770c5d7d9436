import type { ConnectionInput } from "@/lib/contracts/connections";

/** The files Loupe writes: Claude Desktop / Cursor `mcpServers`, VS Code `servers`, the MCP Inspector's `--config`. */
export const EXPORT_SHAPES = ["mcpServers", "vscode", "inspector"] as const;
export type ExportShape = (typeof EXPORT_SHAPES)[number];

/** The file name each shape is usually saved under (the route's Content-Disposition and the browser's download alike). */
export const EXPORT_FILE_NAMES: Record<ExportShape, string> = {
  mcpServers: "mcp-servers.json",
  vscode: "mcp.json",
  inspector: "inspector-config.json",
};

/** How secrets leave: each env / header value and each URL through these (the route masks; `secrets=1` keeps them). */
export interface ExportMask {
  value(name: string, value: string): string;
  url(url: string): string;
}

const KEEP: ExportMask = { value: (_name, v) => v, url: (u) => u };

function maskAll(values: Record<string, string>, mask: ExportMask): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, mask.value(k, v)]));
}

/** One server in a shape; empty `env` / `headers` / `args` are left out, as people write them. */
function entryOf(c: ConnectionInput, shape: ExportShape, mask: ExportMask): Record<string, unknown> {
  if (c.transport === "stdio") {
    const env = maskAll(c.env, mask);
    return {
      ...(shape === "mcpServers" ? {} : { type: "stdio" }),
      command: c.command,
      ...(c.args.length ? { args: c.args } : {}),
      ...(Object.keys(env).length ? { env } : {}),
      ...(c.cwd ? { cwd: c.cwd } : {}),
    };
  }
  const headers = maskAll(c.headers, mask);
  const type = shape === "vscode" ? c.transport : shape === "inspector" ? (c.transport === "http" ? "streamable-http" : "sse") : undefined;
  return { ...(type ? { type } : {}), url: mask.url(c.url), ...(Object.keys(headers).length ? { headers } : {}) };
}

/** A name not yet taken in the file: a second "everything" becomes "everything-2". */
function uniqueName(name: string, taken: Set<string>): string {
  let out = name;
  for (let n = 2; taken.has(out); n++) out = `${name}-${n}`;
  taken.add(out);
  return out;
}

/** The servers as the chosen client's config file (an object to JSON.stringify). Pure. */
export function writeMcpConfig(servers: readonly ConnectionInput[], shape: ExportShape, mask: ExportMask = KEEP): Record<string, unknown> {
  const taken = new Set<string>();
  const entries: Record<string, unknown> = {};
  for (const server of servers) entries[uniqueName(server.name, taken)] = entryOf(server, shape, mask);
  return shape === "vscode" ? { servers: entries, inputs: [] } : { mcpServers: entries };
}
