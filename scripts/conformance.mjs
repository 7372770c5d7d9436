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
// Which scenarios: the `client:` and `server:` lists of the suite's frozen requirement files
// (requirements/<revision>.yaml), plus the few `not_scored` client scenarios Loupe counts anyway
// (COUNTED_EXTRAS in conformance/setup.mjs); the other `not_scored` ones (extensions, pending) are
// not run for the client and not counted for the server.
//
// Counting: one test per scenario and requirement set. A scenario passes when the suite recorded
// at least one SUCCESS check and no FAILURE or WARNING check (the suite's own baseline rule). A
// failing scenario listed in conformance/baseline.yml is an expected failure (shown, counted
// apart); a listed scenario that passes is a stale baseline entry and counts as failed.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { countedExtras, finish, readBaseline, readRequirements } from "./conformance/results.mjs";
import { runClientRole, runServerRole } from "./conformance/roles.mjs";
import {
  checkNode22,
  COUNTED_EXTRAS,
  ensureRuntime,
  jsonOut,
  keep,
  only,
  REVISIONS,
  ROLES,
  selected,
  verbose,
} from "./conformance/setup.mjs";

async function main() {
  ensureRuntime();
  const nodeVersion = checkNode22();
  const baseline = readBaseline();
  const outDir = mkdtempSync(path.join(tmpdir(), "loupe-conformance-"));
  const sets = [];
  for (const revision of REVISIONS) {
    const required = readRequirements(revision);
    required.client = [...required.client, ...countedExtras(required, revision, COUNTED_EXTRAS)];
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
