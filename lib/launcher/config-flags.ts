// Runs in the launcher (server.ts, plain Node before Next starts): no "server-only" (see cli.ts).
import { readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import type { ConnectionInput } from "@/lib/contracts/connections";
import { MAX_CONFIG_BYTES, readMcpConfig } from "@/lib/mcp-config";
import type { ConfigEntry } from "@/lib/mcp-config";

/** One server a `--config` file gives to pre-connect at boot. */
export interface ConfiguredServer {
  /** The file it came from, as given on the command line. */
  file: string;
  input: ConnectionInput;
}

/** What `--config` / `--server` resolved to: the servers to pre-connect and what to tell the user about the others. */
export interface ConfigFlags {
  servers: ConfiguredServer[];
  /** Per-entry problems and notes, in words, one line each (printed at boot). */
  messages: string[];
}

/** What reading a file needs from the world; tests pass their own. */
export interface ConfigIo {
  /** Where relative paths start: the folder `npm start` was run from (scripts/start.mjs sets LOUPE_CWD before it moves to the repo). */
  cwd: string;
  env: Record<string, string | undefined>;
  home: string;
}

export function defaultConfigIo(): ConfigIo {
  return { cwd: process.env.LOUPE_CWD || process.cwd(), env: process.env, home: homedir() };
}

/** A file in `.vscode/` or `.cursor/` belongs to the folder above it: that is `${workspaceFolder}`. */
function workspaceOf(file: string): string {
  const dir = path.dirname(file);
  return [".vscode", ".cursor", ".windsurf"].includes(path.basename(dir)) ? path.dirname(dir) : dir;
}

function readEntries(file: string, io: ConfigIo, fail: (message: string) => Error): ConfigEntry[] {
  const full = path.resolve(io.cwd, file);
  let text: string;
  try {
    const size = statSync(full).size;
    if (size > MAX_CONFIG_BYTES) throw new Error(`it is ${size} bytes, over the ${MAX_CONFIG_BYTES} a config file may have`);
    text = readFileSync(full, "utf8");
  } catch (e) {
    throw fail(`--config ${file}: cannot read it: ${e instanceof Error ? e.message : String(e)}`);
  }
  const report = readMcpConfig(text, { env: io.env, home: io.home, workspaceFolder: workspaceOf(full) });
  if (!report.ok) throw fail(`--config ${file}: ${report.error}`);
  return report.entries;
}

function describe(entry: ConfigEntry, file: string): string[] {
  const at = `--config ${file}: ${entry.name}`;
  return [...entry.problems.map((p) => `${at}: not added: ${p}`), ...entry.notes.map((n) => `${at}: ${n}`)];
}

/**
 * Reads every `--config` file and picks the servers to pre-connect: those named by `--server`
 * (an unknown or unusable name is an error listing what was found), or, without `--server`, every
 * usable entry not disabled in its file. A file that cannot be read or parsed is an error: the
 * launcher stops before listening.
 */
export function resolveConfigFlags(files: string[], names: string[], io: ConfigIo, fail: (message: string) => Error): ConfigFlags {
  if (names.length && !files.length) throw fail("--server picks a server from the --config files: give --config <file> too");
  const all = files.flatMap((file) => readEntries(file, io, fail).map((entry) => ({ file, entry })));
  const messages: string[] = [];
  const servers: ConfiguredServer[] = [];
  if (names.length) {
    for (const name of names) {
      const picked = all.filter((f) => f.entry.name === name);
      if (!picked.length) {
        const found = [...new Set(all.map((f) => f.entry.name))].join(", ") || "none";
        throw fail(`--server ${name}: no server of that name in ${files.join(", ")} (found: ${found})`);
      }
      for (const { file, entry } of picked) {
        if (!entry.input) throw fail(`--server ${name} (${file}) cannot be used: ${entry.problems.join("; ")}`);
        servers.push({ file, input: entry.input });
        messages.push(...describe(entry, file));
      }
    }
    return { servers, messages };
  }
  for (const { file, entry } of all) {
    messages.push(...describe(entry, file));
    if (entry.input && !entry.disabled) servers.push({ file, input: entry.input });
    else if (entry.input) messages.push(`--config ${file}: ${entry.name}: not added (disabled; pick it with --server ${entry.name})`);
  }
  return { servers, messages };
}
