import "server-only";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type {
  ConformanceCheck,
  ConformanceRevision,
  ConformanceScenarioList,
  ConformanceScenarioResult,
  ScenarioCounts,
} from "@/lib/contracts/conformance";
import { errorMessage } from "@/lib/values";

/**
 * Reading what `conformance server … -o <dir>` leaves behind (0.2.0-alpha.12): one directory per
 * scenario, `server-<scenario>-<ISO time with : and . as ->`, holding `checks.json` (an array of
 * checks); and the lines it prints while it runs. The files are the truth; stdout only drives
 * progress and tells which directory belongs to which scenario.
 */

const ANSI = /\u001b\[[0-9;]*m/g;
export const stripAnsi = (s: string): string => s.replace(ANSI, "");

// The suite's check as written; loose so a newer suite's extra fields do not drop a check.
const RawCheck = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  status: z.string(),
  timestamp: z.string().optional(),
  errorMessage: z.string().optional(),
  specReferences: z.array(z.looseObject({ id: z.string(), url: z.string().optional() })).optional(),
  details: z.unknown().optional(),
  logs: z.array(z.unknown()).optional(),
});

/**
 * What one check may hold. The suite copies what the server sent into a check (its error text,
 * the result, SSE events), and a run is stored with the connection and sent on every poll of the
 * tab: a server answering megabytes must not make each of them megabytes.
 */
export const CHECK_LIMITS = { message: 8 * 1024, details: 64 * 1024, logLine: 2 * 1024, logLines: 100 };

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (cut by Loupe: ${text.length} characters in all)` : text;
}

/** Details small enough are kept as JSON; bigger ones become the start of their JSON text. */
function boundedDetails(details: unknown): unknown {
  const text = JSON.stringify(details) ?? "";
  return text.length > CHECK_LIMITS.details ? cut(text, CHECK_LIMITS.details) : details;
}

function boundedLogs(logs: unknown[]): string[] {
  const lines = logs
    .slice(0, CHECK_LIMITS.logLines)
    .map((l) => cut(typeof l === "string" ? l : (JSON.stringify(l) ?? ""), CHECK_LIMITS.logLine));
  if (logs.length > CHECK_LIMITS.logLines) lines.push(`… ${logs.length - CHECK_LIMITS.logLines} more log lines (cut by Loupe)`);
  return lines;
}

/** checks.json → checks; an entry that is not a check becomes a FAILURE saying so (never dropped silently). */
export function parseChecks(json: unknown): ConformanceCheck[] {
  if (!Array.isArray(json)) {
    return [unreadable("checks.json is not an array")];
  }
  return json.map((item, i) => {
    const parsed = RawCheck.safeParse(item);
    if (!parsed.success) return unreadable(`check #${i + 1} has no id or status`);
    const c = parsed.data;
    return {
      id: c.id,
      name: c.name ?? c.id,
      description: c.description ?? "",
      status: c.status,
      ...(c.errorMessage ? { message: cut(c.errorMessage, CHECK_LIMITS.message) } : {}),
      ...(c.timestamp ? { timestamp: c.timestamp } : {}),
      specReferences: (c.specReferences ?? []).map((r) => ({ id: r.id, ...(r.url ? { url: r.url } : {}) })),
      ...(c.details !== undefined ? { details: boundedDetails(c.details) } : {}),
      ...(c.logs?.length ? { logs: boundedLogs(c.logs) } : {}),
    };
  });
}

function unreadable(message: string): ConformanceCheck {
  return {
    id: "loupe-unreadable-check",
    name: "Unreadable result",
    description: "Loupe could not read the suite's result",
    status: "FAILURE",
    message,
    specReferences: [],
  };
}

export function countChecks(checks: ConformanceCheck[]): ScenarioCounts {
  const counts: ScenarioCounts = { success: 0, failure: 0, warning: 0, info: 0, skipped: 0 };
  for (const c of checks) {
    if (c.status === "SUCCESS") counts.success++;
    else if (c.status === "FAILURE") counts.failure++;
    else if (c.status === "WARNING") counts.warning++;
    else if (c.status === "SKIPPED") counts.skipped++;
    else counts.info++;
  }
  return counts;
}

export function scenarioResult(scenario: string, checks: ConformanceCheck[], notScoredReason?: string): ConformanceScenarioResult {
  const counts = countChecks(checks);
  // The suite's baseline rule: a WARNING fails a scenario as a FAILURE does; no check at all is no pass.
  const passed = checks.length > 0 && counts.failure === 0 && counts.warning === 0;
  return {
    scenario,
    scored: notScoredReason === undefined,
    ...(notScoredReason !== undefined ? { notScoredReason } : {}),
    outcome: passed ? "passed" : "failed",
    counts,
    checks,
  };
}

