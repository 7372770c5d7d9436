import { ConnectionInput } from "@/lib/contracts/connections";
import { isRecord } from "@/lib/values";
import type { JsonRecord } from "@/lib/values";
import { parseJsonc } from "./jsonc";
import { resolvePlaceholders } from "./placeholders";
import type { ResolveContext } from "./placeholders";
import type { ConfigEntry, ConfigReport, ConfigShape } from "./types";

/** More servers than any real file lists: a bigger one is refused whole rather than half read. */
export const MAX_CONFIG_ENTRIES = 500;

const DEFAULT_TIMEOUT_MS = 60_000;

/** `type` values of each client, mapped to Loupe's transports (`http` = Streamable HTTP, falling back to SSE). */
const TYPES: Record<string, "stdio" | "http" | "sse"> = {
  stdio: "stdio",
  http: "http",
  "streamable-http": "http",
  streamableHttp: "http",
  sse: "sse",
};

/** Collects an entry's problems and notes while its fields are read. */
class EntryReader {
  readonly problems: string[] = [];
  readonly notes: string[] = [];

  constructor(
    private readonly ctx: ResolveContext,
    private readonly claudeCodeVars: boolean,
  ) {}

  /** A field that must resolve whole (command, args, url, cwd): an unresolved placeholder makes the entry unusable. */
  strict(where: string, text: string): string {
    const r = resolvePlaceholders(text, this.ctx, this.claudeCodeVars);
    for (const u of r.unresolved) this.problems.push(`${where}: ${u.why}`);
    return r.value;
  }

  /** A value the user can fill in after import (env, headers): left empty, with a note. */
  lenient(where: string, text: string): string {
    const r = resolvePlaceholders(text, this.ctx, this.claudeCodeVars);
    if (!r.unresolved.length) return r.value;
    for (const u of r.unresolved) this.notes.push(`${where}: ${u.why}`);
    return "";
  }

  stringList(field: string, value: unknown): string[] {
    if (value === undefined) return [];
    if (!Array.isArray(value) || value.some((v) => typeof v !== "string" && typeof v !== "number")) {
      this.problems.push(`\`${field}\` must be a list of strings`);
      return [];
    }
    return value.map((v, i) => this.strict(`${field}[${i}]`, String(v)));
  }

  stringMap(field: string, value: unknown): Record<string, string> {
    if (value === undefined || value === null) return {};
    if (!isRecord(value)) {
      this.problems.push(`\`${field}\` must be an object of name → value`);
      return {};
    }
    const out: Record<string, string> = {};
    for (const [key, v] of Object.entries(value)) {
      if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") out[key] = this.lenient(`${field} ${key}`, String(v));
      else this.problems.push(`\`${field}\` ${key} is not a string`);
    }
    return out;
  }
}

/** Whose file an `mcpServers` entry looks like, from the fields only that client writes. */
function clientOf(shape: ConfigShape, e: JsonRecord): string {
  if (shape === "vscode") return "VS Code";
  if (typeof e.serverUrl === "string") return "Windsurf";
  if (e.type === "streamable-http") return "MCP Inspector";
  if (typeof e.type === "string") return "Claude Code";
  if (typeof e.url === "string") return "Cursor";
  return "Claude Desktop";
}

function transportOf(e: JsonRecord, reader: EntryReader): "stdio" | "http" | "sse" | null {
  const hasCommand = typeof e.command === "string" && e.command.trim() !== "";
  const url = e.url ?? e.serverUrl;
  const hasUrl = typeof url === "string" && url.trim() !== "";
  if (e.type !== undefined) {
    const type = typeof e.type === "string" ? TYPES[e.type] : undefined;
    if (!type) {
      reader.problems.push(`type '${String(e.type)}' is not supported (Loupe speaks stdio, Streamable HTTP and SSE)`);
      return null;
    }
    if (type === "stdio" && !hasCommand) reader.problems.push("type 'stdio' but no command");
    if (type !== "stdio" && !hasUrl) reader.problems.push(`type '${String(e.type)}' but no url`);
    return reader.problems.length ? null : type;
  }
  if (hasCommand && hasUrl) reader.problems.push("both a command and a url: say which with `type`");
  else if (!hasCommand && !hasUrl) reader.problems.push("no command and no url");
  return reader.problems.length ? null : hasCommand ? "stdio" : "http";
}

