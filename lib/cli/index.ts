import { errorMessage } from "@/lib/values";
import { callCommand } from "./call";
import { diffCommand } from "./diff";
import { CliError, EXIT } from "./io";
import type { CliEntry, CliIO } from "./io";
import { listCommand } from "./list";
import { snapshotCommand } from "./snapshot";

export type { CliCommand, CliEntry, CliIO } from "./io";
export { EXIT } from "./io";

/** `test` loads the cases engine (server modules, SQLite) only when it is the command run. */
const testCommand: CliEntry = {
  name: "test",
  summary: "run a suite file headless; exit 0 only when every case passes (--junit, --json)",
  run: async (argv, io) => (await import("./test")).run(argv, io),
};

/** Every command, in the order `--help` lists them. A new command is one module and one line here. */
export const COMMANDS: readonly CliEntry[] = [testCommand, snapshotCommand, diffCommand, callCommand, listCommand];

/** The names bin/loupe-inspector.mjs hands to the CLI (it keeps its own copy: it loads nothing before it knows). */
export const COMMAND_NAMES = COMMANDS.map((c) => c.name);

export function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    "loupe-inspector <command> [options]      headless, for scripts and CI (no browser, no running Loupe)",
    "",
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "loupe-inspector <command> --help         the command's options",
    "loupe-inspector [options]                start Loupe (loupe-inspector --help)",
    "loupe-inspector tap <name>               bridge a stdio MCP client to a Loupe tap",
    "",
  ].join("\n");
}

/** Runs one command; every failure ends as words on stderr and an exit code, never a stack. */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    io.stdout(usage());
    return EXIT.ok;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.stderr(`${name ? `unknown command: ${name}\n\n` : ""}${usage()}`);
    return EXIT.failed;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    io.stderr(`loupe-inspector ${command.name}: ${e instanceof CliError ? e.message : errorMessage(e)}\n`);
    return EXIT.failed;
  }
}
