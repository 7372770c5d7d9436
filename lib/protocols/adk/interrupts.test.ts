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
      prompt: "Please approve or reject the tool call delete_file() by responding with a FunctionResponse with an expected ToolConfirmation payload.",
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
  const userText = (inv: string, text: string) => ({ id: `u-${text}`, invocationId: inv, author: "user", timestamp: 2, content: { role: "user", parts: [{ text }] } });

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
    expect(sent.content).toEqual({ role: "user", parts: [{ functionResponse: { id: "i1", name: "adk_request_input", response: { result: 42 } } }] });
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
      content: { role: "model", parts: [{ functionCall: { id: "cr", name: "adk_request_credential", args: { functionCallId: "t1", authConfig } } }] },
      longRunningToolIds: ["cr"],
    };
    const cred = only(extractInterrupts([ev], ctx), "credential");
    expect(cred).toMatchObject({ authUri: "https://idp/auth?x=1", schemeType: "oauth2", prompt: "A tool needs an OAuth2 sign-in.", createdAt: 1795257092500 });
    expect(credentialResponse(cred, { authResponseUri: "http://localhost/cb?code=1&state=st", redirectUri: "http://localhost/cb" })).toEqual({
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
                oauth2: { clientId: "c", authUri: "https://idp/auth?x=1", state: "st", authResponseUri: "http://localhost/cb?code=1&state=st", redirectUri: "http://localhost/cb" },
              },
            },
          },
        },
      ],
    });
  });
});