/** Zod's words for a field Loupe refuses (a URL that is no URL, a name too long). */
function refusal(error: { issues: { path: PropertyKey[]; message: string }[] }): string[] {
  return error.issues.map((i) => `${i.path.map(String).join(".") || "entry"}: ${i.message}`);
}

function readEntry(name: string, raw: unknown, shape: ConfigShape, ctx: ResolveContext): ConfigEntry {
  const base = { name, shape, disabled: false };
  if (!isRecord(raw))
    return {
      ...base,
      client: shape === "vscode" ? "VS Code" : "unknown",
      input: null,
      problems: ["the entry is not an object"],
      notes: [],
    };
  const reader = new EntryReader(ctx, shape === "mcpServers");
  const disabled = raw.disabled === true;
  const transport = transportOf(raw, reader);
  let draft: unknown = null;
  if (transport === "stdio") {
    const cwd = typeof raw.cwd === "string" ? reader.strict("cwd", raw.cwd) : undefined;
    if (typeof raw.envFile === "string") reader.notes.push(`envFile '${raw.envFile}' is not read by Loupe: add its variables after import`);
    draft = {
      name,
      transport,
      command: reader.strict("command", String(raw.command)),
      args: reader.stringList("args", raw.args),
      env: reader.stringMap("env", raw.env),
      ...(cwd ? { cwd } : {}),
      requestTimeoutMs: DEFAULT_TIMEOUT_MS,
    };
  } else if (transport) {
    const url = reader.strict("url", String(raw.url ?? raw.serverUrl));
    if (/^wss?:/i.test(url)) reader.problems.push("a WebSocket url: Loupe speaks Streamable HTTP and SSE");
    draft = { name, transport, url, headers: reader.stringMap("headers", raw.headers), requestTimeoutMs: DEFAULT_TIMEOUT_MS };
  }
  let input: ConnectionInput | null = null;
  if (draft && !reader.problems.length) {
    const parsed = ConnectionInput.safeParse(draft);
    if (parsed.success) input = parsed.data;
    else reader.problems.push(...refusal(parsed.error));
  }
  if (disabled) reader.notes.push("disabled in the file");
  return { ...base, client: clientOf(shape, raw), input, problems: reader.problems, notes: reader.notes, disabled };
}

/** VS Code's `inputs`: id → description, for clearer messages. */
function inputsOf(root: JsonRecord): Map<string, string> {
  const map = new Map<string, string>();
  if (!Array.isArray(root.inputs)) return map;
  for (const input of root.inputs) {
    if (isRecord(input) && typeof input.id === "string") map.set(input.id, typeof input.description === "string" ? input.description : "");
  }
  return map;
}

/** Where the servers are: `mcpServers`, VS Code's `servers`, or VS Code's settings.json `mcp.servers`. */
function serversOf(root: JsonRecord): { shape: ConfigShape; servers: JsonRecord } | null {
  if (isRecord(root.mcpServers)) return { shape: "mcpServers", servers: root.mcpServers };
  if (isRecord(root.servers)) return { shape: "vscode", servers: root.servers };
  if (isRecord(root.mcp) && isRecord(root.mcp.servers)) return { shape: "vscode", servers: root.mcp.servers };
  return null;
}

/**
 * Reads an MCP config file's text (JSON, or JSONC as VS Code allows). Pure: no I/O, no
 * "server-only" — the launcher, the routes and the tests all call it. A text that does not parse,
 * or holds no server list, is one error and no entries.
 */
export function readMcpConfig(text: string, ctx: ResolveContext): ConfigReport {
  const parsed = parseJsonc(text);
  if (!parsed.ok) return parsed;
  if (!isRecord(parsed.value)) return { ok: false, error: "The file is not a JSON object" };
  const found = serversOf(parsed.value);
  if (!found)
    return {
      ok: false,
      error: "No `mcpServers` (Claude Desktop, Cursor, Windsurf, Claude Code, Inspector) or `servers` (VS Code) object at the top level",
    };
  const names = Object.keys(found.servers);
  if (names.length > MAX_CONFIG_ENTRIES)
    return { ok: false, error: `The file lists ${names.length} servers; Loupe reads at most ${MAX_CONFIG_ENTRIES}` };
  const inputs = found.shape === "vscode" ? inputsOf(parsed.value) : undefined;
  const full: ResolveContext = inputs ? { ...ctx, inputs } : ctx;
  return { ok: true, shape: found.shape, entries: names.map((name) => readEntry(name, found.servers[name], found.shape, full)) };
}
