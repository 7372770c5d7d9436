import "server-only";
import { thisInstanceId } from "@/lib/server/cluster/whereabouts";
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type {
  ConformanceAuthNote,
  ConformanceRun,
  ConformanceRunStatus,
  ConformanceScenarioList,
  ConformanceScenarioResult,
  ConformanceState,
  StartConformanceBody,
} from "@/lib/contracts/conformance";
import type { ConnectionConfig } from "@/lib/contracts/connections";
import { AppError } from "@/lib/errors";
import { parseOutputLine, readResultsDir, readScenarioDir, savedDirIn, stripAnsi } from "@/lib/server/mcp/conformance/parse";
import { ConformanceRunStore } from "@/lib/server/mcp/conformance/run-store";
import { requireSuite, suiteEnv, suiteNode } from "@/lib/server/mcp/conformance/suite";
import { getStore } from "@/lib/server/store";
import { attachLifeline } from "@/lib/server/mcp/stdio-lifeline";
import { errorMessage } from "@/lib/values";

/** Per-scenario limit handed to the suite (its own default). */
const SCENARIO_TIMEOUT_MS = 30_000;
/** Wall-time bound of the whole child: a stuck suite or server never holds the connection's slot. */
export const WALL_MS = { scenario: 120_000, set: 15 * 60_000 };
const TAIL_CHARS = 4_000;

interface Active {
  run: ConformanceRun;
  child: ChildProcess | null;
  outDir: string;
  ending: ConformanceRunStatus | null;
  timer: NodeJS.Timeout | null;
}

/**
 * Runs the official suite's server scenarios against a connection's URL, one run at a time per
 * connection, as a child process group (the suite's Node 22) that Cancel or the wall-time bound
 * kills whole. Results are read from the suite's per-scenario checks.json as each finishes.
 */
export class ConformanceRunner {
  private readonly active = new Map<string, Active>();
  readonly runs = new ConformanceRunStore(getStore());

  state(connectionId: string): ConformanceState {
    const live = this.active.get(connectionId)?.run ?? null;
    const stored = this.runs.list(connectionId).filter((r) => r.id !== live?.id);
    return { active: live, runs: live ? [live, ...stored] : stored };
  }

  /**
   * Starts a run (sync, so two POSTs can never both pass the one-at-a-time check). `list` is the
   * revision's scenario list (scenarioList), fetched by the caller before it calls.
   */
  start(config: ConnectionConfig, body: StartConformanceBody, list: ConformanceScenarioList, hasOAuthToken: boolean): ConformanceRun {
    assertStreamableHttp(config);
    if (this.active.has(config.id))
      throw new AppError("conflict:conformance_running", "A conformance run is already going on this connection");
    const notScored = new Map(list.notScored.map((n) => [n.scenario, n.reason]));
    if (body.scenario && !list.required.includes(body.scenario) && !notScored.has(body.scenario)) {
      throw new AppError("bad_request:conformance_scenario", `"${body.scenario}" is not a server scenario of ${body.revision}`);
    }
    const run: ConformanceRun = {
      id: randomUUID(),
      connectionId: config.id,
      revision: body.revision,
      scenario: body.scenario ?? null,
      url: config.url,
      status: "running",
      startedAt: Date.now(),
      progress: { index: 0, total: body.scenario ? 1 : 0, current: null },
      scenarios: [],
      auth: authNote(config, hasOAuthToken),
      ...(thisInstanceId() ? { instance: thisInstanceId() } : {}),
    };
    const a: Active = {
      run,
      child: null,
      outDir: mkdtempSync(/*turbopackIgnore: true*/ path.join(tmpdir(), "loupe-conformance-")),
      ending: null,
      timer: null,
    };
    this.active.set(config.id, a);
    this.runs.save(run);
    void this.execute(a, notScored).catch((error: unknown) => this.finish(a, "error", errorMessage(error)));
    return run;
  }

  cancel(connectionId: string): ConformanceRun {
    const a = this.active.get(connectionId);
    if (!a) throw new AppError("conflict:conformance_not_running", "No conformance run is going on this connection");
    a.ending ??= "cancelled";
    if (a.child) killGroup(a.child);
    else this.finish(a, "cancelled"); // not spawned yet: nothing to kill
    return a.run;
  }

