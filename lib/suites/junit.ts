import type { CaseResult, Run } from "@/lib/contracts/testing";

/**
 * A run as JUnit XML (the format CI systems read: GitHub, GitLab, Jenkins): one <testsuite> for the
 * suite, one <testcase> per case; a failing case carries a <failure> (an `error` one an <error>)
 * whose message is its first reason and whose text lists every replay's assertions.
 */

/** XML 1.0 holds tab, newline, carriage return and the characters from space up, less U+FFFE / U+FFFF. */
function xmlChar(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return c === 9 || c === 10 || c === 13 || (c >= 32 && c !== 0xfffe && c !== 0xffff);
}

const ENTITIES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" };

function escapeXml(text: string): string {
  return [...text]
    .filter(xmlChar)
    .map((ch) => ENTITIES[ch] ?? ch)
    .join("");
}

const attrs = (a: Record<string, string | number>) =>
  Object.entries(a)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join("");

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function details(results: readonly CaseResult[]): string {
  return results
    .map((r) => {
      const lines = [`replay ${r.repetition + 1}: ${r.status} — ${r.reason}`];
      for (const f of r.pauseFailures) lines.push(`  pause: ${f}`);
      for (const a of r.assertions) lines.push(`  [${a.status}] ${a.type}: ${a.reason}`);
      return lines.join("\n");
    })
    .join("\n");
}

export function toJunit(run: Run): string {
  const failures = run.cases.filter((c) => c.status === "fail").length;
  const errors = run.cases.filter((c) => c.status === "error").length;
  const time = seconds((run.finishedAt ?? run.startedAt) - run.startedAt);
  const testcases = run.cases.map((c) => {
    const results = run.results.filter((r) => r.caseId === c.caseId);
    const ms = results.reduce((sum, r) => sum + r.durationMs, 0);
    const head = `    <testcase${attrs({ name: c.caseName, classname: run.suiteName, time: seconds(ms) })}`;
    const flaky = c.flaky ? `\n      <system-out>${escapeXml(`flaky: ${c.passed} of ${c.total} replays passed`)}</system-out>` : "";
    if (c.status === "pass") return flaky ? `${head}>${flaky}\n    </testcase>` : `${head}/>`;
    const first = results.find((r) => r.status !== "pass");
    const tag = c.status === "error" ? "error" : "failure";
    const body = `\n      <${tag}${attrs({ message: first?.reason ?? c.status, type: c.status })}>${escapeXml(details(results))}</${tag}>`;
    return `${head}>${body}${flaky}\n    </testcase>`;
  });
  const counts = { tests: run.cases.length, failures, errors, skipped: 0, time };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attrs({ name: run.suiteName, ...counts })}>`,
    `  <testsuite${attrs({ name: run.suiteName, ...counts, timestamp: new Date(run.startedAt).toISOString() })}>`,
    ...testcases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
