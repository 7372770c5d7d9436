import { describe, expect, it } from "vitest";
import v03 from "@/tests/fixtures/a2a/frames-v03.json";
import v1 from "@/tests/fixtures/a2a/frames-v1.json";
import adk from "@/tests/fixtures/a2a/adk-pauses.json";
import { validateCard } from "@/lib/protocols/a2a/card";
import { messagePrompt, messageSchema, messageText, normalizeState, readFrame } from "@/lib/protocols/a2a/frames";
import type { A2aItem } from "@/lib/protocols/a2a/frames";
import { buildTaskTimelines } from "@/lib/protocols/a2a/timeline";
import type { A2aTimedItem } from "@/lib/protocols/a2a/timeline";

type Captured = { at: number; payload: unknown }[];

function items(frames: Captured): A2aTimedItem[] {
  return frames.map((f, i) => {
    const read = readFrame(f.payload);
    if (!read.ok) throw new Error(`frame ${i}: ${read.error}`);
    return { seq: i + 1, at: f.at, item: read.item };
  });
}

describe.each([
  ["v1.0", v1, "1.0"],
  ["v0.3", v03, "0.3"],
] as const)("captured %s frames", (_name, fixture, version) => {
  it("every frame reads, in its own version, into the same item types", () => {
    const reads = (fixture.complete as Captured).map((f) => readFrame(f.payload));
    expect(reads.every((r) => r.ok && r.version === version)).toBe(true);
    expect(reads.map((r) => (r.ok ? r.item.type : r.error))).toEqual(["task", "status", "artifact", "artifact", "artifact", "status"]);
  });

  it("builds the timeline: each state once with its latency, artifacts assembled from chunks (text and data)", () => {
    const [t] = buildTaskTimelines(items(fixture.complete));
    expect(t!.state).toBe("completed");
    expect(t!.steps.filter((s) => s.type === "state").map((s) => (s.type === "state" ? s.state : ""))).toEqual([
      "submitted",
      "working",
      "completed",
    ]);
    expect(t!.steps.every((s) => s.type !== "state" || s.latencyMs >= 0)).toBe(true);
    const answer = t!.artifacts.find((a) => a.artifactId === "answer")!;
    expect(answer).toMatchObject({ chunks: 2, complete: true, parts: [{ kind: "text", text: "Hello, world" }] });
    expect(t!.artifacts.find((a) => a.artifactId === "facts")!.parts).toEqual([{ kind: "data", data: { answer: 42 } }]);
    expect(t!.findings).toEqual([]);
  });

  it("eight streamed chunks append into one artifact, the last one closing it", () => {
    const [t] = buildTaskTimelines(items(fixture.drip));
    const drip = t!.artifacts[0]!;
    expect(drip.chunks).toBe(8);
    expect(drip.complete).toBe(true);
    expect(drip.parts).toEqual([{ kind: "text", text: Array.from({ length: 8 }, (_, i) => `chunk ${i};`).join("") }]);
  });

  it("input-required carries the prompt text and the JSON Schema of its data part", () => {
    const last = items(fixture.input).at(-1)!.item as Extract<A2aItem, { type: "status" }>;
    expect(last.state).toBe("input-required");
    expect(messageText(last.message)).toBe("What is your name?");
    expect(messageSchema(last.message)).toMatchObject({ type: "object", required: ["name"] });
  });
});

