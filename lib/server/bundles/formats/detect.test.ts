import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { BundleOrigin } from "@/lib/contracts/bundle";
import { syntheticAdkBundle } from "@/tests/support/bundles";
import { BUNDLE_FORMATS } from "./index";

const FIXTURES = "tests/fixtures/bundles";
const read = (name: string): unknown => JSON.parse(readFileSync(`${FIXTURES}/${name}`, "utf8"));
const claimants = (json: unknown): BundleOrigin[] => BUNDLE_FORMATS.filter((f) => f.detect(json)).map((f) => f.origin);

/** Which converter must claim each captured file (every foreign fixture is listed: a new one fails until added). */
const EXPECTED: Record<string, BundleOrigin> = {
  "adk-web-export.json": "adk-web",
  "adk-session-get.json": "adk-session-json",
  "inspector-protocol.json": "mcp-inspector-log",
  "inspector-console.json": "mcp-inspector-log",
  "inspector-logs.json": "mcp-inspector-log",
  "inspector-http-protocol.json": "mcp-inspector-log",
  "inspector-http-network.json": "mcp-inspector-log",
};

describe("foreign format detection", () => {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith(".json"));

  it("claims each captured file by exactly one converter, the right one", () => {
    const foreign = files.filter((f) => !f.endsWith(".loupe.json"));
    expect(foreign.sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const file of foreign) expect([file, claimants(read(file))]).toEqual([file, [EXPECTED[file]]]);
  });

  it("claims no Loupe bundle (the fixtures and a synthetic ADK session bundle)", () => {
    const loupe = files.filter((f) => f.endsWith(".loupe.json"));
    expect(loupe.length).toBeGreaterThan(0);
    for (const file of loupe) expect([file, claimants(read(file))]).toEqual([file, []]);
    expect(claimants(syntheticAdkBundle(3))).toEqual([]);
    // A Loupe bundle's snapshot is an ADK session: the envelope around it must not look like one.
    expect(claimants(syntheticAdkBundle(3).snapshot)).toEqual([]);
  });

  it("claims nothing that is not one of the formats", () => {
    for (const json of [null, [], {}, "text", 42, [{ a: 1 }], { id: "s", appName: "a" }, [{ timestamp: "x", message: "m", extra: 1 }]])
      expect(claimants(json)).toEqual([]);
  });
});
