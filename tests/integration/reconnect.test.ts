import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionInput, ConnectionState } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import type { ResourceUpdatedEntry } from "@/lib/contracts/resources";
import { Hub } from "@/lib/server/hub";
import { subscribe } from "@/lib/server/mcp/resources";
import type { RestoredSubscriptions } from "@/lib/server/mcp/resources";
import { Registry } from "@/lib/server/mcp/registry";
import { openStore } from "@/lib/server/store";
import { freePort, startEverythingHttp, tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-reconnect-");
let registry: Registry;
const servers = new Set<{ stop: () => Promise<void> }>();

beforeAll(() => {
  registry = new Registry(new Hub(openStore(data.dir)));
});

afterEach(async () => {
  await Promise.all([...servers].map((s) => s.stop()));
  servers.clear();
});

afterAll(async () => {
  await registry.closeAll();
  registry.hub.store.close();
  data.cleanup();
});

async function until(check: () => boolean, ms = 20_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} not met in time`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** server-everything over Streamable HTTP on a fixed loopback port, so it can be started again in place. */
async function everythingOn(port: number): Promise<{ stop: () => Promise<void> }> {
  const started = await startEverythingHttp("streamableHttp", { port, kill: "SIGKILL" });
  const server = {
    stop: async () => {
      servers.delete(server);
      await started.stop();
    },
  };
  servers.add(server);
  return server;
}

const remote = (name: string, port: number): ConnectionInput => ({
  name,
  transport: "http",
  url: `http://127.0.0.1:${port}/mcp`,
  headers: {},
  requestTimeoutMs: 20_000,
});

const traffic = (id: string): Entry[] => registry.traffic(id, { limit: 100_000 });
const ofKind = (id: string, kind: string) => traffic(id).filter((e) => e.kind === kind);
const statuses = (id: string) => ofKind(id, "status").map((e) => e.raw as ConnectionState);
const state = (id: string) => registry.view(id).state;

const DOC = "demo://resource/static/document/features.md";

describe("automatic reconnect of a lost Streamable HTTP server", () => {
  it("schedules visible retries while the server is down and reconnects by itself when it is back", async () => {
    const port = await freePort();
    let server = await everythingOn(port);
    const { id } = await registry.create(remote("everything-auto", port));
    expect(state(id).status).toBe("connected");
    await subscribe(registry.connection(id), DOC);

    await server.stop();
    // The SDK gives up re-opening the event stream (≈12 s), then Loupe's own schedule starts.
    await until(() => state(id).reconnect !== undefined, 30_000, "first reconnect scheduled");
    const first = state(id);
    expect(first.status).toBe("error");
    expect(first.error?.step).toBe("network");
    expect(first.reconnect).toMatchObject({ attempt: 1, max: 10 });
    expect(first.reconnect!.nextAt).toBeGreaterThan(Date.now() - 1_000);
    expect(first.reconnect!.nextAt).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(ofKind(id, "reconnect_scheduled")[0]!.raw).toMatchObject({ attempt: 1, max: 10, delayMs: 1_000 });

    // Attempt 1 runs (status connecting) and fails: attempt 2 is announced with its delay and cause.
    await until(() => state(id).reconnect?.attempt === 2 && state(id).status === "error", 10_000, "attempt 2 scheduled");
    expect(statuses(id).some((s) => s.status === "connecting" && s.reconnect?.attempt === 1)).toBe(true);
    expect(state(id).error?.message).toMatch(
      /^The server is unreachable; retrying in 2 s \(attempt 2 of 10\)\. Last error: connection refused \(ECONNREFUSED\)$/,
    );
    expect(ofKind(id, "reconnect_scheduled").map((e) => (e.raw as { delayMs: number }).delayMs)).toEqual([1_000, 2_000]);

    server = await everythingOn(port);
    await until(() => state(id).status === "connected", 15_000, "reconnected");
    expect(state(id).reconnect).toBeUndefined();
    expect(state(id).error).toBeUndefined();
    await until(() => ofKind(id, "reconnected").length > 0, 5_000, "reconnected entry");
    expect(ofKind(id, "reconnected")[0]!.raw).toMatchObject({ attempts: expect.any(Number) });
    const listing = await registry.listTools(id);
    expect(listing.tools).toHaveLength(17);
    // The subscription of the lost session is made again on the new one.
    await until(() => ofKind(id, "subscriptions_restored").length > 0, 5_000, "subscriptions restored");
    expect(ofKind(id, "subscriptions_restored")[0]!.raw).toEqual({ after: "reconnect", restored: [DOC], failed: [] });
    expect(state(id).subscriptions).toEqual([DOC]);
    const sum = await registry.callTool(id, { name: "get-sum", arguments: { a: 40, b: 2 } });
    expect(sum.status).toBe("ok");
    await registry.disconnect(id);
  }, 90_000);

  it("stops retrying on a user disconnect, and gives up after the policy's last attempt", async () => {
    const port = await freePort();
    const server = await everythingOn(port);
    const stopped = await registry.create(remote("everything-user-stop", port));
    const doomed = await registry.create(remote("everything-give-up", port));
    // Short delays, so several would-be attempts fall inside the test.
    registry.connection(stopped.id).reconnectPolicy = { firstDelayMs: 300, maxDelayMs: 300, maxAttempts: 10, maxTotalMs: 60_000 };
    registry.connection(doomed.id).reconnectPolicy = { firstDelayMs: 100, maxDelayMs: 200, maxAttempts: 3, maxTotalMs: 60_000 };
    await server.stop();
    const scheduled = (id: string) => ofKind(id, "reconnect_scheduled").length > 0;
    await until(() => scheduled(stopped.id) && scheduled(doomed.id), 30_000, "both scheduled");

    await registry.disconnect(stopped.id);
    expect(state(stopped.id)).toMatchObject({ status: "disconnected" });
    expect(state(stopped.id).reconnect).toBeUndefined();
    expect(ofKind(stopped.id, "reconnect_stopped").map((e) => e.raw)).toEqual([
      expect.objectContaining({ reason: "cancelled", by: "disconnect" }),
    ]);

    // The other one keeps trying against the stopped server until its policy runs out.
    await until(() => ofKind(doomed.id, "reconnect_stopped").length > 0, 15_000, "gave up");
    expect(ofKind(doomed.id, "reconnect_stopped")[0]!.raw).toMatchObject({ reason: "gave_up", attempts: 3 });
    expect(ofKind(doomed.id, "reconnect_scheduled").map((e) => (e.raw as { attempt: number }).attempt)).toEqual([1, 2, 3]);
    expect(
      statuses(doomed.id)
        .filter((s) => s.status === "connecting" && s.reconnect)
        .map((s) => s.reconnect!.attempt),
    ).toEqual([1, 2, 3]);
    await until(() => state(doomed.id).diagnosis !== undefined, 10_000, "diagnosis");
    const final = state(doomed.id);
    expect(final.status).toBe("error");
    expect(final.reconnect).toBeUndefined();
    expect(final.error?.message).toMatch(
      /^The server is unreachable; gave up reconnecting after 3 attempts \(last error: connection refused \(ECONNREFUSED\)\)$/,
    );
    expect(final.diagnosis!.find((step) => !step.ok)?.step).toBe("tcp");

    // The server is back, but neither the disconnected nor the given-up connection tries again.
    const restarted = await everythingOn(port);
    const counts = [statuses(stopped.id).length, statuses(doomed.id).length];
    await sleep(1_500);
    expect([statuses(stopped.id).length, statuses(doomed.id).length]).toEqual(counts);
    expect(state(stopped.id).status).toBe("disconnected");
    await restarted.stop();
  }, 90_000);
});

