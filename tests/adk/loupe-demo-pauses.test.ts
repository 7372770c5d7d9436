import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCRIPTED_ONLY, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { AdkTestClient, answer, findCall, findResponse, text, textOf } from "./adk-client";
import type { WireEvent } from "./adk-client";

let server: AgentServer;
let adk: AdkTestClient;

beforeAll(async () => {
  server = await startAgentServer({ port: 0, env: SCRIPTED_ONLY });
  adk = new AdkTestClient(server.url, "loupe_demo");
});
afterAll(async () => {
  await server?.stop();
});

const lastText = (events: WireEvent[]): string => textOf(events[events.length - 1]!);

describe("loupe_demo pauses and resumes (captures 21–25)", () => {
  it("full: confirmation → long-running job → credential → transfer to the sub-agent", async () => {
    await adk.createSession("s_full");

    // 1. weather, then delete_file is gated: the run ends on adk_request_confirmation.
    const step1 = await adk.run("s_full", text("full"));
    expect(step1.errors).toEqual([]);
    findCall(step1.events, "get_weather");
    const { call: del } = findCall(step1.events, "delete_file");
    const { event: confEvent, call: conf } = findCall(step1.events, "adk_request_confirmation");
    expect(confEvent.longRunningToolIds).toEqual([conf.id]);
    expect(conf.args).toMatchObject({ originalFunctionCall: { name: "delete_file", id: del.id, args: { path: "/tmp/old.log" } } });
    expect(Object.keys(confEvent.actions.requestedToolConfirmations)).toEqual([del.id]);
    expect(step1.events[step1.events.length - 1]).toBe(confEvent);

    // 2. approve with an edited payload; the tool sees it; start_job pauses (returns null).
    const step2 = await adk.run(
      "s_full",
      answer(conf.id, "adk_request_confirmation", { confirmed: true, payload: { path: "/tmp/edited.log" } }),
    );
    expect(step2.errors).toEqual([]);
    expect(findResponse(step2.events, del.id).response.response).toEqual({
      deleted: "/tmp/edited.log",
      requestedPath: "/tmp/old.log",
      approvalPayload: { path: "/tmp/edited.log" },
    });
    const { event: jobEvent, call: job } = findCall(step2.events, "start_job");
    expect(jobEvent.longRunningToolIds).toEqual([job.id]);
    expect(step2.events[step2.events.length - 1]).toBe(jobEvent);
    expect(() => findResponse(step2.events, job.id)).toThrow();

    // 3. the job's final result arrives; the model calls the protected API, which asks for a key.
    const step3 = await adk.run("s_full", answer(job.id, "start_job", { status: "done", ticket: "T-42", rows: 1234 }));
    expect(step3.errors).toEqual([]);
    const { call: secure } = findCall(step3.events, "call_secure_api");
    const { event: credEvent, call: cred } = findCall(step3.events, "adk_request_credential");
    expect(credEvent.longRunningToolIds).toEqual([cred.id]);
    const authConfig = cred.args?.auth_config as Record<string, unknown>;
    expect(cred.args?.function_call_id).toBe(secure.id);
    expect(authConfig).toMatchObject({ authScheme: { type: "apiKey", in: "header", name: "X-Api-Key" }, credentialKey: "demo_api_key" });
    expect(findResponse(step3.events, secure.id).event.actions.requestedAuthConfigs[secure.id]).toMatchObject({
      credentialKey: "demo_api_key",
    });

    // 4. answer with an API key: the tool re-runs, then the model transfers to helper_agent.
    const step4 = await adk.run(
      "s_full",
      answer(cred.id, "adk_request_credential", {
        ...authConfig,
        exchangedAuthCredential: { authType: "apiKey", apiKey: "sk-demo-123" },
      }),
    );
    expect(step4.errors).toEqual([]);
    expect(findResponse(step4.events, secure.id).response.response).toEqual({
      endpoint: "/v1/secret",
      data: "secret data",
      keyPrefix: "sk-",
    });
    const { call: transfer } = findCall(step4.events, "transfer_to_agent");
    expect(transfer.args).toEqual({ agentName: "helper_agent" });
    expect(findResponse(step4.events, transfer.id).event.actions.transferToAgent).toBe("helper_agent");
    const helperEvent = step4.events[step4.events.length - 1]!;
    expect(helperEvent.author).toBe("helper_agent");
    expect(helperEvent.actions.stateDelta.helper_reply).toBe(textOf(helperEvent));

    // 5. the next turn goes to the helper; "back" returns to the root.
    const step5 = await adk.run("s_full", text("hello again"));
    expect(step5.events.map((e) => e.author)).toEqual(["helper_agent"]);
    const step6 = await adk.run("s_full", text("back"));
    expect(step6.events[step6.events.length - 1]!.author).toBe("loupe_demo");
    expect(lastText(step6.events)).toContain("Try: weather in Paris");
  });

  it("delete rejected: the tool answers with the rejection and the model says so", async () => {
    await adk.createSession("s_reject");
    const first = await adk.run("s_reject", text("delete"));
    const { call: conf } = findCall(first.events, "adk_request_confirmation");
    const second = await adk.run("s_reject", answer(conf.id, "adk_request_confirmation", { confirmed: false }));
    expect(second.errors).toEqual([]);
    expect(lastText(second.events)).toBe("Not deleted: This tool call is rejected.");
  });

  it("job and secure work on their own", async () => {
    await adk.createSession("s_job");
    const { call: job } = findCall((await adk.run("s_job", text("job"))).events, "start_job");
    const done = await adk.run("s_job", answer(job.id, "start_job", { status: "done", rows: 7 }));
    expect(lastText(done.events)).toBe("Job nightly-report finished with 7 rows.");

    await adk.createSession("s_secure");
    const paused = await adk.run("s_secure", text("secure"));
    const { call: cred } = findCall(paused.events, "adk_request_credential");
    const resumed = await adk.run(
      "s_secure",
      answer(cred.id, "adk_request_credential", {
        ...(cred.args?.auth_config as object),
        exchangedAuthCredential: { authType: "apiKey", apiKey: "key-9" },
      }),
    );
    expect(lastText(resumed.events)).toBe('The protected API answered "secret data" (key starting key).');
  });

  it("bulk N: one turn writes N events to the session, fast", async () => {
    await adk.createSession("s_bulk");
    const t0 = Date.now();
    const { events, errors } = await adk.run("s_bulk", text("bulk 10000"));
    const ms = Date.now() - t0;
    expect(errors).toEqual([]);
    const bulk = events.filter((e) => e.author === "bulk_agent");
    expect(bulk).toHaveLength(10_000);
    expect(textOf(bulk[bulk.length - 1]!)).toBe("Bulk done: 10000 events.");
    const stored = await adk.getSession("s_bulk");
    expect(stored.events.length).toBeGreaterThanOrEqual(10_003);
    expect(stored.state.bulk_progress).toBeGreaterThan(3000);
    expect(ms).toBeLessThan(20_000);
  });
});
