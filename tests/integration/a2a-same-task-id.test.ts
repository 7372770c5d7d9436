import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { until } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { startScriptedA2a } from "@/tests/support/a2a-agent";
import { tempDir } from "@/tests/support/servers";

// A v0.3 JSON-RPC agent on 7216 that names every task "t-same": message/stream opens the task
// and keeps the stream open, message/send completes it. Saved twice, it is two agents whose
// task ids collide: what one agent's stream does must not show on the other's task.
const data = tempDir("loupe-a2a-same-task-");
let agent: Awaited<ReturnType<typeof startScriptedA2a>>;
let a2a: A2aRegistry;

beforeAll(async () => {
  agent = await startScriptedA2a({ name: "same", port: 7216, capabilities: { streaming: true } }, (rpc, res) => {
    const task = (state: string) => ({ kind: "task", id: "t-same", contextId: "c-same", status: { state } });
    if (rpc.method === "message/stream") {
      // The stream stays open (closed with the agent).
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(`data: ${JSON.stringify({ jsonrpc: "2.0", id: rpc.id, result: task("working") })}\n\n`);
      return;
    }
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ jsonrpc: "2.0", id: rpc.id, result: task("completed") }));
  });
  a2a = new A2aRegistry(new Hub(openStore(data.dir)));
});

afterAll(async () => {
  await a2a.closeAll();
  await agent.close();
  a2a.hub.store.close();
  data.cleanup();
});

describe("two agents whose task ids collide", () => {
  it("one agent's open stream does not mark the other agent's task as streaming", async () => {
    const a = (await a2a.create({ name: "a", url: "http://127.0.0.1:7216/", headers: {} })).id;
    const b = (await a2a.create({ name: "b", url: "http://127.0.0.1:7216/", headers: {} })).id;
    await a2a.send(a, { parts: [{ kind: "text", text: "go" }], stream: true });
    await until(() => a2a.listTasks(a).some((t) => t.taskId === "t-same" && t.streaming), 10_000, "a streams");
    await a2a.send(b, { parts: [{ kind: "text", text: "go" }], stream: false });
    expect(a2a.listTasks(b).find((t) => t.taskId === "t-same")).toMatchObject({ state: "completed", streaming: false });
    expect(a2a.listTasks(a).find((t) => t.taskId === "t-same")).toMatchObject({ state: "working", streaming: true });
  });
});
