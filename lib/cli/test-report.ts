import type { Run } from "@/lib/contracts/testing";

/** What `loupe-inspector test` prints: a line per case, the reasons of those that did not pass, a count. */
export function runReport(run: Run): string {
  const lines: string[] = [];
  for (const c of run.cases) {
    const mark = c.status === "pass" ? "✓" : c.status === "fail" ? "✗" : "!";
    const reps = c.total > 1 ? ` (${c.passed}/${c.total} replays passed${c.flaky ? ", flaky" : ""})` : "";
    lines.push(`${mark} ${c.caseName}${reps}`);
    if (c.status === "pass") continue;
    const seen = new Set<string>();
    for (const r of run.results) {
      if (r.caseId !== c.caseId || r.status === "pass" || seen.has(r.reason)) continue;
      seen.add(r.reason);
      lines.push(`    ${r.status === "error" ? "error" : "fail"}: ${r.reason}`);
    }
  }
  const count = (s: string) => run.cases.filter((c) => c.status === s).length;
  const errors = count("error");
  lines.push("", `${run.suiteName}: ${count("pass")} passed, ${count("fail")} failed${errors ? `, ${errors} could not run` : ""}`);
  return `${lines.join("\n")}\n`;
}
