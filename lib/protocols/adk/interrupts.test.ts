import { describe, expect, it } from "vitest";
import { confirmationResponse, credentialResponse, inputResponse, longRunningResponse, textMessage } from "./answers";
import { extractInterrupts, type AdkInterrupt } from "./interrupts";
import { requestMessage, sessionFixture, sseEvents } from "./test-fixtures";

const ctx = { connectionId: "adk1", sessionKey: "s_full" };

function only<K extends AdkInterrupt["kind"]>(list: AdkInterrupt[], kind: K): Extract<AdkInterrupt, { kind: K }> {
  const found = list.filter((i): i is Extract<AdkInterrupt, { kind: K }> => i.kind === kind);
  expect(found).toHaveLength(1);
  return found[0] as Extract<AdkInterrupt, { kind: K }>;
}

describe("interrupts from the captures", () => {
  it("21: a pending confirmation for delete_file with its hint", () => {
    const list = extractInterrupts(sseEvents("21"), ctx);
    const c = only(list, "confirmation");
    expect(c).toMatchObject({
      id: "adk-c2ae186d-3719-419f-8e3b-20256c60594f",
      connectionId: "adk1",
      sessionKey: "s_full",
      callName: "adk_request_confirmation",
      status: "pending",
      hint: "Please approve or reject the tool call delete_file() by responding with a FunctionResponse with an expected ToolConfirmation payload.",
      prompt:
        "Please approve or reject the tool call delete_file() by responding with a FunctionResponse with an expected ToolConfirmation payload.",
      originalCall: { id: "adk-b6e1c298-624a-4573-a6b7-a172435725c7", name: "delete_file", args: { path: "/tmp/old.log" } },
      payload: { path: "/tmp/old.log" },
      eventId: "xFAKimUZ",
    });
    expect(confirmationResponse(c, true)).toEqual(requestMessage("22"));
  });

  it("30/31 and 36/37: confirmation payloads (tool-suggested payload wins over args)", () => {
    const c30 = only(extractInterrupts(sseEvents("30"), ctx), "confirmation");
    expect(c30.payload).toEqual({ amount: 100, approver: "" });
    expect(c30.hint).toBe("Approve transfer of 100 EUR?");
    expect(confirmationResponse(c30, true, { amount: 100, approver: "alice" })).toEqual(requestMessage("31"));
    const c36 = only(extractInterrupts(sseEvents("36"), ctx), "confirmation");
    expect(c36.payload).toEqual({ amount: 100 });
    expect(confirmationResponse(c36, true, { approver: "alice" })).toEqual(requestMessage("37"));
    const c32 = only(extractInterrupts(sseEvents("32"), ctx), "confirmation");
    expect(confirmationResponse(c32, false)).toEqual(requestMessage("33"));
  });

  it("22: start_job is a long-running pause, pending even after its interim response", () => {
    const lr = only(extractInterrupts(sseEvents("22"), ctx), "long_running");
    expect(lr).toMatchObject({
      id: "adk-8dd0361b-abf3-4474-b13d-cc6670d42504",
      callName: "start_job",
      status: "pending",
      args: { jobName: "nightly-report" },
      interimResponse: { status: "pending", jobName: "nightly-report", ticket: "T-42" },
    });
    expect(longRunningResponse(lr, { status: "done", ticket: "T-42", rows: 1234 })).toEqual(requestMessage("23"));
  });

  it("23: credential with the snake_case function_call_id/auth_config spelling", () => {
    const cred = only(extractInterrupts(sseEvents("23"), ctx), "credential");
    expect(cred).toMatchObject({
      id: "adk-8c42d8ed-642d-4855-9531-ea9ad65f7f6b",
      status: "pending",
      argSpelling: "snake",
      functionCallId: "adk-c8deecab-beab-4107-92d7-b7be20792385",
      schemeType: "apiKey",
      credentialKey: "demo_api_key",
      authConfig: { authScheme: { type: "apiKey", in: "header", name: "X-Api-Key" }, credentialKey: "demo_api_key" },
      prompt: 'call_secure_api needs an API key "X-Api-Key" in header.',
    });
    expect(cred.authUri).toBeUndefined();
    expect(credentialResponse(cred, { apiKey: "sk-demo-123" })).toEqual(requestMessage("24"));
    // the builder must not touch the interrupt's own authConfig
    expect(cred.authConfig).not.toHaveProperty("exchangedAuthCredential");
  });

  it("34: LlmAgent requestInputTool input with its schema", () => {
    const input = only(extractInterrupts(sseEvents("34"), ctx), "input");
    expect(input).toMatchObject({
      id: "adk-1aa7996c-8ee2-4824-bd4f-5630a44a8ec5",
      prompt: "What is your favorite color?",
      schema: { type: "object", properties: { color: { type: "string" } }, required: ["color"] },
      status: "pending",
    });
    expect(inputResponse(input, { color: "blue" })).toEqual(requestMessage("35"));
  });

  it("50/51: workflow input (response_schema, payload) and the camelCase functionCallId credential", () => {
    const list50 = extractInterrupts(sseEvents("50"), ctx);
    expect(list50).toHaveLength(1); // the checkpoint repeating the id adds none
    const input = only(list50, "input");
    expect(input).toMatchObject({
      id: "dc4dcd77-851e-4013-ae84-1ce234d1efe6",
      interruptId: "dc4dcd77-851e-4013-ae84-1ce234d1efe6",
      message: "What is your favorite color?",
      payload: { previousInput: "start" },
      nodePath: "workflow_demo.ask_color",
      schema: {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        properties: { color: { type: "string" } },
        required: ["color"],
        additionalProperties: false,
      },
    });
    expect(inputResponse(input, { color: "green" })).toEqual(requestMessage("51"));
    const cred = only(extractInterrupts(sseEvents("51"), ctx), "credential");
    expect(cred).toMatchObject({
      id: "wf_api_key",
      argSpelling: "camel",
      functionCallId: "wf_api_key",
      prompt: "Please provide your API key.",
      schemeType: "apiKey",
      status: "pending",
    });
    expect(credentialResponse(cred, { apiKey: "wf-key-1" })).toEqual(requestMessage("52"));
  });

  it("26: in the stored session every pause is answered, with its answer", () => {
    const list = extractInterrupts(sessionFixture("26_get_session_full.json").events, ctx);
    expect(list.map((i) => [i.kind, i.status])).toEqual([
      ["confirmation", "answered"],
      ["long_running", "answered"],
      ["credential", "answered"],
    ]);
    expect(list[0]).toMatchObject({ answer: { confirmed: true }, answeredByEventId: "PuzF0Cp8" });
    expect(list[1]).toMatchObject({ answer: { status: "done", ticket: "T-42", rows: 1234 }, answeredByEventId: "W2dY6Xy7" });
  });

  it("53: workflow session: input and credential answered", () => {
    const list = extractInterrupts(sessionFixture("53_workflow_session.json").events, ctx);
    expect(list.map((i) => [i.kind, i.id, i.status])).toEqual([
      ["input", "dc4dcd77-851e-4013-ae84-1ce234d1efe6", "answered"],
      ["credential", "wf_api_key", "answered"],
    ]);
  });
});

