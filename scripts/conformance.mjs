// The official MCP conformance suite (@modelcontextprotocol/conformance 0.2.0-alpha.12) run
// against Loupe's MCP client (conformance/client.ts) and against the demo MCP server
// (demo/mcp-server.ts over Streamable HTTP), for both requirement sets the suite ships:
// 2025-11-25 and 2026-07-28. See conformance/README.md.
//
//   node scripts/conformance.mjs [--json <file>] [--keep] [--verbose]
//                                [--only <scenario|auth|client|server|revision>[,…]]
//
// It closes with exactly one line per role and requirement set:
//   conformance <client|server> <revision>: N passed, N failed
//
// The suite's CLI needs Node >= 22: it runs on the Node 22 that conformance/package.json installs
// apart from Loupe (npm ci --prefix conformance, done here when missing). The client it launches
// and the demo server run on this process's Node (the one Loupe's native modules are built for).
// Scenario servers call listen(0) with no host; a preload pins them to 127.0.0.1.
//
// Which scenarios: exactly the `client:` and `server:` lists of the suite's frozen requirement
// files (requirements/<revision>.yaml); the `not_scored` ones (extensions, pending) are not run
// for the client and not counted for the server.
//
// Counting: one test per scenario and requirement set. A scenario passes when the suite recorded
// at least one SUCCESS check and no FAILURE or WARNING check (the suite's own baseline rule). A
// failing scenario listed in conformance/baseline.yml is an expected failure (shown, counted
// apart); a listed scenario that passes is a stale baseline entry and counts as failed.
import { spawn, spawnSync } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const confDir = path.join(root, "conformance");
const cliBin = path.join(confDir, "node_modules/.bin/conformance");
const nodeBin = path.join(confDir, "node_modules/.bin/node");
const suiteDir = path.join(confDir, "node_modules/@modelcontextprotocol/conformance");
const cliEntry = path.join(suiteDir, "dist/index.js");
const baselineFile = path.join(confDir, "baseline.yml");
const forceLoopback = path.join(confDir, "force-loopback.cjs");
const tsxLoader = pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href;

const REVISIONS = ["2025-11-25", "2026-07-28"];
const ROLES = ["client", "server"];
/** The demo server's port (the range 7120–7139 is this runner's). */
const DEMO_PORT = Number(process.env.LOUPE_CONFORMANCE_DEMO_PORT ?? 7120);
/**
 * Client scenarios run one CLI each, this many at a time. Each starts a scenario server and a
 * Loupe client (tsx + Loupe's modules): on 2 cores more than this only adds waiting.
 */
const CLIENT_JOBS = Math.max(1, Number(process.env.LOUPE_CONFORMANCE_JOBS ?? 6));
/** Timing-sensitive scenarios (sse-retry measures a 500 ms retry delay): run alone, before the rest. */
const SOLO = new Set(["sse-retry"]);
/** The CLI's own per-client timeout, and the wall-clock limit after which its process group dies. */
const CLIENT_TIMEOUT_MS = 45_000;
const CLIENT_WALL_MS = 75_000;
/** A whole server requirement set runs in one CLI (sequentially, about 5 s here). */
const SERVER_SCENARIO_TIMEOUT_MS = 30_000;
const SERVER_WALL_MS = 240_000;
const DEMO_START_MS = 30_000;

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const verbose = flag("--verbose");
const keep = flag("--keep");
const jsonOut = option("--json");
const only = option("--only")
  ?.split(",")
  .map((s) => s.trim())
  .filter(Boolean);

const shellQuote = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
const slug = (s) => s.replace(/[^\w.-]/g, "_");

