// The two roles of a conformance run: Loupe's client against each client scenario (a pool of CLI
// runs), the demo MCP server against each server requirement set (scripts/conformance.mjs).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { runCli, startDemoServer } from "./processes.mjs";
import { findChecks, readChecks, scenarioOf, summarize, tailLines } from "./results.mjs";
import {
  baselineFile,
  CLIENT_JOBS,
  CLIENT_TIMEOUT_MS,
  CLIENT_WALL_MS,
  confDir,
  SERVER_SCENARIO_TIMEOUT_MS,
  SERVER_WALL_MS,
  shellQuote,
  slug,
  SOLO,
  tsxLoader,
  verbose,
} from "./setup.mjs";

/** The command the suite launches per client scenario (it appends the server URL). */
function clientCommand() {
  // `exec`: the CLI runs this through a shell and, on its timeout, kills only its direct child.
  const args = [process.execPath, "--conditions", "react-server", "--import", tsxLoader, path.join(confDir, "client.ts")];
  return ["exec", ...args.map(shellQuote)].join(" ");
}

/** One client scenario in its own CLI run, at the revision's wire (`--spec-version`, as `--requirements` does). */
async function runClientScenario(revision, scenario, outDir) {
  const runDir = path.join(outDir, `client-${revision}`, slug(scenario));
  mkdirSync(runDir, { recursive: true });
  const logFile = path.join(outDir, `client-${revision}-${slug(scenario)}.log`);
  const started = Date.now();
  const res = await runCli(
    [
      "client",
      "--command",
      clientCommand(),
      "--scenario",
      scenario,
      "--spec-version",
      revision,
      // `--requirements` runs its scenarios forced to the revision's wire; a single run does the same.
      "--force",
      "--timeout",
      String(CLIENT_TIMEOUT_MS),
      "--expected-failures",
      baselineFile,
      "-o",
      runDir,
    ],
    CLIENT_WALL_MS,
    logFile,
  );
  const files = findChecks(runDir);
  const result = files.length
    ? { scenario, ...summarize(readChecks(files[0])), dir: path.dirname(files[0]) }
    : {
        scenario,
        ok: false,
        success: 0,
        failure: 0,
        warning: 0,
        problems: [res.timedOut ? `no results: killed after ${CLIENT_WALL_MS / 1000}s` : "no results (the CLI crashed or skipped it)"],
      };
  if (!result.dir) result.problems.push(...tailLines(res.output, 10).map((l) => `log: ${l}`));
  return { result, res, logFile, secs: (Date.now() - started) / 1000 };
}

/** A pool: at most `jobs` of `tasks` (functions returning promises) at once. */
async function pool(tasks, jobs) {
  const results = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, lane));
  return results;
}

/** The client role of every selected set: solo scenarios first, one at a time, then the rest in a pool. */
export async function runClientRole(sets, outDir) {
  const items = sets.flatMap((set) => set.scenarios.map((scenario) => ({ set, scenario })));
  const run =
    ({ set, scenario }) =>
    async () => {
      const r = await runClientScenario(set.revision, scenario, outDir);
      if (verbose) console.log(`conformance: client ${set.revision} ${scenario} in ${r.secs.toFixed(1)}s`);
      return { set, ...r };
    };
  const solo = await pool(items.filter((i) => SOLO.has(i.scenario)).map(run), 1);
  const rest = await pool(items.filter((i) => !SOLO.has(i.scenario)).map(run), CLIENT_JOBS);
  for (const { set, result, res, logFile, secs } of [...solo, ...rest]) {
    set.results.push(result);
    result.secs = Math.round(secs * 10) / 10;
    // The CLI's own baseline check must agree; if it failed where the checks look fine, something
    // went wrong outside them (a crash, a bad baseline file): note it (counted in finish()).
    result.cliCode = res.code;
    result.timedOut = res.timedOut;
    result.logFile = logFile;
  }
}

/** The server role: the demo server, one CLI run per requirement set (sequential, one server). */
export async function runServerRole(sets, outDir) {
  if (sets.length === 0) return;
  let demo;
  try {
    demo = await startDemoServer(path.join(outDir, "demo-server.log"));
  } catch (error) {
    // Nothing could be tested: every scenario of these sets fails, with the reason.
    for (const set of sets) {
      for (const scenario of set.scenarios)
        set.results.push({ scenario, ok: false, success: 0, failure: 0, warning: 0, problems: [error.message] });
    }
    return;
  }
  try {
    for (const set of sets) {
      const runDir = path.join(outDir, `server-${set.revision}`);
      const whole = set.scenarios.length === set.required.length;
      // The whole set: the suite's own `--requirements` run. Part of it (--only): one run per scenario.
      const runs = whole
        ? [["--requirements", set.revision]]
        : set.scenarios.map((s) => ["--scenario", s, "--spec-version", set.revision, "--force"]);
      for (const [i, extra] of runs.entries()) {
        const logFile = path.join(outDir, `server-${set.revision}${runs.length > 1 ? `-${i}` : ""}.log`);
        const res = await runCli(
          [
            "server",
            "--url",
            demo.url,
            ...extra,
            "--timeout",
            String(SERVER_SCENARIO_TIMEOUT_MS),
            "--expected-failures",
            baselineFile,
            "-o",
            runDir,
          ],
          SERVER_WALL_MS,
          logFile,
        );
        if (res.timedOut) set.runErrors.push(`server run killed after ${SERVER_WALL_MS / 1000}s; log: ${logFile}`);
        set.serverRuns.push({ res, logFile });
      }
      const byScenario = new Map();
      for (const file of findChecks(runDir)) byScenario.set(scenarioOf(runDir, file, "server"), file);
      const lastLog = set.serverRuns.at(-1)?.res.output ?? "";
      for (const scenario of set.scenarios) {
        const file = byScenario.get(scenario);
        set.results.push(
          file
            ? { scenario, ...summarize(readChecks(file)), dir: path.dirname(file) }
            : {
                scenario,
                ok: false,
                success: 0,
                failure: 0,
                warning: 0,
                problems: ["no results (the CLI crashed or was killed)", ...tailLines(lastLog, 8).map((l) => `log: ${l}`)],
              },
        );
      }
      // Not-scored scenarios (extensions, pending) the `--requirements` run also ran: shown, never counted.
      set.notScored = [...byScenario.keys()]
        .filter((s) => !set.required.includes(s))
        .map((s) => ({ scenario: s, ...summarize(readChecks(byScenario.get(s))) }));
    }
  } finally {
    await demo.stop();
  }
}