describe("state mapping and transition checks", () => {
  it("maps v1.0 and v0.3 names onto one vocabulary", () => {
    expect(normalizeState("TASK_STATE_INPUT_REQUIRED")).toBe("input-required");
    expect(normalizeState("TASK_STATE_AUTH_REQUIRED")).toBe("auth-required");
    expect(normalizeState("auth-required")).toBe("auth-required");
    expect(normalizeState("cancelled")).toBe("canceled");
    expect(normalizeState("TASK_STATE_UNSPECIFIED")).toBe("unknown");
  });

  const status = (state: string, seq: number) => ({
    seq,
    at: seq * 10,
    item: { type: "status" as const, taskId: "t", contextId: "c", state: normalizeState(state) },
  });

  it("flags anything after a terminal state", () => {
    const [t] = buildTaskTimelines([status("working", 1), status("completed", 2), status("working", 3)]);
    expect(t!.findings).toEqual([{ severity: "error", seq: 3, message: "State working after the task ended (completed)" }]);
  });

  it("flags an interrupted task that moves on without the client continuing it, not one that was continued", () => {
    const [bad] = buildTaskTimelines([status("input-required", 1), status("working", 2)]);
    expect(bad!.findings[0]).toMatchObject({ severity: "warning", seq: 2 });
    const user = {
      seq: 2,
      at: 20,
      item: {
        type: "message" as const,
        message: { role: "user" as const, taskId: "t", contextId: "c", parts: [{ kind: "text" as const, text: "Ada" }] },
      },
    };
    const [good] = buildTaskTimelines([status("input-required", 1), user, { ...status("working", 3) }]);
    expect(good!.findings).toEqual([]);
  });

  it("a continuation's first frame repeating the interruption it answers is no new wait (no warning, no second step)", () => {
    const asked = {
      role: "agent" as const,
      messageId: "m-ask",
      taskId: "t",
      contextId: "c",
      parts: [{ kind: "text" as const, text: "City?" }],
    };
    const wait = (seq: number) => ({
      seq,
      at: seq * 10,
      item: {
        type: "task" as const,
        taskId: "t",
        contextId: "c",
        state: "input-required" as const,
        message: asked,
        artifacts: [],
        history: [],
      },
    });
    const user = {
      seq: 2,
      at: 20,
      item: {
        type: "message" as const,
        message: { role: "user" as const, taskId: "t", contextId: "c", parts: [{ kind: "text" as const, text: "Oslo" }] },
      },
    };
    const [t] = buildTaskTimelines([wait(1), user, wait(3), status("working", 4), status("completed", 5)]);
    expect(t!.findings).toEqual([]);
    expect(t!.steps.filter((s) => s.type === "state").map((s) => (s.type === "state" ? s.state : ""))).toEqual([
      "input-required",
      "working",
      "completed",
    ]);
  });

  it("reports a frame that fits no schema instead of guessing", () => {
    const r = readFrame({ jsonrpc: "2.0", id: 1, result: { statusUpdate: { status: "nope" } } });
    expect(r).toEqual({ ok: false, error: "statusUpdate.status is not an object" });
    expect(readFrame({ jsonrpc: "2.0", id: 1, error: { code: -32001, message: "Task not found" } })).toMatchObject({
      ok: true,
      item: { type: "error", code: -32001 },
    });
  });

  it("reads parts in the version the frame's envelope names, the other one only for a part that does not fit it", () => {
    const update = (part: unknown) => ({
      jsonrpc: "2.0",
      id: 1,
      result: { artifactUpdate: { taskId: "t", contextId: "c", artifact: { artifactId: "a", parts: [part] } } },
    });
    const parts = (r: ReturnType<typeof readFrame>) => (r.ok && r.item.type === "artifact" ? r.item.artifact.parts : r);
    expect(parts(readFrame(update({ text: "hi" })))).toEqual([{ kind: "text", text: "hi" }]);
    expect(parts(readFrame(update({ url: "https://x/y.png", mediaType: "image/png", filename: "y.png" })))).toEqual([
      { kind: "file", uri: "https://x/y.png", mimeType: "image/png", name: "y.png" },
    ]);
    // A v0.3 part inside a v1.0 frame (an agent mixing versions) still reads.
    expect(parts(readFrame(update({ kind: "file", file: { uri: "https://x/z", mimeType: "text/plain" } })))).toEqual([
      { kind: "file", uri: "https://x/z", mimeType: "text/plain" },
    ]);
    expect(readFrame(update({ text: "a", data: {} }))).toEqual({
      ok: false,
      error: "artifactUpdate.artifact.parts[0]: a part must carry exactly one of text, data, raw, url",
    });
    expect(readFrame(update({ text: 3 }))).toEqual({ ok: false, error: "artifactUpdate.artifact.parts[0]: text is not a string" });
  });
});

