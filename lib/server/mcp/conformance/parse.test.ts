import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  parseChecks,
  parseOutputLine,
  parseScenarioList,
  readResultsDir,
  savedDirIn,
  scenarioFromDir,
  scenarioResult,
} from "@/lib/server/mcp/conformance/parse";

// Captured from the real suite (0.2.0-alpha.12) run against server-everything over Streamable HTTP:
//   conformance server --url http://127.0.0.1:7220/mcp --requirements 2025-11-25 -o <out>
const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/conformance");
const RUN = path.join(FIXTURES, "everything-2025-11-25");

describe("conformance output parser (real captured run)", () => {
  const list = parseScenarioList("2025-11-25", readFileSync(path.join(FIXTURES, "list-2025-11-25.txt"), "utf8"));
  const notScored = new Map(list.notScored.map((n) => [n.scenario, n.reason]));

  it("reads the revision's server scenarios and the unscored ones with their reason, not the client ones", () => {
    expect(list.required).toHaveLength(30);
    expect(list.required[0]).toBe("server-initialize");
    expect(list.required).toContain("dns-rebinding-protection");
    expect(list.required).not.toContain("initialize"); // a client scenario
    expect(list.notScored).toEqual([
      { scenario: "server-session-lifecycle", reason: "added-after-release" },
      { scenario: "json-schema-2020-12", reason: "pending" },
      { scenario: "server-sse-polling", reason: "pending" },
    ]);
    const modern = parseScenarioList("2026-07-28", readFileSync(path.join(FIXTURES, "list-2026-07-28.txt"), "utf8"));
    expect(modern.required).toHaveLength(37);
    expect(modern.required).toContain("input-required-result-basic-elicitation");
    expect(modern.notScored.find((n) => n.scenario === "tasks-lifecycle")?.reason).toBe("extension");
    expect(modern.notScored.some((n) => n.scenario === "auth/dpop")).toBe(false); // [client]
  });

  it("turns every scenario directory into a result with the suite's own pass/fail count", () => {
    const results = readResultsDir(RUN, notScored);
    expect(results).toHaveLength(33);
    // The suite's summary printed in the same run: "Total: 47 passed, 22 failed".
    const sum = (k: "success" | "failure") => results.reduce((n, r) => n + r.counts[k], 0);
    expect(sum("success")).toBe(47);
    expect(sum("failure")).toBe(22);
    const summary = readFileSync(path.join(RUN, "stdout.txt"), "utf8");
    for (const r of results) {
      const line = new RegExp(`([✓✗]) ${r.scenario}: (\\d+) passed, (\\d+) failed`).exec(summary);
      expect(line, r.scenario).not.toBeNull();
      expect([r.counts.success, r.counts.failure]).toEqual([Number(line![2]), Number(line![3])]);
      expect(r.outcome).toBe(line![1] === "✓" ? "passed" : "failed");
    }
    const lifecycle = results.find((r) => r.scenario === "server-session-lifecycle")!;
    expect(lifecycle.scored).toBe(false);
    expect(lifecycle.notScoredReason).toBe("added-after-release");
    expect(results.find((r) => r.scenario === "ping")!.scored).toBe(true);
  });

  it("keeps a check's message, spec references and the details the suite recorded", () => {
    const dns = readResultsDir(RUN, notScored).find((r) => r.scenario === "dns-rebinding-protection")!;
    const rejected = dns.checks.find((c) => c.id === "localhost-host-rebinding-rejected")!;
    expect(rejected.status).toBe("FAILURE");
    expect(rejected.message).toBe("Expected HTTP 4xx for invalid Host/Origin headers, got 200");
    expect(rejected.specReferences.map((s) => s.id)).toEqual(["MCP-DNS-Rebinding-Protection", "MCP-Transport-Security"]);
    expect(rejected.specReferences[0]!.url).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\/2025-11-25\//);
    expect(rejected.details).toMatchObject({ hostHeader: "evil.example.com", statusCode: 200 });
  });

  it("reads a single-scenario run at the 2026-07-28 wire (schema violation quoting the server's message)", () => {
    const [one] = readResultsDir(path.join(FIXTURES, "single-tools-list-2026-07-28"));
    expect(one!.scenario).toBe("tools-list");
    expect(one!.outcome).toBe("failed");
    const wire = one!.checks.find((c) => c.id === "wire-schema-valid")!;
    expect(wire.message).toContain("Server not initialized");
    expect(JSON.stringify(wire.details)).toContain("violations");
  });

  it("follows progress from the suite's output lines", () => {
    const events = readFileSync(path.join(RUN, "stdout.txt"), "utf8")
      .split("\n")
      .map(parseOutputLine)
      .filter((e) => e !== null);
    expect(events[0]).toEqual({ kind: "total", total: 33 });
    const starts = events.filter((e) => e.kind === "start").map((e) => e.scenario);
    expect(starts).toHaveLength(33);
    expect(starts.slice(0, 2)).toEqual(["server-initialize", "logging-set-level"]);
    const saved = events.filter((e) => e.kind === "saved");
    expect(saved).toHaveLength(33);
    expect(parseOutputLine("\u001b[1mRunning client scenario 'ping' against server: http://x\u001b[0m")).toEqual({
      kind: "start",
      scenario: "ping",
    });
  });

  it("names scenarios from directories, even ones with dashes and digits", () => {
    const names = readdirSync(RUN)
      .filter((d) => d !== "stdout.txt")
      .map(scenarioFromDir);
    expect(names).toContain("elicitation-sep1034-defaults");
    expect(names).toContain("json-schema-2020-12");
    expect(scenarioFromDir("stdout.txt")).toBeNull();
  });

  it("never drops a malformed check and fails a scenario with warnings or with no check", () => {
    const checks = parseChecks([{ id: "a", status: "SUCCESS" }, { nope: true }]);
    expect(checks.map((c) => c.status)).toEqual(["SUCCESS", "FAILURE"]);
    expect(parseChecks({}).map((c) => c.status)).toEqual(["FAILURE"]);
    expect(
      scenarioResult(
        "x",
        parseChecks([
          { id: "a", status: "SUCCESS" },
          { id: "b", status: "WARNING" },
        ]),
      ).outcome,
    ).toBe("failed");
    expect(scenarioResult("x", []).outcome).toBe("failed");
    expect(
      scenarioResult(
        "x",
        parseChecks([
          { id: "a", status: "SUCCESS" },
          { id: "b", status: "INFO" },
        ]),
      ).outcome,
    ).toBe("passed");
  });

  it("bounds what a hostile server can make a check hold (it is stored with the connection and sent on every poll)", () => {
    const huge = "z".repeat(4 * 1024 * 1024);
    const [check] = parseChecks([
      {
        id: "tools-call",
        status: "FAILURE",
        errorMessage: `Server said: ${huge}`,
        details: { result: { content: [{ type: "text", text: huge }] } },
        logs: Array.from({ length: 5_000 }, (_, i) => `log ${i} ${"y".repeat(1_000)}`),
      },
    ]);
    expect(JSON.stringify(check).length).toBeLessThan(256 * 1024);
    // What is kept says it was cut, and keeps the beginning.
    expect(check!.message).toMatch(/^Server said: z+/);
    expect(check!.message).toMatch(/cut/);
    expect(JSON.stringify(check!.details)).toMatch(/cut/);
    expect(check!.logs![0]).toMatch(/^log 0 /);
    expect(check!.logs!.at(-1)).toMatch(/more log lines/);
    // A small check is kept as the suite wrote it.
    const [small] = parseChecks([{ id: "a", status: "SUCCESS", details: { status: 200 }, logs: ["one"] }]);
    expect(small).toMatchObject({ details: { status: 200 }, logs: ["one"] });
  });

  it("reads a 'Results saved to' directory only inside the run's own output directory (a server's text echoed on stdout cannot point Loupe elsewhere)", () => {
    const out = "/tmp/loupe-conformance-abc";
    expect(savedDirIn(out, `${out}/server-ping-2026-11-24T01-00-00-000Z`)).toBe(`${out}/server-ping-2026-11-24T01-00-00-000Z`);
    expect(savedDirIn(out, "/home/someone/project")).toBeNull();
    expect(savedDirIn(out, `${out}/../elsewhere`)).toBeNull();
    expect(savedDirIn(out, `${out}-other/server-ping`)).toBeNull();
    expect(savedDirIn(out, out)).toBeNull();
  });
});
