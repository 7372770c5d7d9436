import { describe, expect, it } from "vitest";
import { parseSuiteFile, suiteFileErrorText } from "@/lib/contracts/testing";

const good = {
  format: "loupe-suite",
  version: 1,
  name: "echo",
  cases: [
    {
      name: "echo hi",
      protocol: "mcp",
      target: { kind: "command", command: "node", args: ["server.js"] },
      steps: [{ kind: "tools/call", input: { name: "echo", arguments: { message: "hi" } } }],
      recorded: { result: { content: [] } },
      assertions: [{ type: "final_response", mode: "rouge1", threshold: 0.8 }],
    },
  ],
};

describe("the suite file", () => {
  it("parses a valid file with its defaults", () => {
    const parsed = parseSuiteFile(JSON.stringify(good));
    expect(parsed.ok && parsed.suite.repetitions).toBe(1);
    expect(parsed.ok && parsed.suite.cases[0]?.answers).toEqual([]);
  });

  it("names the path of the bad field", () => {
    const bad = structuredClone(good);
    bad.cases[0]!.assertions[0]!.threshold = 2;
    const parsed = parseSuiteFile(JSON.stringify(bad));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.path).toBe("cases[0].assertions[0].threshold");
    expect(suiteFileErrorText(parsed.error, "a.loupe-suite.json")).toMatch(
      /^a\.loupe-suite\.json: cases\[0\]\.assertions\[0\]\.threshold: /,
    );
  });

  it("refuses another version and text that is not JSON", () => {
    const other = parseSuiteFile(JSON.stringify({ ...good, version: 2 }));
    expect(!other.ok && other.error.path).toBe("version");
    const broken = parseSuiteFile('{"format": "loupe-suite",');
    expect(!broken.ok && broken.error).toMatchObject({ path: "(the file)", message: expect.stringContaining("is not JSON") });
  });

  it("refuses a file nested too deep to store (its cases were half-imported, then a 500)", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const text = JSON.stringify({ ...good, cases: [{ ...good.cases[0], steps: [{ kind: "tools/call", input: "X" }] }] }).replace(
      '"X"',
      deep,
    );
    const parsed = parseSuiteFile(text);
    expect(!parsed.ok && parsed.error).toMatchObject({ path: "(the file)", message: expect.stringContaining("nests deeper than 512") });
  });
});
