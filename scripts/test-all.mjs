// `npm test`: every runner (the static checks: tsc, ESLint, Prettier, import boundaries; Vitest: unit, component, integration; the MCP conformance suite
// against Loupe's client and the demo MCP server, one test per scenario; Playwright: e2e in Chromium; the npm package's
// pack test on the build Playwright leaves), then one closing
// line "N passed, N failed" summed over all of them, which is what CI reads.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readVitestReport } from "./vitest-report.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = mkdtempSync(path.join(tmpdir(), "loupe-test-"));
const bin = (p) => path.join(root, "node_modules", p);
let passed = 0;
let failed = 0;
let broken = [];
/** Names of the failed tests, listed again just above the closing line (CI shows the output's tail). */
const failures = [];
/** How long each runner took, printed above the closing line (CI's budget is watched per runner). */
const timings = [];
let stageStart = Date.now();
let stageLabel = null;
function stage(label) {
  const now = Date.now();
  if (stageLabel) timings.push(`${stageLabel} ${((now - stageStart) / 1000).toFixed(0)} s`);
  stageLabel = label;
  stageStart = now;
}
const firstLine = (text) =>
  String(text ?? "")
    .split("\n")
    .find((l) => l.trim()) ?? "";

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(process.execPath, [cmd, ...args], { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return r.status ?? 1;
}

// Static checks first (issue 11): tsc counts as one check; ESLint and Prettier count one per file
// (a file with a lint error, or not formatted, is one failure named in "Failed tests").
function capture(cmd, args) {
  const r = spawnSync(process.execPath, [cmd, ...args], { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  return { status: r.status ?? 1, stdout: r.stdout ?? "", stderr: r.stderr ?? "" };
}

/**
 * Starts a runner beside the one in the foreground: its stdout and stderr go to files (a pipe would
 * fill while the foreground's spawnSync holds this process), read once it exits.
 */
function beside(cmd, args, stdoutFile, stderrFile = stdoutFile, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const fds = [openSync(stdoutFile, "w"), stderrFile === stdoutFile ? null : openSync(stderrFile, "w")];
    const child = spawn(process.execPath, [cmd, ...args], {
      cwd: root,
      stdio: ["ignore", fds[0], fds[1] ?? fds[0]],
      env: { ...process.env, ...env },
    });
    const done = (status) => {
      for (const fd of fds) if (fd !== null) closeSync(fd);
      resolve({ status, seconds: (Date.now() - started) / 1000 });
    };
    child.on("error", () => done(1));
    child.on("close", (status) => done(status ?? 1));
  });
}

// ESLint (type-aware, about four minutes on CI's 2 cores) runs beside the other static checks, which
// together take about as long on the other core; its JSON report goes to a file, read once it exits.
const eslintOut = path.join(out, "eslint.json");
const eslintErr = path.join(out, "eslint.err");
const eslintDone = beside(bin("eslint/bin/eslint.js"), [".", "--format", "json"], eslintOut, eslintErr);

stage("typecheck");
console.log("\n=== Typecheck (tsc --noEmit) ===");
{
  const r = capture(bin("typescript/bin/tsc"), ["--noEmit", "-p", "."]);
  const errors = r.stdout.split("\n").filter((l) => /error TS\d+/.test(l));
  if (r.status === 0) passed += 1;
  else {
    failed += 1;
    failures.push(
      `typecheck: ${errors.length} error${errors.length === 1 ? "" : "s"}, first: ${errors[0] ?? firstLine(r.stdout + r.stderr)}`,
    );
  }
  console.log(r.status === 0 ? "tsc: no errors" : errors.slice(0, 50).join("\n") || r.stdout.slice(0, 4000));
}

stage("prettier");
console.log("\n=== Format (Prettier --check) ===");
{
  const listed = capture(bin("prettier/bin/prettier.cjs"), ["--list-different", "."]);
  const different = listed.stdout
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  // Every file Prettier looks at: git's list filtered the way .prettierignore filters (no Markdown,
  // no recorded fixtures).
  const files = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
    .stdout.split("\n")
    .filter(
      (f) =>
        /\.(ts|tsx|mjs|cjs|js|json|css|yml|yaml)$/.test(f) &&
        !/^(conformance\/|package-lock\.json|tests\/fixtures\/|bench\/fixtures\/)/.test(f),
    );
  if (listed.status !== 0 && listed.status !== 1) {
    broken.push("prettier");
    console.log(listed.stderr.slice(0, 4000));
  } else {
    failed += different.length;
    passed += Math.max(0, files.length - different.length);
    for (const f of different) failures.push(`prettier ${f}: not formatted (npx prettier --write ${f})`);
    console.log(different.length ? different.join("\n") : `prettier: ${files.length} files formatted`);
  }
}

// Import boundaries (issue 20): one check per rule of .dependency-cruiser.cjs (scripts/boundaries.mjs).
stage("boundaries");
console.log("\n=== Boundaries (dependency-cruiser) ===");
{
  const json = path.join(out, "boundaries.json");
  const r = spawnSync(process.execPath, [path.join(root, "scripts/boundaries.mjs"), "--json", json], { cwd: root, stdio: "inherit" });
  if (existsSync(json)) {
    for (const rule of JSON.parse(readFileSync(json, "utf8")).rules) {
      if (rule.violations.length === 0) passed += 1;
      else {
        failed += 1;
        failures.push(`boundaries ${rule.name}: ${rule.violations.length} violation(s), first: ${rule.violations[0]}`);
      }
    }
  } else if (r.status !== 0) broken.push("boundaries");
}

stage("eslint (after the checks beside it)");
console.log("\n=== Lint (ESLint) ===");
{
  const r = await eslintDone;
  console.log(`eslint ran ${r.seconds?.toFixed(0) ?? "?"} s beside the other static checks`);
  let report = null;
  try {
    report = JSON.parse(readFileSync(eslintOut, "utf8"));
  } catch {
    broken.push("eslint");
    console.log(readFileSync(eslintErr, "utf8").slice(0, 4000));
  }
  if (report) {
    let files = 0;
    for (const file of report) {
      files += 1;
      const errors = file.messages.filter((m) => m.severity === 2);
      if (errors.length === 0) passed += 1;
      else {
        failed += 1;
        const rel = path.relative(root, file.filePath);
        const first = errors[0];
        failures.push(`eslint ${rel}:${first.line} ${first.ruleId ?? ""}: ${first.message}`);
        for (const e of errors) console.log(`${rel}:${e.line}:${e.column} ${e.ruleId ?? ""} ${e.message.split("\n")[0]}`);
      }
    }
    console.log(`eslint: ${files} files`);
  }
}

// The official MCP conformance suite runs on its own Node 22 in conformance/ (installed apart from
// Loupe). Vitest's integration tests drive it too (the Conformance tab's routes), so a fresh clone
// installs it once here, before any runner, instead of each test racing to install it mid-run.
const confDir = path.join(root, "conformance");
const confReady = () =>
  existsSync(path.join(confDir, "node_modules/.bin/node")) &&
  existsSync(path.join(confDir, "node_modules/@modelcontextprotocol/conformance/dist/index.js"));
stage("conformance install");
if (!confReady()) {
  console.log("\n=== Installing the MCP conformance suite (npm ci --prefix conformance) ===");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  spawnSync(npm, ["ci", "--prefix", confDir, "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
  if (!confReady()) broken.push("conformance install");
}

stage("vitest");
// Vitest
const vitestJson = path.join(out, "vitest.json");
const vStatus = run("Vitest", bin("vitest/vitest.mjs"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const r = readVitestReport(JSON.parse(readFileSync(vitestJson, "utf8")), root);
  passed += r.passed;
  failed += r.failed;
  failures.push(...r.failures);
} else if (vStatus !== 0) broken.push("vitest");

stage("playwright");
// Playwright
const pwJson = path.join(out, "playwright.json");
const pStatus = run("Playwright", bin("@playwright/test/cli.js"), ["test", "--reporter=list,json"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
});
if (existsSync(pwJson)) {
  const report = JSON.parse(readFileSync(pwJson, "utf8"));
  const s = report.stats ?? {};
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === "unexpected")
          failures.push(`playwright ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(t.results?.at(-1)?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  if ((s.expected ?? 0) + (s.unexpected ?? 0) + (s.flaky ?? 0) === 0 && pStatus !== 0) broken.push("playwright");
} else if (pStatus !== 0) broken.push("playwright");

// The npm package (issue 22): packed from the build Playwright's webServer just made (scripts/start.mjs
// builds when needed), installed into an empty folder and started with npx (tests/pack/). It runs
// beside the conformance suite: most of its time is npm installing the tarball (the registry, and
// better-sqlite3 compiling on one core) while the suite mostly waits on its scenarios' servers; one
// after the other they took 385 s of CI's budget.
stage("conformance, with the pack test beside it");
const packJson = path.join(out, "pack.json");
const packLog = path.join(out, "pack.log");
const packDone = beside(
  bin("vitest/vitest.mjs"),
  ["run", "--config", "tests/pack/vitest.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${packJson}`],
  packLog,
);
// MCP conformance suite, one test per scenario, in four requirement sets (Loupe's client and the
// demo server, each at 2025-11-25 and 2026-07-28): see conformance/README.md. The sum is over
// the four `conformance <role> <revision>: N passed, N failed` lines, read from --json.
const confJson = path.join(out, "conformance.json");
const cStatus = run("MCP conformance", path.join(root, "scripts/conformance.mjs"), ["--json", confJson]);
if (existsSync(confJson)) {
  const r = JSON.parse(readFileSync(confJson, "utf8"));
  const sets = r.sets ?? [];
  for (const set of sets) {
    passed += set.passed ?? 0;
    failed += set.failed ?? 0;
    const tag = `conformance ${set.role} ${set.revision}`;
    for (const res of set.results ?? []) {
      if (res.verdict === "fail" || res.verdict === "stale") failures.push(`${tag} › ${res.scenario}: ${res.problems?.[0] ?? res.verdict}`);
    }
    for (const e of set.runErrors ?? []) failures.push(`${tag}: ${e}`);
  }
  // Fewer than the four sets (a runner that lost one) must not look green.
  if (sets.length !== 4) broken.push(`conformance (${sets.length} of 4 requirement sets reported)`);
} else if (cStatus !== 0) broken.push("conformance");

const { status: kStatus, seconds: packSeconds } = await packDone;
console.log(`\n=== Pack (npx loupe-inspector), ran ${packSeconds.toFixed(0)} s beside the conformance suite ===`);
console.log(existsSync(packLog) ? readFileSync(packLog, "utf8") : "(no output)");
if (existsSync(packJson)) {
  const r = readVitestReport(JSON.parse(readFileSync(packJson, "utf8")), root);
  passed += r.passed;
  failed += r.failed;
  failures.push(...r.failures);
} else if (kStatus !== 0) broken.push("pack");
stage(null);
// A runner that crashed before reporting counts as one failure, so the total can never look green.
failed += broken.length;
if (broken.length) console.log(`\nRunners that did not report: ${broken.join(", ")}`);
console.log(`\nTime per runner: ${timings.join(", ")}`);
if (failures.length) console.log(`\nFailed tests:\n${failures.map((f) => `  ✗ ${f.slice(0, 400)}`).join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || vStatus !== 0 || cStatus !== 0 || pStatus !== 0 || kStatus !== 0 ? 1 : 0);
