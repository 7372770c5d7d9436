import { describe, expect, it } from "vitest";
import { countedExtras, readRequirements } from "./results.mjs";

// The suite's own requirement files (conformance/node_modules, installed by npm test before Vitest).
describe("the conformance runner's scenario lists", () => {
  it.each(["2025-11-25", "2026-07-28"])("reads %s's not_scored client entries, and counts the three extras Loupe passes", (revision) => {
    const required = readRequirements(revision);
    expect(required.client).toContain("auth/pre-registration");
    expect(required.client).not.toContain("json-schema-2020-12-preservation");
    expect(required.notScored.client).toEqual(
      expect.arrayContaining(["json-schema-2020-12-preservation", "auth/client-credentials-basic", "auth/client-credentials-jwt"]),
    );
    expect(required.notScored.server).toContain("json-schema-2020-12");
    expect(required.notScored.client).not.toContain("json-schema-2020-12");
    const extras = ["json-schema-2020-12-preservation", "auth/client-credentials-basic", "auth/client-credentials-jwt"];
    expect(countedExtras(required, revision, extras)).toEqual(extras);
  });

  it("refuses an extra that is not a not_scored client scenario of the revision", () => {
    const required = readRequirements("2026-07-28");
    expect(() => countedExtras(required, "2026-07-28", ["json-schema-2020-12"])).toThrow(
      /Not a not_scored client scenario of 2026-07-28: json-schema-2020-12/,
    );
  });
});
