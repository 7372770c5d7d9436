import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { recorded, until } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { startSdkAgent } from "@/tests/fixtures/a2a/sdk-agent";
import type { SdkAgent } from "@/tests/fixtures/a2a/sdk-agent";
import { tempDir } from "@/tests/support/servers";

// The fixture SDK agent's `slow` skill keeps its stream open (working) for 20 s: removing the agent
// or closing the registry must end it at once, recorded, instead of waiting for the agent.
const data = tempDir("loupe-a2a-abort-");
let agent: SdkAgent;
let a2a: A2aRegistry;

beforeAll(async () => {
  agent = await startSdkAgent();
  a2a = new A2aRegistry(new Hub(openStore(data.dir)));
});

afterAll(async () => {
  await a2a.closeAll();
  await agent.close();
  a2a.hub.store.close();
  data.cleanup();
});

const slow = { parts: [{ kind: "text" as const, text: "slow" }], stream: true };
const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms))]);
const streamEvents = (agentId: string, exchangeId: string) =>
  recorded(a2a.hub, agentId, { kind: "a2a_stream" })
    .map((e) => e.raw as { exchangeId: string; event: string; error?: string })
    .filter((r) => r.exchangeId === exchangeId);

describe("aborting A2A streams", () => {
  it("removing an agent aborts its open stream, recorded closed with the reason", async () => {
    const { id } = await a2a.create({ name: "slowpoke", url: agent.url, headers: {} });
    const sent = await a2a.send(id, slow);
    await until(() => a2a.listTasks(id).some((t) => t.taskId === sent.taskId && t.streaming), 5_000, "stream open");
    a2a.remove(id);
    await within(a2a.waitExchange(sent.exchangeId), 3_000, "the stream's end after remove");
    const events = streamEvents(id, sent.exchangeId);
    expect(events.map((e) => e.event)).toEqual(["open", "closed"]);
    expect(events[1]!.error).toBe('The agent "slowpoke" was removed');
  });

  it("closeAll aborts a stream the agent keeps open instead of waiting for it", async () => {
    const { id } = await a2a.create({ name: "holder", url: agent.url, headers: {} });
    const sent = await a2a.send(id, slow);
    await until(() => a2a.listTasks(id).some((t) => t.taskId === sent.taskId && t.streaming), 5_000, "stream open");
    await within(a2a.closeAll(), 3_000, "closeAll");
    const events = streamEvents(id, sent.exchangeId);
    expect(events.map((e) => e.event)).toEqual(["open", "closed"]);
    expect(events[1]!.error).toBe("Loupe is shutting down");
  });
});
