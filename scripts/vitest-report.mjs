// How npm test (scripts/test-all.mjs) reads Vitest's JSON report: passed and failed tests, and the
// names of what failed. Apart from the runner so it is unit-tested (scripts/vitest-report.test.ts).
import path from "node:path";

const firstLine = (text) =>
  String(text ?? "")
    .split("\n")
    .find((l) => l.trim()) ?? "";

/**
 * A file that fails on its own (it does not load, or a beforeAll / afterAll throws: its tests are
 * then skipped, none failed) counts as one failure, or the closing line would look green.
 */
const failsOnItsOwn = (file) => file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed");

/** @returns {{ passed: number, failed: number, failures: string[] }} */
export function readVitestReport(report, root) {
  const files = report.testResults ?? [];
  const failures = [];
  for (const file of files) {
    const rel = path.relative(root, file.name ?? "");
    if (failsOnItsOwn(file)) failures.push(`vitest ${rel}: ${firstLine(file.message)}`);
    for (const t of file.assertionResults ?? []) {
      if (t.status === "failed") failures.push(`vitest ${rel} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + files.filter(failsOnItsOwn).length,
    failures,
  };
}
