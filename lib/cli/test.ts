import "server-only";
import { mkdtempSync, rmSync } from "node:fs";
import { readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { CaseTarget, SuiteFile } from "@/lib/contracts/testing";
import { MAX_SUITE_FILE_BYTES, parseSuiteFile, suiteFileErrorText } from "@/lib/contracts/testing";
import type { CliIO } from "@/lib/cli/io";
import { runReport } from "@/lib/cli/test-report";
import { toJunit } from "@/lib/suites/junit";
import { splitCommandLine } from "@/lib/shell-split";
import { errorMessage } from "@/lib/values";

/**
 * `loupe-inspector test <suite file> [--junit <file>] [--json <file>] [--config <file>]` (issue 24):
 * runs a suite file headless — the engine in-process, a temporary store, no browser, no running
 * Loupe. Exit 0 only when every case passes; 1 when one fails or cannot run (a server that is
 * down); 2 for a usage error or a suite file that does not parse (its message names the bad field).
 */

export const TEST_USAGE = `Usage: loupe-inspector test <suite file> [options]

Runs a suite file (*.loupe-suite.json, exported from Loupe's Tests view) against its servers and
agents, headless. Exit code 0 only when every case passes.

  --junit <file>        also write JUnit XML (for CI test reports)
  --json <file>         also write the whole run as JSON
  --config <file>       the MCP config file (mcpServers) that "config" targets name servers in
  --target <server>     run every case against this server instead of the file's targets: a URL,
                        a --config name or a command line (cases saved in Loupe's UI name a server
                        saved there, which a CI job does not have)
  --repetitions <n>     replay each case n times (a case whose replays disagree is flaky)
  -h, --help            this help
`;

const OPTIONS = {
  junit: { type: "string" },
  json: { type: "string" },
  config: { type: "string" },
  target: { type: "string" },
  repetitions: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** `--target <server>` as a case target: a URL, a name of the --config file, or a command line. */
export function targetOf(spec: string, config: string | undefined, cwd: string): CaseTarget {
  if (/^https?:\/\//i.test(spec)) return { kind: "url", url: spec };
  const [command, ...args] = splitCommandLine(spec);
  if (!command) throw new Error("--target is empty: give a URL, a --config name or a command line");
  if (config && args.length === 0) return { kind: "config", name: command, file: path.resolve(cwd, config) };
  return { kind: "command", command, args, cwd };
}

/** A config target without a file reads the --config one; relative paths are the caller's. */
function withConfig(target: CaseTarget, config: string | undefined, cwd: string): CaseTarget {
  if (target.kind !== "config") return target;
  const file = target.file ?? config;
  return file ? { ...target, file: path.resolve(cwd, file) } : target;
}

async function readSuite(file: string): Promise<{ ok: true; suite: SuiteFile } | { ok: false; message: string }> {
  try {
    const size = (await stat(file)).size;
    if (size > MAX_SUITE_FILE_BYTES) return { ok: false, message: `${file}: is over the ${MAX_SUITE_FILE_BYTES / 1024 / 1024} MiB limit` };
    const parsed = parseSuiteFile(await readFile(file, "utf8"));
    return parsed.ok ? parsed : { ok: false, message: suiteFileErrorText(parsed.error, file) };
  } catch (e) {
    return { ok: false, message: `${file}: cannot read it: ${errorMessage(e)}` };
  }
}

export async function run(argv: readonly string[], io: CliIO): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true });
  } catch (e) {
    io.stderr(`loupe-inspector test: ${errorMessage(e)}\n\n${TEST_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(TEST_USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    io.stderr(`loupe-inspector test: give one suite file${positionals.length ? ` (got ${positionals.length})` : ""}\n\n${TEST_USAGE}`);
    return 2;
  }
  if (values.target !== undefined && !values.target.trim()) {
    io.stderr(`loupe-inspector test: --target is empty: give a URL, a --config name or a command line\n`);
    return 2;
  }
  const repetitions = values.repetitions === undefined ? undefined : Number(values.repetitions);
  if (repetitions !== undefined && !(Number.isInteger(repetitions) && repetitions >= 1 && repetitions <= 20)) {
    io.stderr(`loupe-inspector test: --repetitions takes a whole number from 1 to 20\n`);
    return 2;
  }
  const file = path.resolve(io.cwd, positionals[0]!);
  const read = await readSuite(file);
  if (!read.ok) {
    io.stderr(`loupe-inspector test: ${read.message}\n`);
    return 2;
  }
  return runFile(read.suite, file, { ...values, repetitions }, io);
}

async function runFile(
  suite: SuiteFile,
  file: string,
  opts: { junit?: string; json?: string; config?: string; target?: string; repetitions?: number },
  io: CliIO,
): Promise<number> {
  // A store of its own, thrown away after: no running Loupe, nothing left behind.
  const own = io.env.LOUPE_DATA_DIR ? null : mkdtempSync(path.join(tmpdir(), "loupe-test-"));
  if (own) process.env.LOUPE_DATA_DIR = own;
  const { runSuite } = await import("@/lib/server/testing/runner");
  const { driverFor } = await import("@/lib/server/testing/service");
  const { playgroundJudge } = await import("@/lib/server/testing/judge");
  const { getRegistry } = await import("@/lib/server/mcp/registry");
  try {
    const cases = suite.cases.map((c, i) => ({ ...c, id: `case-${i + 1}`, target: withConfig(c.target, opts.config, io.cwd) }));
    const target = suite.target ? withConfig(suite.target, opts.config, io.cwd) : undefined;
    const override = opts.target === undefined ? undefined : targetOf(opts.target, opts.config, io.cwd);
    const saved = cases.filter((c) => (target ?? c.target).kind === "saved");
    if (!override && saved.length) {
      io.stderr(
        `${saved.length} case${saved.length === 1 ? " targets a server" : "s target servers"} saved in Loupe (as cases saved from its UI do), which this run does not have: give --target <server> (a URL, a --config name or a command line)\n`,
      );
    }
    io.stderr(
      `Running ${suite.name}: ${cases.length} case${cases.length === 1 ? "" : "s"}${(opts.repetitions ?? suite.repetitions) > 1 ? `, ${opts.repetitions ?? suite.repetitions} replays each` : ""}\n`,
    );
    const run = await runSuite({
      suite: {
        id: path.basename(file),
        name: suite.name,
        repetitions: suite.repetitions,
        concurrency: suite.concurrency,
        timeoutMs: suite.timeoutMs,
        defaultTarget: target,
      },
      cases,
      ...(override ? { target: override } : {}),
      repetitions: opts.repetitions,
      driverFor,
      judge: playgroundJudge,
    });
    io.stdout(runReport(run));
    if (opts.junit) await writeFile(path.resolve(io.cwd, opts.junit), toJunit(run));
    if (opts.json) await writeFile(path.resolve(io.cwd, opts.json), `${JSON.stringify(run, null, 2)}\n`);
    return run.status === "passed" ? 0 : 1;
  } finally {
    await getRegistry().closeAll();
    if (own) rmSync(own, { recursive: true, force: true });
  }
}