const DIR_NAME = /^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

/** The scenario a result directory belongs to, from the name the suite gives it. */
export function scenarioFromDir(name: string): string | null {
  return DIR_NAME.exec(name)?.[1] ?? null;
}

/** Every scenario result under an output directory, in the order the suite wrote them. */
export function readResultsDir(outDir: string, notScored: ReadonlyMap<string, string> = new Map()): ConformanceScenarioResult[] {
  const dirs = readdirSync(/*turbopackIgnore: true*/ outDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && scenarioFromDir(d.name) !== null)
    .map((d) => d.name)
    .sort(
      (a, b) =>
        statSync(/*turbopackIgnore: true*/ path.join(outDir, a)).mtimeMs -
          statSync(/*turbopackIgnore: true*/ path.join(outDir, b)).mtimeMs || a.localeCompare(b),
    );
  return dirs.map((d) => readScenarioDir(path.join(outDir, d), scenarioFromDir(d) as string, notScored.get(scenarioFromDir(d) as string)));
}

/** One scenario's directory → its result; a missing or broken checks.json is a failed scenario that says so. */
export function readScenarioDir(dir: string, scenario: string, notScoredReason?: string): ConformanceScenarioResult {
  let checks: ConformanceCheck[];
  try {
    checks = parseChecks(JSON.parse(readFileSync(/*turbopackIgnore: true*/ path.join(dir, "checks.json"), "utf8")) as unknown);
  } catch (error) {
    checks = [unreadable(`checks.json: ${errorMessage(error)}`)];
  }
  return scenarioResult(scenario, checks, notScoredReason);
}

/**
 * The directory of a "Results saved to" line, when it is one of the run's own (under `outDir`).
 * The suite prints what a server said on the same stdout; a line it made up must not send Loupe
 * to read a checks.json anywhere else on the disk.
 */
export function savedDirIn(outDir: string, dir: string): string | null {
  const root = path.resolve(outDir);
  const resolved = path.resolve(root, dir);
  return resolved.startsWith(root + path.sep) ? resolved : null;
}

/** What one line of the suite's output means for progress. */
export type OutputEvent = { kind: "total"; total: number } | { kind: "start"; scenario: string } | { kind: "saved"; dir: string };

/** `conformance server` prints these lines (stdout) in this version; anything else is ignored. */
export function parseOutputLine(rawLine: string): OutputEvent | null {
  const line = stripAnsi(rawLine).trim();
  let m = /^Running (?:requirements \S+|\S+ suite) \((\d+) scenarios\)/.exec(line);
  if (m) return { kind: "total", total: Number(m[1]) };
  m = /^Running client scenario '([^']+)' against server/.exec(line);
  if (m?.[1]) return { kind: "start", scenario: m[1] };
  m = /^Results saved to (.+)$/.exec(line);
  if (m?.[1]) return { kind: "saved", dir: m[1] };
  return null;
}

/**
 * `conformance list --server --requirements <rev>`: the section "Server scenarios" lists the
 * required ones; "Run and reported, but never scored" lists the rest per reason, tagged [server]
 * or [client]. (The command prints the client scenarios too, whatever --server says.)
 */
export function parseScenarioList(revision: ConformanceRevision, text: string): ConformanceScenarioList {
  const required: string[] = [];
  const notScored: { scenario: string; reason: string }[] = [];
  let section: "server" | "client" | "not-scored" | null = null;
  let reason = "";
  for (const raw of stripAnsi(text).split("\n")) {
    const line = raw.trimEnd();
    if (/^Server scenarios/.test(line)) section = "server";
    else if (/^Client scenarios/.test(line)) section = "client";
    else if (/^Run and reported, but never scored/.test(line)) section = "not-scored";
    else if (section === "server" && /^\s+- \S+$/.test(line)) required.push(line.trim().slice(2));
    else if (section === "not-scored") {
      const head = /^\s{2}(\S[^(]*?) \(\d+\):$/.exec(line);
      if (head?.[1]) reason = head[1];
      const item = /^\s+- (\S+) \[server\]$/.exec(line);
      if (item?.[1]) notScored.push({ scenario: item[1], reason });
    }
  }
  return { revision, required, notScored };
}
