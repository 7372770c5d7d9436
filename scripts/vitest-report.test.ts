import { describe, expect, it } from "vitest";
import { readVitestReport } from "./vitest-report.mjs";

const file = (name: string, status: string, tests: { status: string; fullName?: string; failureMessages?: string[] }[], message = "") => ({
  name: `/repo/${name}`,
  status,
  message,
  assertionResults: tests.map((t) => ({ fullName: t.fullName ?? "t", failureMessages: t.failureMessages ?? [], status: t.status })),
});

describe("readVitestReport", () => {
  it("counts passed and failed tests and names the failed ones", () => {
    const r = readVitestReport(
      {
        numPassedTests: 3,
        numFailedTests: 1,
        testResults: [
          file("a.test.ts", "passed", [{ status: "passed" }, { status: "passed" }]),
          file("b.test.ts", "failed", [
            { status: "passed" },
            { status: "failed", fullName: "b fails", failureMessages: ["\nexpected 1\nmore"] },
          ]),
        ],
      },
      "/repo",
    );
    expect(r).toEqual({ passed: 3, failed: 1, failures: ["vitest b.test.ts › b fails: expected 1"] });
  });

  it("counts a file whose beforeAll threw (its tests skipped, none failed) as one failure", () => {
    const r = readVitestReport(
      {
        numPassedTests: 0,
        numFailedTests: 0,
        testResults: [
          file("c.test.ts", "failed", [{ status: "skipped" }, { status: "skipped" }], "TypeError: Cannot read properties of null"),
        ],
      },
      "/repo",
    );
    expect(r.failed).toBe(1);
    expect(r.failures).toEqual(["vitest c.test.ts: TypeError: Cannot read properties of null"]);
  });

  it("counts a file that did not load (no tests at all) as one failure", () => {
    const r = readVitestReport(
      { numPassedTests: 0, numFailedTests: 0, testResults: [file("d.test.ts", "failed", [], "SyntaxError")] },
      "/repo",
    );
    expect(r).toEqual({ passed: 0, failed: 1, failures: ["vitest d.test.ts: SyntaxError"] });
  });
});