/** Installs the Node 22 runtime + CLI when they are missing (CI, fresh clone). */
function ensureRuntime() {
  if (existsSync(cliBin) && existsSync(nodeBin) && existsSync(cliEntry)) return;
  console.log("conformance: installing the suite and its Node 22 (npm ci --prefix conformance)…");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const r = spawnSync(npm, ["ci", "--prefix", confDir, "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0 || !existsSync(cliEntry) || !existsSync(nodeBin)) {
    throw new Error(`npm ci --prefix conformance failed (exit ${r.status ?? r.signal})`);
  }
}

function checkNode22() {
  const r = spawnSync(nodeBin, ["--version"], { encoding: "utf8" });
  const version = (r.stdout ?? "").trim();
  const major = Number(/^v(\d+)\./.exec(version)?.[1] ?? 0);
  if (major < 22) throw new Error(`conformance/node_modules/.bin/node is ${version || "not runnable"}; the suite needs Node >= 22`);
  return version;
}

/**
 * The `server:` and `client:` lists of the suite's frozen requirement file for a revision. The
 * file is flat YAML (top-level keys, `  - name` items, comments); `not_scored` is skipped.
 */
function readRequirements(revision) {
  const file = path.join(suiteDir, "requirements", `${revision}.yaml`);
  if (!existsSync(file)) throw new Error(`The suite has no requirement set for ${revision} (${file})`);
  const lists = { client: [], server: [] };
  let key = null;
  for (const raw of readFileSync(file, "utf8").split("\n")) {
    const line = raw.replace(/\s+#.*$/, "").replace(/^#.*$/, "");
    if (!line.trim()) continue;
    const top = /^([\w-]+):/.exec(line);
    if (top) {
      key = top[1];
      continue;
    }
    const item = /^\s+-\s+["']?([^"'\s:]+)["']?\s*$/.exec(line);
    if (item && (key === "client" || key === "server")) lists[key].push(item[1]);
  }
  if (lists.client.length === 0 || lists.server.length === 0) throw new Error(`Could not read the client/server lists of ${file}`);
  return lists;
}

/** Scenario names per role in baseline.yml (`client:` / `server:` flat YAML lists; comments carry the reasons). */
function readBaseline() {
  const names = { client: new Set(), server: new Set() };
  if (!existsSync(baselineFile)) return names;
  let section = null;
  for (const raw of readFileSync(baselineFile, "utf8").split("\n")) {
    const line = raw.replace(/\s+#.*$/, "").replace(/^#.*$/, "");
    if (!line.trim()) continue;
    const key = /^(\w+):\s*(\[\s*\])?\s*$/.exec(line);
    if (key) {
      section = key[1];
      continue;
    }
    const item = /^\s+-\s+["']?([^"'\s]+)["']?\s*$/.exec(line);
    if (item && names[section]) names[section].add(item[1]);
  }
  return names;
}

/** `--only`: a scenario name, `auth` (every auth/ scenario), a role, or a revision; any one may match. */
function selected(role, revision, scenario) {
  if (!only) return true;
  return only.some((s) => s === scenario || s === role || s === revision || (s === "auth" && scenario.startsWith("auth/")));
}

/** The command the suite launches per client scenario (it appends the server URL). */
function clientCommand() {
  // `exec`: the CLI runs this through a shell and, on its timeout, kills only its direct child.
  const args = [process.execPath, "--conditions", "react-server", "--import", tsxLoader, path.join(confDir, "client.ts")];
  return ["exec", ...args.map(shellQuote)].join(" ");
}

const live = new Set();
function killGroup(child) {
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // already gone
  }
}
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    for (const child of live) killGroup(child);
    process.exit(130);
  });
}

/** Runs the CLI in its own process group; the whole group is killed at the wall-clock limit. */
function runCli(args, wallMs, logFile) {
  return new Promise((resolve) => {
    const log = createWriteStream(logFile);
    const child = spawn(realpathSync(nodeBin), ["--require", forceLoopback, cliEntry, ...args], {
      cwd: root,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    });
    live.add(child);
    let output = "";
    const onData = (chunk) => {
      output += chunk;
      log.write(chunk);
      if (verbose) process.stdout.write(chunk);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, wallMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      // The CLI's scenario clients are in its group too: make sure none outlives it.
      killGroup(child);
      log.end();
      resolve({ code, signal, timedOut, output });
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      live.delete(child);
      log.end();
      resolve({ code: -1, signal: null, timedOut, output: `${output}\n${error.message}` });
    });
  });
}

/**
 * Starts the demo MCP server over Streamable HTTP on 127.0.0.1 with the suite's fixtures
 * (`--conformance`), in its own process group; resolves with its URL (its first stdout line).
 */
