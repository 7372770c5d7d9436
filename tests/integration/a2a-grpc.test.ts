import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { A2aTaskState } from "@/lib/contracts/a2a";
import type { Entry } from "@/lib/contracts/entries";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { allRecordedText, recorded, until } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { startA2aDemo } from "@/demo/a2a/demo-agent";
import type { A2aDemo } from "@/demo/a2a/demo-agent";
import { tempDir } from "@/tests/support/servers";

// The demo A2A agent (SDK 1.3.0 server, its gRPC binding on a port of its own), Loupe talking gRPC to it.
const data = tempDir("loupe-a2a-grpc-");
let demo: A2aDemo;
let a2a: A2aRegistry;
let id = "";

beforeAll(async () => {
  demo = await startA2aDemo({ port: 7240, grpcPort: 7241, timing: { stepMs: 0, slowStepMs: 40, slowSteps: 200 } });
  a2a = new A2aRegistry(new Hub(openStore(data.dir)));
  const view = await a2a.create({ name: "demo over gRPC", url: demo.url, headers: { "X-Demo-Key": "sekrit-metadata" }, transport: "GRPC" });
  id = view.id;
});

afterAll(async () => {
  await a2a.closeAll();
  await demo.stop();
  a2a.hub.store.close();
  data.cleanup();
});

const say = (t: string, stream = true) => ({ parts: [{ kind: "text" as const, text: t }], stream });
const taskState = (taskId: string) => a2a.listTasks(id).find((t) => t.taskId === taskId)?.state;
const ofExchange = (kind: string, exchangeId: string): Entry[] =>
  recorded(a2a.hub, id, { kind }).filter((e) => (e.raw as { exchangeId: string }).exchangeId === exchangeId);
type Frame = { transport: string; method: string; kind: string; version?: string; payload: Record<string, unknown> };
type Request = { transport: string; method: string; url: string; headers: Record<string, string>; body: Record<string, unknown> };

async function settled(taskId: string, state: A2aTaskState): Promise<void> {
  await until(() => taskState(taskId) === state, 10_000, `task ${taskId} ${state}`);
}

