/*
 * The headless CLI (`npx loupe-inspector <command>`, issue 24): no browser, no running Loupe, no
 * Next. Each command is a module exporting `run(argv, io) → exit code`; index.ts dispatches.
 */

/** What a command needs from the world; tests pass their own and read what was written. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Where relative paths start. */
  cwd: string;
  env: Record<string, string | undefined>;
  home: string;
}

export interface CliCommand {
  name: string;
  /** One line for the list of commands. */
  summary: string;
  /** The whole `--help` text. */
  help: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

/** Exit codes: 0 ok; 1 the answer is "no" (a breaking change, a tool error); 2 the command could not do its work. */
export const EXIT = { ok: 0, no: 1, failed: 2 } as const;

/** A failure said in words: the command prints it and exits 2. */
export class CliError extends Error {}