function startDemoServer(logFile) {
  return new Promise((resolve, reject) => {
    const log = createWriteStream(logFile);
    const child = spawn(
      process.execPath,
      ["--import", tsxLoader, path.join(root, "demo/mcp-server.ts"), "--http", "--port", String(DEMO_PORT), "--conformance"],
      { cwd: root, detached: true, stdio: ["ignore", "pipe", "pipe"] },
    );
    live.add(child);
    let stdout = "";
    let stderr = "";
    const fail = (why) => {
      clearTimeout(timer);
      killGroup(child);
      live.delete(child);
      reject(
        new Error(`the demo MCP server did not start: ${why}${stderr.trim() ? `\n${stderr.trim().split("\n").slice(-5).join("\n")}` : ""}`),
      );
    };
    const timer = setTimeout(() => fail(`no URL on stdout after ${DEMO_START_MS / 1000}s`), DEMO_START_MS);
    child.stdout.on("data", (chunk) => {
      log.write(chunk);
      stdout += chunk;
      const first = stdout.split("\n");
      if (first.length > 1) {
        clearTimeout(timer);
        resolve({ url: first[0].trim(), stop: () => stopChild(child) });
      }
    });
    child.stderr.on("data", (chunk) => {
      log.write(chunk);
      stderr += chunk;
    });
    child.on("exit", (code, signal) => {
      live.delete(child);
      log.end();
      if (!stdout.includes("\n")) fail(`it exited (${code ?? signal})`);
    });
    child.on("error", (error) => fail(error.message));
  });
}

/** SIGTERM (the demo server closes its listener), SIGKILL for the group after 3 s. */
function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      killGroup(child);
      resolve();
      return;
    }
    const hard = setTimeout(() => killGroup(child), 3000);
    child.once("exit", () => {
      clearTimeout(hard);
      killGroup(child);
      resolve();
    });
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      clearTimeout(hard);
      resolve();
    }
  });
}

function findChecks(dir) {
  const found = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name === "checks.json") found.push(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return found;
}

/**
 * `<out>/auth/metadata-default-2025-01-01T00-00-00-000Z/checks.json` → `auth/metadata-default`;
 * the server role's directories are `server-<scenario>-<timestamp>`.
 */
function scenarioOf(outDir, checksFile, role) {
  const rel = path.relative(outDir, path.dirname(checksFile)).split(path.sep).join("/");
  const name = rel.replace(/-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/, "");
  return role === "server" ? name.replace(/^server-/, "") : name;
}

/** The last non-empty lines of a text, stack frames left out. */
function tailLines(text, n) {
  return text
    .split("\n")
    .filter((l) => l.trim() && !/^\s+at /.test(l))
    .slice(-n);
}

function summarize(checks) {
  const count = (status) => checks.filter((c) => c.status === status).length;
  const success = count("SUCCESS");
  const failure = count("FAILURE");
  const warning = count("WARNING");
  const ok = success > 0 && failure === 0 && warning === 0;
  const problems = checks
    .filter((c) => c.status === "FAILURE" || c.status === "WARNING")
    .map((c) => `${c.status} ${c.id}: ${c.errorMessage ?? c.description}`);
  return { ok, success, failure, warning, problems };
}

