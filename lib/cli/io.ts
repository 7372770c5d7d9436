/**
 * What a CLI command is given (issue 24): its streams and its world, so a test runs it in-process.
 * Each command is a module in lib/cli/ exporting `run(argv, io)`, resolving to its exit code.
 */
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}

export type CliCommand = (argv: readonly string[], io: CliIO) => Promise<number>;

/** The process's own streams and world. */
export function processIO(): CliIO {
  return { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), cwd: process.cwd(), env: process.env };
}
