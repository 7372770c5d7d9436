// Reading the suite's files: requirement sets, the baseline, the checks.json of each scenario run.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { baselineFile, suiteDir } from "./setup.mjs";

/**
 * The `server:` and `client:` lists of the suite's frozen requirement file for a revision, and its
 * `not_scored` entries per leg (`notScored.client` / `notScored.server`). The file is flat YAML
 * (top-level keys, `  - name` items, `  - scenario: name` + `    leg: role` entries, comments).
 */
export function readRequirements(revision) {
  const file = path.join(suiteDir, "requirements", `${revision}.yaml`);
  if (!existsSync(file)) throw new Error(`The suite has no requirement set for ${revision} (${file})`);
  const lists = { client: [], server: [], notScored: { client: [], server: [] } };
  let key = null;
  let entry = null;
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
    const scenario = /^\s+-\s+scenario:\s+["']?([^"'\s]+)["']?\s*$/.exec(line);
    if (key === "not_scored" && scenario) entry = scenario[1];
    const leg = /^\s+leg:\s+(client|server)\s*$/.exec(line);
    if (key === "not_scored" && leg && entry) lists.notScored[leg[1]].push(entry);
  }
  if (lists.client.length === 0 || lists.server.length === 0) throw new Error(`Could not read the client/server lists of ${file}`);
  return lists;
}

/**
 * The client scenarios of a revision that Loupe counts although the suite does not score them:
 * every name of `extras` must be a `not_scored` client entry of that revision's file, so a suite
 * update that renames, drops or promotes one fails loudly instead of silently running nothing.
 */
export function countedExtras(required, revision, extras) {
  const missing = extras.filter((s) => !required.notScored.client.includes(s));
  if (missing.length) throw new Error(`Not a not_scored client scenario of ${revision}: ${missing.join(", ")} (update COUNTED_EXTRAS)`);
  return extras;
}

/** Scenario names per role in baseline.yml (`client:` / `server:` flat YAML lists; comments carry the reasons). */
export function readBaseline() {
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

export function findChecks(dir) {
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
export function scenarioOf(outDir, checksFile, role) {
  const rel = path.relative(outDir, path.dirname(checksFile)).split(path.sep).join("/");
  const name = rel.replace(/-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/, "");
  return role === "server" ? name.replace(/^server-/, "") : name;
}

/** The last non-empty lines of a text, stack frames left out. */
export function tailLines(text, n) {
  return text
    .split("\n")
    .filter((l) => l.trim() && !/^\s+at /.test(l))
    .slice(-n);
}

export function summarize(checks) {
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

export function readChecks(file) {
  try {
    const checks = JSON.parse(readFileSync(file, "utf8"));
    return Array.isArray(checks) ? checks : [{ id: "checks.json", status: "FAILURE", errorMessage: `not a list: ${file}` }];
  } catch {
    return [{ id: "checks.json", status: "FAILURE", errorMessage: `unreadable ${file}` }];
  }
}

/** The verdict of every result of a set against the baseline, and the set's counts. */
export function finish(set, baseline) {
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
