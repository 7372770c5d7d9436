// The official MCP conformance suite (@modelcontextprotocol/conformance, client mode) run against
// Loupe's MCP client (conformance/client.ts). See conformance/README.md.
//
//   node scripts/conformance.mjs [--json <file>] [--keep] [--verbose] [--only <scenario|auth>]
//
// The suite's CLI needs Node >= 22: it runs on the Node 22 that conformance/package.json installs
// apart from Loupe (npm ci --prefix conformance, done here when missing). The client it launches
// runs on this process's Node (the one Loupe's native modules are built for), by absolute path.
// Scenario servers call listen(0) with no host; a preload pins them to 127.0.0.1.
//
// Counting: one test per scenario. A scenario passes when the suite recorded at least one
// SUCCESS check and no FAILURE or WARNING check (the suite's own baseline rule). A failing
// scenario listed in conformance/baseline.yml is an expected failure (shown, counted apart); a
// listed scenario that passes is a stale baseline entry and counts as failed.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const confDir = path.join(root, "conformance");
const cliBin = path.join(confDir, "node_modules/.bin/conformance");
const nodeBin = path.join(confDir, "node_modules/.bin/node");
const cliEntry = path.join(confDir, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const baselineFile = path.join(confDir, "baseline.yml");
const forceLoopback = path.join(confDir, "force-loopback.cjs");

/** What runs: single scenarios, then the whole auth suite (14 scenarios, run in parallel by the CLI). */
const RUNS = [
  { name: "initialize", args: ["--scenario", "initialize"], clientTimeoutMs: 30_000, wallMs: 45_000 },
  { name: "tools_call", args: ["--scenario", "tools_call"], clientTimeoutMs: 30_000, wallMs: 45_000 },
  { name: "elicitation-sep1034-client-defaults", args: ["--scenario", "elicitation-sep1034-client-defaults"], clientTimeoutMs: 30_000, wallMs: 45_000 },
  { name: "sse-retry", args: ["--scenario", "sse-retry"], clientTimeoutMs: 30_000, wallMs: 45_000 },
  // 14 clients start at once on a 2-core machine (about 10 s in all here): a longer budget.
  { name: "auth", args: ["--suite", "auth"], clientTimeoutMs: 60_000, wallMs: 120_000 },
];

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const verbose = flag("--verbose");
const keep = flag("--keep");
const jsonOut = option("--json");
const only = option("--only");

const shellQuote = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

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

/** The command the suite launches per scenario (it appends the server URL). */
function clientCommand() {
  const loader = pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href;
  // `exec`: the CLI runs this through a shell and, on its timeout, kills only its direct child.
  const argv = [process.execPath, "--conditions", "react-server", "--import", loader, path.join(confDir, "client.ts")];
  return ["exec", ...argv.map(shellQuote)].join(" ");
}

/** Runs the CLI in its own process group; the whole group is killed at the wall-clock limit. */
function runCli(run, outDir, logFile) {
  const args = [
    "--require", forceLoopback,
    cliEntry, "client",
    "--command", clientCommand(),
    ...run.args,
    "--timeout", String(run.clientTimeoutMs),
    "--expected-failures", baselineFile,
    "-o", outDir,
  ];
  return new Promise((resolve) => {
    const log = createWriteStream(logFile);
    const child = spawn(realpathSync(nodeBin), args, {
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
    }, run.wallMs);
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

/** `<out>/auth/metadata-default-2025-01-01T00-00-00-000Z/checks.json` → `auth/metadata-default`. */
function scenarioOf(outDir, checksFile) {
  const rel = path.relative(outDir, path.dirname(checksFile)).split(path.sep).join("/");
  return rel.replace(/-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/, "");
}

/** Scenario names in baseline.yml's `client:` list (a flat YAML list; comments carry the reasons). */
function readBaseline() {
  if (!existsSync(baselineFile)) return new Set();
  const names = new Set();
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
    if (item && section === "client") names.add(item[1]);
  }
  return names;
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

async function main() {
  ensureRuntime();
  const nodeVersion = checkNode22();
  const baseline = readBaseline();
  const outDir = mkdtempSync(path.join(tmpdir(), "loupe-conformance-"));
  const runs = only ? RUNS.filter((r) => r.name === only || r.args.includes(only)) : RUNS;
  if (runs.length === 0) {
    const one = { name: only, args: [only.includes("/") || !RUNS.some((r) => r.name === only) ? "--scenario" : "--suite", only], clientTimeoutMs: 30_000, wallMs: 45_000 };
    runs.push(one);
  }
  console.log(`conformance: @modelcontextprotocol/conformance on Node ${nodeVersion}, client on Node ${process.version}; results in ${outDir}`);

  const results = [];
  let runErrors = 0;
  for (const run of runs) {
    const runDir = path.join(outDir, run.name.replace(/[^\w.-]/g, "_"));
    const logFile = path.join(outDir, `${run.name.replace(/[^\w.-]/g, "_")}.log`);
    const started = Date.now();
    const res = await runCli(run, runDir, logFile);
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    const files = findChecks(runDir);
    const expectedCount = Number(/Running \w+ suite \((\d+) scenarios\)/.exec(res.output)?.[1] ?? (run.args[0] === "--scenario" ? 1 : 0));
    const mine = [];
    for (const file of files) {
      let checks;
      try {
        checks = JSON.parse(readFileSync(file, "utf8"));
      } catch {
        checks = [{ id: "checks.json", status: "FAILURE", errorMessage: `unreadable ${file}` }];
      }
      const scenario = scenarioOf(runDir, file);
      mine.push({ scenario, ...summarize(checks), dir: path.dirname(file) });
    }
    // Scenarios that left no checks.json (the CLI crashed or was killed) still count, as failed.
    const missing = Math.max(expectedCount - mine.length, mine.length === 0 ? 1 : 0);
    for (let i = 0; i < missing; i++) {
      const scenario = missing > 1 ? `${run.name} (missing result ${i + 1})` : run.name;
      mine.push({ scenario, ok: false, success: 0, failure: 0, warning: 0, problems: ["no results (the CLI crashed or was killed)"] });
    }
    for (const r of mine) {
      r.expected = baseline.has(r.scenario);
      r.verdict = r.ok ? (r.expected ? "stale" : "pass") : r.expected ? "expected" : "fail";
    }
    results.push(...mine);
    const allFine = mine.every((r) => r.verdict === "pass" || r.verdict === "expected");
    // The CLI's own baseline check must agree; if it failed where the checks look fine, something
    // went wrong outside them (a crash, a bad baseline file): one more failure.
    // (A killed run whose scenarios already count as failed is not counted twice.)
    if (res.timedOut || (res.code !== 0 && allFine)) {
      if (allFine) runErrors++;
      const why = res.timedOut ? `killed after ${run.wallMs / 1000}s` : `CLI exited ${res.code ?? res.signal} although every scenario passed or is in the baseline`;
      console.log(`conformance: run "${run.name}" ${why}; log: ${logFile}`);
    }
    // Why the client gave up is in its own stderr (saved by the suite next to checks.json).
    for (const r of mine) {
      if (r.verdict !== "fail" && r.verdict !== "stale") continue;
      if (!r.dir) {
        r.problems.push(...tailLines(res.output, 15).map((l) => `log: ${l}`));
        continue;
      }
      const stderr = path.join(r.dir, "stderr.txt");
      if (existsSync(stderr)) r.problems.push(...tailLines(readFileSync(stderr, "utf8"), 6).map((l) => `client: ${l}`));
    }
    console.log(`conformance: ran ${run.name} in ${secs}s`);
  }

  const mark = { pass: "✓", fail: "✗", expected: "~", stale: "!" };
  const label = { pass: "", fail: "", expected: " (expected failure, in baseline.yml)", stale: " (passes but is still in baseline.yml: remove it)" };
  for (const r of results) {
    const counts = `${r.success} passed, ${r.failure} failed${r.warning ? `, ${r.warning} warnings` : ""} checks`;
    console.log(`${mark[r.verdict]} ${r.scenario}: ${counts}${label[r.verdict]}`);
    if (r.verdict === "fail" || r.verdict === "stale" || verbose) for (const p of r.problems) console.log(`    ${p}`);
  }
  const passed = results.filter((r) => r.verdict === "pass").length;
  const expected = results.filter((r) => r.verdict === "expected").length;
  const failed = results.filter((r) => r.verdict === "fail" || r.verdict === "stale").length + runErrors;
  if (expected) console.log(`conformance: ${expected} expected failure(s) listed in conformance/baseline.yml`);
  if (jsonOut) {
    writeFileSync(jsonOut, JSON.stringify({ passed, failed, expected, outDir, scenarios: results }, null, 2));
  }
  if (failed === 0 && !keep) rmSync(outDir, { recursive: true, force: true });
  else console.log(`conformance: results kept in ${outDir}`);
  console.log(`conformance: ${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`conformance: ${error instanceof Error ? error.message : String(error)}`);
    console.log("conformance: 0 passed, 1 failed");
    process.exit(1);
  },
);