function readChecks(file) {
  try {
    const checks = JSON.parse(readFileSync(file, "utf8"));
    return Array.isArray(checks) ? checks : [{ id: "checks.json", status: "FAILURE", errorMessage: `not a list: ${file}` }];
  } catch {
    return [{ id: "checks.json", status: "FAILURE", errorMessage: `unreadable ${file}` }];
  }
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
async function runClientRole(sets, outDir) {
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
async function runServerRole(sets, outDir) {
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

function finish(set, baseline) {
  const expectedSet = baseline[set.role];
  for (const r of set.results) {
    r.expected = expectedSet.has(r.scenario);
    r.verdict = r.ok ? (r.expected ? "stale" : "pass") : r.expected ? "expected" : "fail";
    // Why Loupe's client gave up is in its own stderr (saved by the suite next to checks.json).
    if ((r.verdict === "fail" || r.verdict === "stale") && r.dir) {
      const stderr = path.join(r.dir, "stderr.txt");
      if (existsSync(stderr)) r.problems.push(...tailLines(readFileSync(stderr, "utf8"), 6).map((l) => `client: ${l}`));
    }
    if (set.role === "client" && r.cliCode !== 0 && (r.verdict === "pass" || r.verdict === "expected")) {
      set.runErrors.push(
        `${r.scenario}: the CLI exited ${r.cliCode} although the scenario passed or is in the baseline; log: ${r.logFile}`,
      );
    }
  }
  set.passed = set.results.filter((r) => r.verdict === "pass").length;
  set.expected = set.results.filter((r) => r.verdict === "expected").length;
  set.failed = set.results.filter((r) => r.verdict === "fail" || r.verdict === "stale").length + set.runErrors.length;
}

async function main() {
  ensureRuntime();
  const nodeVersion = checkNode22();
  const baseline = readBaseline();
  const outDir = mkdtempSync(path.join(tmpdir(), "loupe-conformance-"));
  const sets = [];
  for (const revision of REVISIONS) {
    const required = readRequirements(revision);
    for (const role of ROLES) {
      const scenarios = required[role].filter((s) => selected(role, revision, s));
      if (scenarios.length === 0) continue;
      sets.push({ role, revision, required: required[role], scenarios, results: [], runErrors: [], serverRuns: [], notScored: [] });
    }
  }
  if (sets.length === 0) throw new Error(`--only ${only?.join(",")} matches no scenario of ${REVISIONS.join(" or ")}`);
  console.log(
    `conformance: @modelcontextprotocol/conformance on Node ${nodeVersion}, client and demo server on Node ${process.version}; results in ${outDir}`,
  );

  const started = Date.now();
  // Client scenarios (CPU-bound: a Loupe client each) and the server role (one demo server, quick
  // sequential runs) go side by side.
  await Promise.all([
    runClientRole(
      sets.filter((s) => s.role === "client"),
      outDir,
    ),
    runServerRole(
      sets.filter((s) => s.role === "server"),
      outDir,
    ),
  ]);
  console.log(
    `conformance: ran ${sets.reduce((n, s) => n + s.scenarios.length, 0)} scenario(s) in ${((Date.now() - started) / 1000).toFixed(1)}s`,
  );

  const mark = { pass: "✓", fail: "✗", expected: "~", stale: "!" };
  const label = {
    pass: "",
    fail: "",
    expected: " (expected failure, in baseline.yml)",
    stale: " (passes but is still in baseline.yml: remove it)",
  };
  for (const set of sets) {
    finish(set, baseline);
    console.log(`\n${set.role} ${set.revision}${set.role === "server" ? " (demo MCP server)" : " (Loupe's MCP client)"}:`);
    for (const r of set.results) {
      const counts = `${r.success} passed, ${r.failure} failed${r.warning ? `, ${r.warning} warnings` : ""} checks`;
      console.log(`${mark[r.verdict]} ${r.scenario}: ${counts}${label[r.verdict]}`);
      if (r.verdict === "fail" || r.verdict === "stale" || verbose) for (const p of r.problems) console.log(`    ${p}`);
    }
    for (const e of set.runErrors) console.log(`✗ ${e}`);
    if (set.notScored.length) {
      const failing = set.notScored.filter((r) => !r.ok);
      console.log(
        `  (not scored for ${set.revision}: ${set.notScored.length} extension/pending scenario(s) also ran, ${failing.length} failing${verbose ? "" : ": see --verbose"})`,
      );
      if (verbose)
        for (const r of set.notScored)
          console.log(`    ${r.ok ? "✓" : "✗"} ${r.scenario}: ${r.success} passed, ${r.failure} failed checks`);
    }
  }
  const expected = sets.reduce((n, s) => n + s.expected, 0);
  const passed = sets.reduce((n, s) => n + s.passed, 0);
  const failed = sets.reduce((n, s) => n + s.failed, 0);
  if (expected) console.log(`conformance: ${expected} expected failure(s) listed in conformance/baseline.yml`);
  if (jsonOut) {
    const strip = ({ required: _r, serverRuns: _s, ...set }) => set;
    writeFileSync(jsonOut, JSON.stringify({ passed, failed, expected, outDir, sets: sets.map(strip) }, null, 2));
  }
  if (failed === 0 && !keep) rmSync(outDir, { recursive: true, force: true });
  else console.log(`conformance: results kept in ${outDir}`);
  console.log("");
  for (const set of sets) console.log(`conformance ${set.role} ${set.revision}: ${set.passed} passed, ${set.failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`conformance: ${error instanceof Error ? error.message : String(error)}`);
    // Nothing ran: still one line per set, each with the one failure, so no total can look green.
    for (const revision of REVISIONS) for (const role of ROLES) console.log(`conformance ${role} ${revision}: 0 passed, 1 failed`);
    if (jsonOut) {
      const sets = REVISIONS.flatMap((revision) =>
        ROLES.map((role) => ({ role, revision, passed: 0, failed: 1, expected: 0, results: [] })),
      );
      writeFileSync(jsonOut, JSON.stringify({ passed: 0, failed: sets.length, expected: 0, sets, error: String(error) }, null, 2));
    }
    process.exit(1);
  },
);
