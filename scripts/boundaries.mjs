// Import boundaries (issue 20): runs dependency-cruiser with .dependency-cruiser.cjs over the source tree
// and reports one check per rule (a rule with any violation fails: there is no baseline of tolerated
// ones). `npm run boundaries` prints the violations; `npm test` (scripts/test-all.mjs) counts the checks.
// `--json FILE` writes the summary.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const config = require(path.join(root, ".dependency-cruiser.cjs"));
const SOURCES = ["lib", "components", "hooks", "app", "demo", "bin", "server.ts", "instrumentation.ts"];

const args = ["--config", ".dependency-cruiser.cjs", "--output-type", "json", ...SOURCES];
const r = spawnSync(process.execPath, [path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs"), ...args], {
  cwd: root,
  encoding: "utf8",
  maxBuffer: 512 * 1024 * 1024,
});
let report;
try {
  report = JSON.parse(r.stdout);
} catch {
  console.error(r.stderr.slice(0, 4000) || "dependency-cruiser printed no report");
  process.exit(2);
}
const violations = (report.summary?.violations ?? []).filter((v) => v.rule?.severity === "error");
const rules = config.forbidden.map((rule) => {
  const mine = violations.filter((v) => v.rule.name === rule.name);
  return {
    name: rule.name,
    violations: mine.map((v) => (v.cycle ? [v.from, ...v.cycle.map((c) => c.name ?? c)].join(" → ") : `${v.from} → ${v.to}`)),
  };
});
for (const rule of rules) {
  console.log(`${rule.violations.length ? "✗" : "✓"} ${rule.name}${rule.violations.length ? `: ${rule.violations.length}` : ""}`);
  for (const v of rule.violations.slice(0, 50)) console.log(`    ${v}`);
}
const failed = rules.filter((rule) => rule.violations.length > 0).length;
console.log(`boundaries: ${rules.length - failed} rules kept, ${failed} broken`);
const jsonAt = process.argv.indexOf("--json");
if (jsonAt > 0 && process.argv[jsonAt + 1]) writeFileSync(process.argv[jsonAt + 1], JSON.stringify({ rules }));
process.exit(failed ? 1 : 0);