describe("subscriptions across a server restart", () => {
  it("re-subscribes on the new session, and updates arrive there", async () => {
    const port = await freePort();
    let server = await everythingOn(port);
    const { id } = await registry.create(remote("everything-resubscribe", port));
    const conn = registry.connection(id);
    await subscribe(conn, DOC);
    expect(state(id).subscriptions).toEqual([DOC]);
    const oldSession = conn.recording?.sessionId;

    await server.stop();
    server = await everythingOn(port);
    // The re-opened event stream meets the forgotten session: a new one starts and re-subscribes.
    await until(() => ofKind(id, "subscriptions_restored").length > 0, 30_000, "subscriptions restored");
    expect(ofKind(id, "session_reset")).toHaveLength(1);
    expect(conn.recording?.sessionId).not.toBe(oldSession);
    const restored = ofKind(id, "subscriptions_restored")[0]!.raw as RestoredSubscriptions;
    expect(restored).toEqual({ after: "session_reset", restored: [DOC], failed: [] });
    expect(state(id).subscriptions).toEqual([DOC]);
    const resubscribe = traffic(id).filter((e) => e.direction === "out" && (e.raw as { method?: string }).method === "resources/subscribe");
    expect(resubscribe).toHaveLength(2);

    const toggled = await registry.callTool(id, { name: "toggle-subscriber-updates", arguments: {} });
    expect(toggled.status).toBe("ok");
    await until(() => ofKind(id, "resource_updated").length > 0, 15_000, "resource_updated");
    const update = ofKind(id, "resource_updated")[0]!.raw as ResourceUpdatedEntry;
    expect(update).toMatchObject({ uri: DOC, subscribed: true });
    await registry.callTool(id, { name: "toggle-subscriber-updates", arguments: {} });
    await registry.disconnect(id);
  }, 90_000);
});

describe("subscriptions across a manual Reconnect", () => {
  it("subscribes again on the new session the user's Reconnect starts, and updates arrive there", async () => {
    const port = await freePort();
    await everythingOn(port);
    const { id } = await registry.create(remote("everything-manual-reconnect", port));
    const conn = registry.connection(id);
    await subscribe(conn, DOC);
    const oldSession = conn.sessionKey;

    // What POST /api/connections/:id/connect does (the Reconnect button).
    const view = await registry.connect(id);
    expect(view.state.status).toBe("connected");
    expect(conn.sessionKey).not.toBe(oldSession);
    await until(() => ofKind(id, "subscriptions_restored").length > 0, 15_000, "subscriptions restored");
    expect(ofKind(id, "subscriptions_restored")[0]!.raw).toEqual({ after: "reconnect", restored: [DOC], failed: [] });
    expect(state(id).subscriptions).toEqual([DOC]);
    const subscribes = traffic(id).filter((e) => e.direction === "out" && (e.raw as { method?: string }).method === "resources/subscribe");
    expect(subscribes).toHaveLength(2);
    expect(subscribes[1]!.sessionKey).toBe(conn.sessionKey);

    const toggled = await registry.callTool(id, { name: "toggle-subscriber-updates", arguments: {} });
    expect(toggled.status).toBe("ok");
    await until(() => ofKind(id, "resource_updated").length > 0, 15_000, "resource_updated");
    expect(ofKind(id, "resource_updated")[0]!.raw).toMatchObject({ uri: DOC, subscribed: true });
    await registry.callTool(id, { name: "toggle-subscriber-updates", arguments: {} });
    await registry.disconnect(id);
  }, 60_000);
});