describe("agent card validation", () => {
  const good = {
    name: "A",
    description: "d",
    version: "1",
    supportedInterfaces: [{ url: "http://127.0.0.1:1/rpc", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
    capabilities: { streaming: true },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "s", name: "S", description: "does" }],
  };

  it("a sound v1.0 card has no errors", () => {
    const r = validateCard(good);
    expect(r.version).toBe("1.0");
    expect(r.usable).toEqual(["JSONRPC"]);
    expect(r.findings.filter((f) => f.severity === "error")).toEqual([]);
  });

  it("reports missing fields, an undeclared security scheme, a duplicate skill id and a broken signature", () => {
    const r = validateCard({
      ...good,
      description: undefined,
      defaultOutputModes: undefined,
      securityRequirements: [{ schemes: { oauth: { list: [] } } }],
      skills: [good.skills[0], { id: "s", name: "" }],
      signatures: [{ protected: "!!", signature: "x" }],
    });
    const messages = r.findings.filter((f) => f.severity === "error").map((f) => `${f.path} ${f.message}`);
    expect(messages).toEqual([
      "/description description is required",
      "/defaultOutputModes defaultOutputModes is required (media types the agent takes / gives)",
      '/skills/1/id Skill id "s" is used twice',
      "/skills/1/name A skill needs a name",
      '/securityRequirements Security scheme "oauth" is required but not declared in securitySchemes',
      "/signatures/0/protected The protected header is not base64url JSON",
    ]);
  });

  it("reads a v0.3 card (url + preferredTransport + additionalInterfaces) and says a parsed signature is not verified", () => {
    const header = Buffer.from(JSON.stringify({ alg: "ES256", kid: "k1" })).toString("base64url");
    const r = validateCard({
      ...good,
      supportedInterfaces: undefined,
      protocolVersion: "0.3.0",
      url: "http://127.0.0.1:1/rpc",
      preferredTransport: "HTTP+JSON",
      additionalInterfaces: [{ url: "http://127.0.0.1:1/grpc", transport: "GRPC" }],
      signatures: [{ protected: header, signature: "sig" }],
    });
    expect(r.version).toBe("0.3");
    // gRPC is usable now (the SDK's gRPC transport): the card's order, preferred first.
    expect(r.usable).toEqual(["HTTP+JSON", "GRPC"]);
    expect(r.findings.map((f) => f.message)).toContain("Signature ES256 kid k1 parsed; not verified (Loupe has no key for it)");
  });
});

describe("ADK pauses over A2A (frames captured from ADK's own A2A server)", () => {
  const pausedOn = (frame: unknown) => {
    const read = readFrame(frame);
    if (!read.ok || read.item.type !== "status") throw new Error("not a status frame");
    expect(read.item.state).toBe("input-required");
    return read.item.message;
  };

  it("RequestInput: the form is the call's args.response_schema, the prompt its args.message", () => {
    const message = pausedOn(adk.requestInput);
    expect(messageText(message)).toBeUndefined(); // ADK sends no text part: the question is in the call
    expect(messagePrompt(message)).toBe("What is your favorite color?");
    expect(messageSchema(message)).toEqual(adk.requestInput.result.status.message.parts[0]!.data.args.response_schema);
  });

  it("a camel-case responseSchema and args.prompt are read too", () => {
    const message = pausedOn(adk.requestInput);
    const part = message!.parts[0] as { data: { args: Record<string, unknown> } };
    const { response_schema: schema, message: _m, ...rest } = part.data.args;
    part.data.args = { ...rest, responseSchema: schema, prompt: "Pick one" };
    expect(messageSchema(message)).toMatchObject({ type: "object", required: ["color"] });
    expect(messagePrompt(message)).toBe("Pick one");
  });

  it("a tool confirmation: the prompt is its hint, the form a ToolConfirmation { confirmed }", () => {
    const message = pausedOn(adk.confirmation);
    expect(messagePrompt(message)).toMatch(/^Please approve or reject the tool call delete_file\(\)/);
    expect(messageSchema(message)).toMatchObject({
      type: "object",
      properties: { confirmed: { type: "boolean" } },
      required: ["confirmed"],
    });
  });

  it("a long-running tool or a credential request names no schema or prompt: free input stays", () => {
    for (const frame of [adk.longRunning, adk.credential]) {
      const message = pausedOn(frame);
      expect(messageSchema(message)).toBeUndefined();
      expect(messagePrompt(message)).toBeUndefined();
    }
  });
});
