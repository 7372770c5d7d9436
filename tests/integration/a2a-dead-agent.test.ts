import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnA2aDemo } from "@/demo/a2a/spawn-a2a-demo";
import type { SpawnedA2aDemo } from "@/demo/a2a/spawn-a2a-demo";
import { AppError } from "@/lib/errors";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { recorded, until } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { tempDir } from "@/tests/support/servers";

// A real A2A agent process (the demo agent, @a2a-js/sdk's server, spawned as `npm start` does) whose
// `slow` skill streams a chunk every 250 ms; it is killed (SIGKILL, its whole process group) in the
// middle of the stream. The task must not stay "working" in silence, nor the agent "ok".
const data = tempDir("loupe-a2a-dead-");
let agent: SpawnedA2aDemo;
let a2a: A2aRegistry;

beforeAll(async () => {
  agent = await spawnA2aDemo({ port: 0 });
  a2a = new A2aRegistry(new Hub(openStore(data.dir)));
});

afterAll(async () => {
  await agent.stop();
  await a2a.closeAll();
  a2a.hub.store.close();
  data.cleanup();
});

describe("an A2A agent whose process dies mid-task", () => {
  it("ends the task's stream in words, marks the task lost and the agent unreachable; a refresh keeps saying so", async () => {
    const { id } = await a2a.create({ name: "mortal", url: agent.url, headers: {} });
    expect(a2a.get(id).state.status).toBe("ok");
    const sent = await a2a.send(id, { parts: [{ kind: "data", data: { skill: "slow" } }], stream: true });
    const taskId = sent.taskId!;
    await until(() => a2a.getTask(id, taskId).artifactCount > 0, 10_000, "a chunk of the slow task");
    expect(a2a.getTask(id, taskId)).toMatchObject({ state: "working", streaming: true });

    process.kill(-agent.pid, "SIGKILL");
    await until(() => !a2a.getTask(id, taskId).streaming, 10_000, "the stream's end");
    await a2a.waitExchange(sent.exchangeId);

    const ends = recorded(a2a.hub, id, { kind: "a2a_stream" })
      .map((e) => e.raw as { exchangeId: string; event: string; error?: string })
      .filter((r) => r.exchangeId === sent.exchangeId && r.event !== "open");
    expect(ends).toHaveLength(1);
    expect(ends[0]!.event).toBe("closed");
    expect(ends[0]!.error).toMatch(/stopped answering/);

    const task = a2a.getTask(id, taskId);
    expect(task.lost?.reason).toMatch(/stopped answering/);
    expect(a2a.get(id).state).toMatchObject({ status: "error", error: expect.stringMatching(/did not answer/) });
    expect(a2a.list().find((x) => x.id === id)?.state.status).toBe("error");

    // A refresh now: 502 unreachable, and the task and the agent still say what happened.
    const refresh = await a2a.refreshTask(id, taskId).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refresh).toBeInstanceOf(AppError);
    expect(refresh).toMatchObject({ code: "upstream:a2a_unreachable", status: 502 });
    expect(a2a.getTask(id, taskId).lost?.reason).toMatch(/stopped answering|did not answer/);
    expect(a2a.get(id).state.status).toBe("error");
  }, 60_000);
});
