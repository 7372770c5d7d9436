import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCRIPTED_ONLY, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { AdkTestClient, answer, findCall, text, textOf } from "./adk-client";

let server: AgentServer;

beforeAll(async () => {
  server = await startAgentServer({ port: 0, env: SCRIPTED_ONLY });
});
afterAll(async () => {
  await server?.stop();
});

describe("workflow_demo (captures 50–52)", () => {
  it("RequestInput with a response_schema, answered by an object, then the auth gate", async () => {
    const wf = new AdkTestClient(server.url, "workflow_demo");
    await wf.createSession("w1");

    const first = await wf.run("w1", text("start"));
    expect(first.errors).toEqual([]);
    const { event: askEvent, call: ask } = findCall(first.events, "adk_request_input");
    expect(askEvent).toMatchObject({ author: "ask_color", nodeInfo: { path: "workflow_demo.ask_color" } });
    expect(askEvent.longRunningToolIds).toEqual([ask.id]);
    expect(ask.args).toMatchObject({
      interruptId: ask.id,
      message: "What is your favorite color?",
      payload: { previousInput: "start", choices: ["red", "green", "blue", "purple"] },
    });
    const schema = ask.args?.response_schema as { properties: Record<string, { enum?: string[] }>; required: string[] };
    expect(schema.properties.color?.enum).toEqual(["red", "green", "blue", "purple"]);
    expect(Object.keys(schema.properties)).toEqual(["color", "intensity"]);
    expect(schema.required).toEqual(["color"]);

    const second = await wf.run("w1", answer(ask.id, "adk_request_input", { color: "green", intensity: 8 }));
    expect(second.errors).toEqual([]);
    const used = second.events.find((e) => e.author === "use_color");
    expect(used && textOf(used)).toBe("Noted: your favorite color is green.");
    expect(used?.actions.stateDelta).toEqual({ favorite_color: "green" });
    const { event: credEvent, call: cred } = findCall(second.events, "adk_request_credential");
    expect(credEvent.author).toBe("fetch_secret");
    expect(cred.args).toMatchObject({ functionCallId: cred.id, authConfig: { credentialKey: "wf_api_key" } });

    const third = await wf.run(
      "w1",
      answer(cred.id, "adk_request_credential", {
        ...(cred.args?.authConfig as object),
        exchangedAuthCredential: { authType: "apiKey", apiKey: "wf-key-1" },
      }),
    );
    expect(third.errors).toEqual([]);
    const out = third.events.find((e) => e.author === "fetch_secret");
    expect(out?.output).toEqual({ secretFetched: true, colorWas: "green" });
  });

  it("refuses an answer outside the enum, then accepts a plain-text reply", async () => {
    const wf = new AdkTestClient(server.url, "workflow_demo");
    await wf.createSession("w2");
    const { call: ask } = findCall((await wf.run("w2", text("go"))).events, "adk_request_input");
    const bad = await wf.run("w2", answer(ask.id, "adk_request_input", { color: "orange" }));
    expect(bad.events).toEqual([]);
    expect(bad.errors[0]).toContain("does not match the responseSchema");
    const plain = await wf.run("w2", text("purple"));
    const used = plain.events.find((e) => e.author === "use_color");
    expect(used && textOf(used)).toBe("Noted: your favorite color is purple.");
  });
});

describe("compaction_demo (captures 61–66)", () => {
  it("a CompactedEvent appears after a few turns and is stored in the session", async () => {
    const c = new AdkTestClient(server.url, "compaction_demo");
    await c.createSession("c1");
    const perTurn: string[][] = [];
    for (let i = 1; i <= 6; i++) {
      const { events, errors } = await c.run("c1", text(`message number ${i} with some padding text to grow the prompt`));
      expect(errors).toEqual([]);
      // ADK decides what a compaction covers by ms timestamps; a person never types within 1 ms.
      await new Promise((r) => setTimeout(r, 5));
      perTurn.push(
        events.map((e) => (e.isCompacted ? `compacted: ${e.compactedContent}` : `${textOf(e)} [${e.usageMetadata?.promptTokenCount}]`)),
      );
    }
    const echo = (i: number, tokens: number) => `Echo: message number ${i} with some padding text to grow the prompt [${tokens}]`;
    // Prompt tokens grow 15 → 45 → 76; past the threshold (60) the next turn compacts all but the
    // last 2 events, and the summary's smaller prompt lets one more turn pass before the next one.
    expect(perTurn).toEqual([
      [echo(1, 15)],
      [echo(2, 45)],
      [echo(3, 76)],
      ["compacted: SUMMARY of 5 events: the user chatted with the agent.", echo(4, 51)],
      [echo(5, 82)],
      // the second summary covers the first one plus the 4 raw events since
      ["compacted: SUMMARY of 5 events: the user chatted with the agent.", echo(6, 51)],
    ]);
    const stored = await c.getSession("c1");
    const compacted = stored.events.filter((e) => e.isCompacted);
    expect(compacted).toHaveLength(2);
    expect(compacted[0]).toMatchObject({ author: "system", invocationId: "" });
  });
});