describe("status rules", () => {
  const pause = (inv: string, id: string) => ({
    id: `ev-${id}`,
    invocationId: inv,
    author: "agent",
    timestamp: 1,
    content: { role: "model", parts: [{ functionCall: { id, name: "adk_request_input", args: { message: "?" } } }] },
    longRunningToolIds: [id],
  });
  const userText = (inv: string, text: string) => ({
    id: `u-${text}`,
    invocationId: inv,
    author: "user",
    timestamp: 2,
    content: { role: "user", parts: [{ text }] },
  });

  it("an unanswered pause whose invocation the session left is stale", () => {
    const list = extractInterrupts([pause("e-1", "i1"), userText("e-2", "never mind"), pause("e-2", "i2")], ctx);
    expect(list.map((i) => [i.id, i.status])).toEqual([
      ["i1", "stale"],
      ["i2", "pending"],
    ]);
  });

  it("PATCH-state events and compaction events do not make a pause stale", () => {
    const patch = { id: "p", invocationId: "p-1", author: "user", timestamp: 3, actions: { stateDelta: { a: 1 } } };
    const comp = { id: "c", invocationId: "", author: "system", isCompacted: true, startTime: 1, endTime: 2, compactedContent: "s" };
    expect(extractInterrupts([pause("e-1", "i1"), patch, comp], ctx)[0]?.status).toBe("pending");
  });

  it("a workflow input is answered by a plain text user turn", () => {
    const wf = { ...pause("e-1", "i1"), nodeInfo: { path: "wf.ask" } };
    const list = extractInterrupts([wf, userText("e-2", "purple")], ctx);
    expect(list[0]).toMatchObject({ status: "answered", answer: { text: "purple" } });
  });

  it("an answer builder's message, recorded as a user event, answers the pause", async () => {
    const { userMessageEvent } = await import("./session");
    const [pending] = extractInterrupts([pause("e-1", "i1")], ctx);
    if (pending?.kind !== "input") throw new Error("expected input");
    const sent = userMessageEvent(inputResponse(pending, 42));
    expect(sent.content).toEqual({
      role: "user",
      parts: [{ functionResponse: { id: "i1", name: "adk_request_input", response: { result: 42 } } }],
    });
    const list = extractInterrupts([pause("e-1", "i1"), sent], ctx);
    expect(list[0]).toMatchObject({ status: "answered", answer: { result: 42 } });
    expect(textMessage("hi")).toEqual({ role: "user", parts: [{ text: "hi" }] });
  });

  it("OAuth2 credential: authUri surfaced, answer fills authResponseUri and redirectUri", () => {
    const authConfig = {
      authScheme: { type: "oauth2", flows: {} },
      exchangedAuthCredential: { authType: "oauth2", oauth2: { clientId: "c", authUri: "https://idp/auth?x=1", state: "st" } },
      credentialKey: "k",
    };
    const ev = {
      id: "e",
      invocationId: "e-1",
      author: "agent",
      timestamp: 1795257092.5,
      content: {
        role: "model",
        parts: [{ functionCall: { id: "cr", name: "adk_request_credential", args: { functionCallId: "t1", authConfig } } }],
      },
      longRunningToolIds: ["cr"],
    };
    const cred = only(extractInterrupts([ev], ctx), "credential");
    expect(cred).toMatchObject({
      authUri: "https://idp/auth?x=1",
      schemeType: "oauth2",
      prompt: "A tool needs an OAuth2 sign-in.",
      createdAt: 1795257092500,
    });
    expect(
      credentialResponse(cred, { authResponseUri: "http://localhost/cb?code=1&state=st", redirectUri: "http://localhost/cb" }),
    ).toEqual({
      role: "user",
      parts: [
        {
          functionResponse: {
            id: "cr",
            name: "adk_request_credential",
            response: {
              ...authConfig,
              exchangedAuthCredential: {
                authType: "oauth2",
                oauth2: {
                  clientId: "c",
                  authUri: "https://idp/auth?x=1",
                  state: "st",
                  authResponseUri: "http://localhost/cb?code=1&state=st",
                  redirectUri: "http://localhost/cb",
                },
              },
            },
          },
        },
      ],
    });
  });
});

