/**
 * The session search promises every agent's sessions: A2A contexts and AG-UI threads are found by
 * the text Loupe keeps of them (A2A: the recorded frames of a context's tasks; AG-UI: the thread's
 * messages), not only by id. The rows are written by the protocols' own stores and recorder.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { recordA2a } from "@/lib/server/a2a/frame-reader";
import { A2aStore } from "@/lib/server/a2a/store";
import { AguiStore } from "@/lib/server/agui/agui-store";
import { getHub } from "@/lib/server/hub";
import { foundHits as found, searchSessions as search, useSearchDataDir } from "@/tests/support/session-search";

useSearchDataDir("loupe-a2a-agui-search-");

beforeAll(() => {
  const hub = getHub();
  const now = Date.now();
  new A2aStore(hub.store).saveAgent({ id: "a2a1", name: "Weather A2A", url: "http://127.0.0.1:7401", headers: {}, createdAt: now });
  const frame = (kind: string, payload: unknown) => ({
    exchangeId: "x1",
    transport: "JSONRPC",
    method: "SendStreamingMessage",
    taskId: "t1",
    contextId: "ctx-1",
    kind,
    version: "1.0" as const,
    payload,
  });
  // As a v1.0 agent streams them: a status with its message, then an artifact with a data part.
  recordA2a(
    hub,
    "a2a1",
    "ctx-1",
    "a2a_frame",
    "in",
    frame("status", {
      result: {
        statusUpdate: {
          taskId: "t1",
          contextId: "ctx-1",
          status: { state: "TASK_STATE_COMPLETED", message: { role: "ROLE_AGENT", parts: [{ text: "Forecast for Oslo (3 days)." }] } },
        },
      },
    }),
  );
  recordA2a(
    hub,
    "a2a1",
    "ctx-1",
    "a2a_frame",
    "in",
    frame("artifact", {
      result: {
        artifactUpdate: { taskId: "t1", contextId: "ctx-1", artifact: { artifactId: "profile", parts: [{ data: { user: "demo-user" } }] } },
      },
    }),
  );
  const agui = new AguiStore(hub.store);
  agui.saveAgent({ id: "agui1", name: "Travel AG-UI", url: "http://127.0.0.1:7402", headers: {}, tools: [], createdAt: now });
  agui.saveThread({
    agentId: "agui1",
    threadId: "thread-9",
    createdAt: now,
    updatedAt: now,
    messages: [
      { id: "m1", role: "user", content: "Find me a hotel" },
      { id: "m2", role: "assistant", content: "I found Hotel Aurora. Please confirm the booking." },
    ],
    state: {},
    runCount: 1,
    lastStatus: "finished",
  });
});

describe("session search over A2A and AG-UI text", () => {
  it("finds an AG-UI thread by the text of its messages", async () => {
    expect(found(await search("Aurora"))).toEqual([
      ["agui-thread", "text", "Travel AG-UI", "thread-9", "I found Hotel Aurora. Please confirm the booking."],
    ]);
  });

  it("finds an A2A context by its status text and by its artifacts", async () => {
    expect(found(await search("Forecast for"))).toEqual([["a2a-context", "text", "Weather A2A", "ctx-1", "Forecast for Oslo (3 days)."]]);
    expect(found(await search("demo-user"))).toEqual([["a2a-context", "text", "Weather A2A", "ctx-1", "demo-user"]]);
  });

  it("still finds them by id, once each", async () => {
    expect(found(await search("thread-9")).map((h) => h.slice(0, 4))).toEqual([["agui-thread", "id", "Travel AG-UI", "thread-9"]]);
  });
});
