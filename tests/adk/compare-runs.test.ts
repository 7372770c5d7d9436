/**
 * Compare two runs of the same app on the real ADK JS api_server (scripted model): the same
 * conversation twice, the second asking for another city, so exactly one tool argument differs
 * (and what follows from it: the result, the state it wrote, the answer). Read back as Loupe reads
 * sessions (GET …/sessions/{id}), aligned by lib/protocols/adk/compare.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCRIPTED_ONLY, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { compareSessions } from "@/lib/protocols/adk/compare";
import { AdkTestClient, text } from "./adk-client";

let server: AgentServer;

beforeAll(async () => {
  server = await startAgentServer({ port: 0, env: SCRIPTED_ONLY });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

/**
 * One run per user: `user:lookups` is user-scoped state that every session of a user counts up, so
 * two runs by the same user rightly differ in it. Different users keep the runs independent (and
 * comparing across users is what the picker offers).
 */
async function run(userId: string, sessionId: string, turns: string[], streaming: boolean) {
  const client = new AdkTestClient(server.url, "loupe_demo", userId);
  await client.createSession(sessionId);
  for (const t of turns) {
    const { errors } = await client.run(sessionId, text(t), streaming);
    expect(errors).toEqual([]);
  }
  return (await client.getSession(sessionId)).events;
}

describe("compare two runs of loupe_demo", () => {
  it("reports the one tool argument that differs and what followed from it; the identical invocations are the same", async () => {
    // B streams (partials on the wire; ADK stores only the final events) and A does not: the comparison must not care.
    const a = await run("ua", "cmp_a", ["weather in Paris", "parallel", "help"], false);
    const b = await run("ub", "cmp_b", ["weather in Tokyo", "parallel", "help"], true);
    const c = compareSessions(a, b);

    expect(c.pairs.map((p) => p.status)).toEqual(["different", "same", "same"]);
    expect(c.summary).toMatchObject({ units: 3, differing: 1, onlyA: 0, onlyB: 0, toolsOnlyInA: [], toolsOnlyInB: [] });

    const [first] = c.pairs;
    expect(first?.a?.userText).toBe("weather in Paris");
    expect(first?.b?.userText).toBe("weather in Tokyo");
    expect(first?.differs).toEqual(["user", "args", "results", "answer", "state"]);
    expect(first?.calls).toHaveLength(1);
    const call = first?.calls[0];
    expect(call?.a?.name).toBe("get_weather");
    expect(call?.args?.changes).toEqual([{ path: ["city"], kind: "changed", before: "Paris", after: "Tokyo" }]);
    // The tool answered for the other city; its artifact version is the same (first report of each session).
    expect(call?.result?.changes.map((ch) => ch.path[0]).sort()).toEqual(["city", "forecast", "temperatureC"]);
    expect(first?.state?.changes).toEqual([{ path: ["last_city"], kind: "changed", before: "Paris", after: "Tokyo" }]);
    expect(first?.answer.some((l) => l.kind === "removed" && l.text.includes("Paris"))).toBe(true);
    expect(first?.answer.some((l) => l.kind === "added" && l.text.includes("Tokyo"))).toBe(true);

    // Both ran the same number of model calls; token counts and durations are reported per side.
    expect(c.summary.tokensA).toBeGreaterThan(0);
    expect(c.summary.tokensB).toBeGreaterThan(0);
    expect(c.summary.durationA).not.toBeNull();
  }, 60_000);

  it("an extra turn in one run is only in that run, and a tool only one run used is named", async () => {
    const a = await run("uc", "cmp_c", ["weather in Paris"], false);
    const b = await run("ud", "cmp_d", ["weather in Paris", "fail"], false);
    const c = compareSessions(a, b);
    expect(c.pairs.map((p) => p.status)).toEqual(["same", "only_b"]);
    expect(c.summary.toolsOnlyInB).toEqual(["flaky_service"]);
    expect(c.pairs[1]?.b?.calls[0]).toMatchObject({ name: "flaky_service", isError: true });
  }, 60_000);

  it("two runs by the same user differ in the user-scoped state they count up, and the comparison says so", async () => {
    const a = await run("ue", "cmp_e", ["weather in Paris"], false);
    const b = await run("ue", "cmp_f", ["weather in Paris"], false);
    const [pair] = compareSessions(a, b).pairs;
    expect(pair?.differs).toEqual(["state"]);
    expect(pair?.state?.changes).toEqual([{ path: ["user:lookups"], kind: "changed", before: 1, after: 2 }]);
  }, 60_000);
});
