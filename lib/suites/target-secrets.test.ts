import { describe, expect, it } from "vitest";
import { expandTargetEnv, portableTarget, secretVariable } from "@/lib/suites/target-secrets";

describe("targets in a suite file keep no secret", () => {
  it("writes header and environment values as ${env:…} references, leaving references as they are", () => {
    expect(
      portableTarget({
        kind: "url",
        url: "https://mcp.example/mcp",
        headers: { Authorization: "Bearer sk-live-1", "X-Team": "${env:TEAM}" },
      }),
    ).toEqual({
      kind: "url",
      url: "https://mcp.example/mcp",
      headers: { Authorization: "${env:LOUPE_SECRET_AUTHORIZATION}", "X-Team": "${env:TEAM}" },
    });
    expect(portableTarget({ kind: "command", command: "node", args: ["s.js"], env: { api_key: "k-123" } })).toEqual({
      kind: "command",
      command: "node",
      args: ["s.js"],
      env: { api_key: "${env:LOUPE_SECRET_API_KEY}" },
    });
    expect(secretVariable("x-api-key")).toBe("LOUPE_SECRET_X_API_KEY");
    expect(portableTarget({ kind: "saved", id: "c1" })).toEqual({ kind: "saved", id: "c1" });
  });

  it("reads the references back from the environment, and names a variable that is not set", () => {
    const file = portableTarget({
      kind: "url",
      url: "https://mcp.example/mcp",
      headers: { Authorization: "Bearer sk-live-1", Accept: "${env:ACCEPT}" },
    });
    expect(expandTargetEnv(file, { LOUPE_SECRET_AUTHORIZATION: "Bearer ci-token", ACCEPT: "application/json" })).toMatchObject({
      headers: { Authorization: "Bearer ci-token", Accept: "application/json" },
    });
    expect(() => expandTargetEnv(file, { ACCEPT: "x" })).toThrow(
      "the header Authorization is ${env:LOUPE_SECRET_AUTHORIZATION}: set LOUPE_SECRET_AUTHORIZATION to its value",
    );
    expect(expandTargetEnv({ kind: "command", command: "node", args: [], env: { A: "plain" } }, {})).toMatchObject({ env: { A: "plain" } });
  });
});