describe("status follows what the upstream says about this request (issue 9 §1)", () => {
  // Python shapes (adk.md §4): seconds timestamps, UUID event ids, content.role "model" on the call.
  const confirmCall = (eventId: string, inv: string, callId: string, at: number) => ({
    id: eventId,
    invocationId: inv,
    author: "py_agent",
    timestamp: at,
    content: {
      role: "model",
      parts: [
        {
          functionCall: {
            id: callId,
            name: "adk_request_confirmation",
            args: {
              originalFunctionCall: { id: `orig-${callId}`, name: "delete_file", args: { path: `/tmp/${callId}` } },
              toolConfirmation: { hint: "ok?", confirmed: false },
            },
          },
        },
      ],
    },
    longRunningToolIds: [callId],
    actions: { stateDelta: {}, artifactDelta: {}, requestedAuthConfigs: {}, requestedToolConfirmations: {} },
  });
  const compaction = (eventId: string, inv: string, author: string) => ({
    id: eventId,
    invocationId: inv,
    author,
    timestamp: 1795257300.25,
    actions: {
      stateDelta: {},
      artifactDelta: {},
      requestedAuthConfigs: {},
      requestedToolConfirmations: {},
      compaction: {
        startTimestamp: 1795257200.1,
        endTimestamp: 1795257299.9,
        compactedContent: { role: "model", parts: [{ text: "summary" }] },
      },
    },
  });
  const userResponse = (eventId: string, inv: string, callId: string, name: string, response: unknown) => ({
    id: eventId,
    invocationId: inv,
    author: "user",
    timestamp: 1795257400,
    content: { role: "user", parts: [{ functionResponse: { id: callId, name, response } }] },
  });
  const agentText = (eventId: string, inv: string, text: string) => ({
    id: eventId,
    invocationId: inv,
    author: "py_agent",
    timestamp: 1795257401,
    content: { role: "model", parts: [{ text }] },
  });

  it("a compaction event (new invocation, author user or the app) after a paused run leaves the pause pending", () => {
    const list = extractInterrupts(
      [confirmCall("e1", "e-1", "c1", 1795257299.5), compaction("cmp-1", "e-2", "user"), compaction("cmp-2", "e-3", "py_app")],
      ctx,
    );
    expect(list.map((i) => [i.id, i.status])).toEqual([["c1", "pending"]]);
  });

  it("a new real user turn after the pause makes it stale; an answer to another pause does not", () => {
    const parallel = {
      ...confirmCall("e1", "e-1", "c1", 1),
      content: {
        role: "model",
        parts: [...confirmCall("e1", "e-1", "c1", 1).content.parts, ...confirmCall("e1", "e-1", "c2", 1).content.parts],
      },
      longRunningToolIds: ["c1", "c2"],
    };
    const afterOne = extractInterrupts(
      [parallel, userResponse("u1", "e-2", "c1", "adk_request_confirmation", { confirmed: true }), agentText("a1", "e-2", "deleted")],
      ctx,
    );
    expect(afterOne.map((i) => [i.id, i.status])).toEqual([
      ["c1", "answered"],
      ["c2", "pending"],
    ]);
    const text = {
      id: "u2",
      invocationId: "e-3",
      author: "user",
      timestamp: 5,
      content: { role: "user", parts: [{ text: "never mind" }] },
    };
    const afterText = extractInterrupts(
      [parallel, userResponse("u1", "e-2", "c1", "adk_request_confirmation", { confirmed: true }), text],
      ctx,
    );
    expect(afterText.map((i) => [i.id, i.status])).toEqual([
      ["c1", "answered"],
      ["c2", "stale"],
    ]);
  });

  it("a reused call id raised by a new run is a new request with its own key and no answer", () => {
    const gate = (eventId: string, inv: string) => ({
      id: eventId,
      invocationId: inv,
      author: "fetch_secret",
      timestamp: 1,
      nodeInfo: { path: "wf.fetch_secret" },
      content: {
        role: "model",
        parts: [
          {
            functionCall: {
              id: "wf_api_key",
              name: "adk_request_credential",
              args: { functionCallId: "wf_api_key", authConfig: { credentialKey: "wf_api_key" } },
            },
          },
        ],
      },
      longRunningToolIds: ["wf_api_key"],
    });
    const start = (eventId: string, inv: string) => ({
      id: eventId,
      invocationId: inv,
      author: "user",
      timestamp: 1,
      content: { role: "user", parts: [{ text: "start" }] },
    });
    const list = extractInterrupts(
      [
        start("s1", "e-1"),
        gate("g1", "e-1"),
        userResponse("r1", "e-2", "wf_api_key", "adk_request_credential", { apiKey: "k1" }),
        agentText("o1", "e-2", "done"),
        start("s2", "e-3"),
        gate("g2", "e-3"),
      ],
      ctx,
    );
    expect(list.map((i) => [i.key, i.status, i.answer])).toEqual([
      ["g1:wf_api_key", "answered", { apiKey: "k1" }],
      ["g2:wf_api_key", "pending", undefined],
    ]);
    // The next answer goes to the newest request only.
    const answered = extractInterrupts(
      [
        start("s1", "e-1"),
        gate("g1", "e-1"),
        userResponse("r1", "e-2", "wf_api_key", "adk_request_credential", { apiKey: "k1" }),
        agentText("o1", "e-2", "done"),
        start("s2", "e-3"),
        gate("g2", "e-3"),
        userResponse("r2", "e-4", "wf_api_key", "adk_request_credential", { apiKey: "k2" }),
      ],
      ctx,
    );
    expect(answered.map((i) => [i.key, i.answer])).toEqual([
      ["g1:wf_api_key", { apiKey: "k1" }],
      ["g2:wf_api_key", { apiKey: "k2" }],
    ]);
  });

  it("the same event seen twice (Python's doubled frame, a re-read session) is one request", () => {
    const ev = confirmCall("e1", "e-1", "c1", 1);
    expect(extractInterrupts([ev, ev], ctx)).toHaveLength(1);
  });

  it("an answer the agent never acted on is answered but not taken; the agent's reply in that run takes it", () => {
    const refused = extractInterrupts(
      [confirmCall("e1", "e-1", "c1", 1), userResponse("u1", "e-2", "c1", "adk_request_confirmation", { confirmed: true })],
      ctx,
    );
    expect(refused[0]).toMatchObject({ status: "answered", answerTaken: false });
    const taken = extractInterrupts(
      [
        confirmCall("e1", "e-1", "c1", 1),
        userResponse("u1", "e-2", "c1", "adk_request_confirmation", { confirmed: true }),
        agentText("a1", "e-2", "ok"),
      ],
      ctx,
    );
    expect(taken[0]).toMatchObject({ status: "answered", answerTaken: true, answeredByEventId: "u1" });
    // A retried answer replaces the refused one.
    const retried = extractInterrupts(
      [
        confirmCall("e1", "e-1", "c1", 1),
        userResponse("u1", "e-2", "c1", "adk_request_confirmation", { confirmed: true, payload: 1 }),
        userResponse("u2", "e-3", "c1", "adk_request_confirmation", { confirmed: true, payload: 2 }),
        agentText("a1", "e-3", "ok"),
      ],
      ctx,
    );
    expect(retried[0]).toMatchObject({ answer: { confirmed: true, payload: 2 }, answeredByEventId: "u2", answerTaken: true });
  });
});