  private async execute(a: Active, notScored: ReadonlyMap<string, string>): Promise<void> {
    const { run } = a;
    const p = requireSuite();
    if (a.ending) return;
    const selection = run.scenario
      ? // The revision's wire; --force because an extension scenario has no place on the timeline.
        ["--scenario", run.scenario, "--spec-version", run.revision, "--force"]
      : ["--requirements", run.revision];
    const args = [p.cli, "server", "--url", run.url, ...selection, "--timeout", String(SCENARIO_TIMEOUT_MS), "-o", a.outDir];
    const child = spawn(suiteNode(p), args, {
      cwd: p.dir,
      env: suiteEnv(),
      detached: process.platform !== "win32",
      stdio: ["ignore", "pipe", "pipe"],
    });
    a.child = child;
    // Its own process group, so neither Ctrl-C nor Loupe's death reaches it: the watchdog ends it
    // when Loupe goes, however abruptly, instead of leaving it to hammer the server for minutes.
    attachLifeline(child);
    a.timer = setTimeout(
      () => {
        a.ending ??= "timed_out";
        killGroup(child);
      },
      run.scenario ? WALL_MS.scenario : WALL_MS.set,
    );
    let tail = "";
    let pending = "";
    const onLine = (line: string) => {
      const event = parseOutputLine(line);
      if (event?.kind === "total") run.progress = { ...run.progress, total: event.total };
      else if (event?.kind === "start") run.progress = { ...run.progress, index: run.progress.index + 1, current: event.scenario };
      else if (event?.kind === "saved" && run.progress.current && savedDirIn(a.outDir, event.dir)) {
        const scenario = run.progress.current;
        addScenario(run, readScenarioDir(savedDirIn(a.outDir, event.dir)!, scenario, notScored.get(scenario)));
        this.runs.save(run);
      }
    };
    child.stdout?.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-TAIL_CHARS);
      const lines = (pending + text).split("\n");
      pending = lines.pop() ?? "";
      lines.forEach(onLine);
    });
    child.stderr?.on("data", (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-TAIL_CHARS)));
    await new Promise<void>((resolve) => {
      child.on("error", (e) => {
        a.ending ??= "error";
        run.error = `Cannot start the suite: ${e.message}`;
        resolve();
      });
      child.on("close", (code) => {
        if (pending) onLine(pending);
        run.exitCode = code;
        resolve();
      });
    });
    killGroup(child); // the suite's own children (none today) never outlive it
    // The directory is the truth: pick up any scenario whose "saved" line was missed.
    for (const result of readResultsDir(a.outDir, notScored))
      if (!run.scenarios.some((s) => s.scenario === result.scenario)) addScenario(run, result);
    run.outputTail = stripAnsi(tail).trim().slice(-TAIL_CHARS);
    if (a.ending)
      return this.finish(
        a,
        a.ending,
        a.ending === "timed_out" ? `The run passed its ${(run.scenario ? WALL_MS.scenario : WALL_MS.set) / 1000} s bound` : run.error,
      );
    if (run.scenarios.length === 0) return this.finish(a, "error", `The suite ended (exit ${code(run)}) without results`);
    const judged = run.scenarios.filter((s) => s.scored || run.scenario !== null);
    this.finish(a, judged.every((s) => s.outcome === "passed") ? "passed" : "failed");
  }

  private finish(a: Active, status: ConformanceRunStatus, error?: string): void {
    if (this.active.get(a.run.connectionId) !== a) return;
    if (a.timer) clearTimeout(a.timer);
    a.run.status = status;
    a.run.finishedAt = Date.now();
    if (error) a.run.error = error;
    a.run.progress = { ...a.run.progress, current: null };
    this.runs.save(a.run);
    this.active.delete(a.run.connectionId);
    rmSync(/*turbopackIgnore: true*/ a.outDir, { recursive: true, force: true });
  }
}

/** The suite reaches a server by URL over Streamable HTTP only. */
export function assertStreamableHttp(
  config: ConnectionConfig,
): asserts config is Extract<ConnectionConfig, { transport: "http" | "sse" }> & { transport: "http" } {
  if (config.transport === "http") return;
  const why = config.transport === "stdio" ? "a stdio connection has no URL" : "this connection uses the legacy HTTP+SSE transport";
  throw new AppError("conflict:conformance_not_http", `The conformance suite tests servers over Streamable HTTP; ${why}`);
}

const code = (run: ConformanceRun) => run.exitCode ?? "by signal";

function addScenario(run: ConformanceRun, result: ConformanceScenarioResult): void {
  run.scenarios = [...run.scenarios.filter((s) => s.scenario !== result.scenario), result];
}

/**
 * The suite's `server` command has no option for headers or tokens (0.2.0-alpha.12: --url,
 * --scenario, --suite, --timeout, -o … only): it connects bare. Say so instead of pretending.
 */
function authNote(config: ConnectionConfig, hasOAuthToken: boolean): ConformanceAuthNote {
  const headerNames = config.transport === "stdio" ? [] : Object.keys(config.headers);
  return { headerNames, hasOAuthToken, carried: false };
}

/** SIGKILL to the suite's whole process group (also after it exited: a straggler of its group goes too). */
function killGroup(child: ChildProcess): void {
  if (!child.pid) return;
  try {
    if (process.platform === "win32") child.kill("SIGKILL");
    else process.kill(-child.pid, "SIGKILL");
  } catch {
    // already gone
  }
}

const KEY = Symbol.for("loupe.conformanceRunner");
type G = typeof globalThis & { [KEY]?: ConformanceRunner };

/** The one runner of this process (route bundles share it through globalThis). */
export function getConformanceRunner(): ConformanceRunner {
  const g = globalThis as G;
  g[KEY] ??= new ConformanceRunner();
  return g[KEY];
}