describe("A2A over gRPC (the demo agent's gRPC binding)", () => {
  it("the card declares gRPC; Loupe offers it and uses it when picked", () => {
    const view = a2a.get(id);
    expect(view.state.status).toBe("ok");
    expect(view.state.transports).toEqual(["JSONRPC", "HTTP+JSON", "GRPC"]);
    expect(view.state.transport).toBe("GRPC");
    expect(view.state.findings?.filter((f) => f.severity === "error")).toEqual([]);
    expect(demo.grpcTarget).toBe("127.0.0.1:7241");
  });

  it("streams report: request and every message recorded as spec JSON (transport GRPC), artifacts counted, metadata masked", async () => {
    const sent = await a2a.send(id, say("report"));
    await a2a.waitExchange(sent.exchangeId);
    expect(taskState(sent.taskId!)).toBe("completed");
    const [req, ...more] = ofExchange("a2a_request", sent.exchangeId).map((e) => e.raw as Request);
    expect(more).toEqual([]);
    expect(req).toMatchObject({
      transport: "GRPC",
      method: "SendStreamingMessage",
      url: "grpc://127.0.0.1:7241/lf.a2a.v1.A2AService/SendStreamingMessage",
    });
    expect(req!.headers["x-demo-key"]).toBe(SECRET_MASK);
    // Spec JSON (the codec's toJSON), not the SDK's internal `{ content: { $case } }` objects.
    expect(req!.body).toMatchObject({ message: { role: "ROLE_USER", parts: [{ text: "report" }] } });
    const frames = ofExchange("a2a_frame", sent.exchangeId).map((e) => e.raw as Frame);
    expect(frames.every((f) => f.transport === "GRPC" && f.method === "SendStreamingMessage" && f.version === "1.0")).toBe(true);
    const kinds = frames.map((f) => f.kind);
    expect(kinds[0]).toBe("task");
    expect(kinds.at(-1)).toBe("status");
    expect(kinds.filter((k) => k === "artifact").length).toBeGreaterThanOrEqual(6);
    const art = frames.find((f) => f.kind === "artifact")!.payload as {
      artifactUpdate: { artifact: { artifactId: string; parts: { text?: string }[] } };
    };
    expect(art.artifactUpdate.artifact.artifactId).toBe("report.md");
    expect(typeof art.artifactUpdate.artifact.parts[0]!.text).toBe("string");
    expect((frames.at(-1)!.payload as { statusUpdate: { status: { state: string } } }).statusUpdate.status.state).toBe(
      "TASK_STATE_COMPLETED",
    );
    expect(ofExchange("a2a_stream", sent.exchangeId).map((e) => (e.raw as { event: string }).event)).toEqual(["open", "closed"]);
    // The open is recorded when the call's stream arrived (its headers), before its first message.
    const open = ofExchange("a2a_stream", sent.exchangeId).find((e) => (e.raw as { event: string }).event === "open")!;
    expect(open.seq).toBeLessThan(Math.min(...ofExchange("a2a_frame", sent.exchangeId).map((e) => e.seq)));
    expect(a2a.getTask(id, sent.taskId!).artifactCount).toBe(3);
    expect(allRecordedText(a2a.hub)).not.toContain("sekrit-metadata");
  });

  it("SendMessage (unary) records its one response; GetTask refreshes the task over gRPC", async () => {
    const sent = await a2a.send(id, say("report", false));
    expect(taskState(sent.taskId!)).toBe("completed");
    const frames = ofExchange("a2a_frame", sent.exchangeId).map((e) => e.raw as Frame);
    expect(frames.map((f) => [f.method, f.kind])).toEqual([["SendMessage", "task"]]);
    const before = recorded(a2a.hub, id, { kind: "a2a_request" }).length;
    const detail = await a2a.refreshTask(id, sent.taskId!);
    expect(detail.state).toBe("completed");
    const got = recorded(a2a.hub, id, { kind: "a2a_request" })
      .slice(before)
      .map((e) => e.raw as Request);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ transport: "GRPC", method: "GetTask", body: { id: sent.taskId } });
  });

  it("input-required becomes a request with the schema; the answer goes over gRPC and completes the same task", async () => {
    const sent = await a2a.send(id, say("ask"));
    await a2a.waitExchange(sent.exchangeId);
    expect(taskState(sent.taskId!)).toBe("input-required");
    const request = a2a.listRequests().find((r) => r.taskId === sent.taskId)!;
    expect(request).toMatchObject({ kind: "input", status: "pending" });
    expect(request.schema).toMatchObject({ required: ["city"] });
    const before = recorded(a2a.hub, id, { kind: "a2a_request" }).length;
    await a2a.answerRequest(request.id, { kind: "data", data: { city: "Lyon", days: 2 } });
    await settled(sent.taskId!, "completed");
    const out = recorded(a2a.hub, id, { kind: "a2a_request" })
      .slice(before)
      .map((e) => e.raw as Request & { body: { message: { taskId: string; parts: { data?: unknown }[] } } });
    expect(out[0]).toMatchObject({ transport: "GRPC", method: "SendStreamingMessage" });
    expect(out[0]!.body.message.taskId).toBe(sent.taskId);
    expect(out[0]!.body.message.parts[0]!.data).toEqual({ city: "Lyon", days: 2 });
  });

  it("auth-required answered with a credential over gRPC: the task completes and the credential is masked in every record", async () => {
    const sent = await a2a.send(id, say("login"));
    await a2a.waitExchange(sent.exchangeId);
    const request = a2a.listRequests().find((r) => r.taskId === sent.taskId)!;
    expect(request).toMatchObject({ kind: "auth", status: "pending" });
    const before = recorded(a2a.hub, id, { kind: "a2a_request" }).length;
    await a2a.answerRequest(request.id, { kind: "credential", credential: "sk-grpc-secret-42" });
    await settled(sent.taskId!, "completed");
    const out = recorded(a2a.hub, id, { kind: "a2a_request" })
      .slice(before)
      .map((e) => e.raw as Request);
    expect(out[0]).toMatchObject({ transport: "GRPC" });
    expect(JSON.stringify(out[0]!.body)).toContain(SECRET_MASK);
    expect(allRecordedText(a2a.hub)).not.toContain("sk-grpc-secret-42");
  });

  it("cancels a working task over gRPC; the agent's refusal of an unknown task is a 404, recorded as an error frame", async () => {
    const sent = await a2a.send(id, say("slow"));
    await settled(sent.taskId!, "working");
    const detail = await a2a.cancelTask(id, sent.taskId!);
    expect(detail.state).toBe("canceled");
    await a2a.waitExchange(sent.exchangeId);
    const cancels = recorded(a2a.hub, id, { kind: "a2a_request" })
      .map((e) => e.raw as Request)
      .filter((r) => r.method === "CancelTask");
    expect(cancels.at(-1)).toMatchObject({ transport: "GRPC", body: { id: sent.taskId } });
    await expect(a2a.refreshTask(id, "no-such-task")).rejects.toMatchObject({ status: 404 });
    const errors = recorded(a2a.hub, id, { kind: "a2a_frame" })
      .map((e) => e.raw as Frame)
      .filter((f) => f.kind === "error" && f.method === "GetTask");
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe("aborting a gRPC stream", () => {
  it("removing the agent mid-stream cancels the gRPC call: the stream is recorded closed with the reason, no error frame", async () => {
    const other = await a2a.create({ name: "removed mid-stream", url: demo.url, headers: {}, transport: "GRPC" });
    const sent = await a2a.send(other.id, say("slow"));
    a2a.remove(other.id);
    await a2a.waitExchange(sent.exchangeId);
    const events = recorded(a2a.hub, other.id, { kind: "a2a_stream" }).map(
      (e) => e.raw as { exchangeId: string; event: string; error?: string },
    );
    expect(events.filter((e) => e.exchangeId === sent.exchangeId).at(-1)).toMatchObject({
      event: "closed",
      error: expect.stringMatching(/was removed/),
    });
    const errors = recorded(a2a.hub, other.id, { kind: "a2a_frame" }).filter((e) => (e.raw as Frame).kind === "error");
    expect(errors).toEqual([]);
  });
});
