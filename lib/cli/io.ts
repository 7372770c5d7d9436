import { homedir } from "node:os";

/*
 * The headless CLI (`npx loupe-inspector <command>`, issue 24): no browser, no running Loupe, no
 * Next. Each command is a module in lib/cli/ exporting `run(argv, io)`, resolving to its exit code,
 * so a test runs it in-process; lib/cli/index.ts dispatches.
 */

/** What a command is given: its streams and its world. */
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Where relative paths start. */
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The user's home (config files' `~`); the process's when absent. */
  home?: string;
}

export type CliCommand = (argv: readonly string[], io: CliIO) => Promise<number>;

/** One command of the dispatcher: its name, a line for the list, and how to run it (loaded when picked). */
export interface CliEntry {
  name: string;
  summary: string;
  run: CliCommand;
}

/** The process's own streams and world. */
export function processIO(): CliIO {
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    cwd: process.env.LOUPE_CWD || process.cwd(),
    env: process.env,
    home: homedir(),
  };
}

/** Exit codes: 0 ok; 1 the answer is "no" (a breaking change, a tool error, a failing case); 2 the command could not do its work. */
export const EXIT = { ok: 0, no: 1, failed: 2 } as const;

/** A failure said in words: the command prints it and exits 2. */
export class CliError extends Error {}
