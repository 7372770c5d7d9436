import { errorMessage } from "@/lib/values";
import { callCommand } from "./call";
import { diffCommand } from "./diff";
import { CliError, EXIT } from "./io";
import type { CliCommand, CliIo } from "./io";
import { listCommand } from "./list";
import { snapshotCommand } from "./snapshot";

export type { CliCommand, CliIo } from "./io";
export { EXIT } from "./io";

/** Every command, in the order `--help` lists them. A new command is one module and one line here. */
export const COMMANDS: readonly CliCommand[] = [snapshotCommand, diffCommand, callCommand, listCommand];

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
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`${name ? `unknown command: ${name}\n\n` : ""}${usage()}`);
    return EXIT.failed;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    io.err(`loupe-inspector ${command.name}: ${e instanceof CliError ? e.message : errorMessage(e)}\n`);
    return EXIT.failed;
  }
}
