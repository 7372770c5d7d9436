import type { ConnectionInput } from "@/lib/contracts/connections";

/** The two top-level shapes MCP clients write: `mcpServers` (Claude Desktop, Cursor, Windsurf, Claude Code, the Inspector) and VS Code's `servers`. */
export type ConfigShape = "mcpServers" | "vscode";

/** One server of a config file, as Loupe reads it. */
export interface ConfigEntry {
  /** Its key in the file. */
  name: string;
  shape: ConfigShape;
  /** Whose dialect its fields speak (a guess from the fields: `serverUrl` is Windsurf's, `streamable-http` the Inspector's…). */
  client: string;
  /** The connection it would add; null when it cannot be used (then `problems` says why). */
  input: ConnectionInput | null;
  /** Why it cannot be used, in words. */
  problems: string[];
  /** What is usable but needs the user afterwards (a placeholder left empty, an env file not read), in words. */
  notes: string[];
  /** `disabled: true` in the file: reported, not added unless picked by name. */
  disabled: boolean;
}

export type ConfigReport =
  | { ok: true; shape: ConfigShape; entries: ConfigEntry[] }
  /** The file adds nothing; `error` says where it failed. */
  | { ok: false; error: string };

/** The largest config file or pasted text Loupe reads (real ones are a few KiB). */
export const MAX_CONFIG_BYTES = 1024 * 1024;
