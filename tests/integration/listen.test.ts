import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionInput } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import type { ResourceUpdatedEntry, SubscriptionsResponse } from "@/lib/contracts/resources";
import type { TaskRecord } from "@/lib/contracts/tasks";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getTaskManager } from "@/lib/server/mcp/tasks";
import { LISTEN_BACKOFF, listenOpen } from "@/lib/server/mcp/resources/listen";
import type { ListenEntry } from "@/lib/server/mcp/resources/listen";
import { stdioInput, tempDir } from "@/tests/support/servers";
import { demoServerLaunch } from "@/demo/mcp/launch";
import { createDemoRuntime } from "@/demo/mcp/server";
import type { DemoRuntime } from "@/demo/mcp/server";
import { serveDemoHttp } from "@/demo/mcp/serve-http";
import type { DemoHttpServer } from "@/demo/mcp/serve-http";
import * as subscriptionsRoute from "@/app/api/connections/[id]/subscriptions/route";
import * as toolsCall from "@/app/api/connections/[id]/tools/call/route";
import * as tasksRoute from "@/app/api/connections/[id]/tasks/route";
import * as answerRoute from "@/app/api/connections/[id]/requests/[requestId]/route";

// MCP 2026-07-28 has no resources/subscribe and no unsolicited change notifications: Loupe keeps
// the Resources tab's subscriptions, list changes and Tasks-extension status working through a
// subscriptions/listen stream. Against the demo server (its conformance fixtures add
// test_trigger_tool_change) over stdio and Streamable HTTP, on a connection pinned to 2026-07-28.
const data = tempDir("loupe-listen-");
process.env.LOUPE_DATA_DIR = data.dir;
LISTEN_BACKOFF.firstMs = 100;

const HTTP_PORT = 7281;
const base = "http://127.0.0.1:3000";
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) }) as never;
const post = (body: unknown) =>
  new Request(base + "/x", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
const WITH_TASKS = { sampling: true, elicitationForm: true, elicitationUrl: false, roots: true, tasks: true };

let runtime: DemoRuntime;
let http: DemoHttpServer;
beforeAll(async () => {
  runtime = createDemoRuntime({ conformance: true });
  http = await serveDemoHttp(runtime, { port: HTTP_PORT });
});
afterAll(async () => {
  await getRegistry().closeAll();
  await http?.close();
  data.cleanup();
});

async function until<T>(probe: () => T | undefined | false, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

const entries = (id: string): Entry[] => getRegistry().traffic(id, { limit: 10_000 });
const listenEvents = (id: string): ListenEntry[] =>
  entries(id)
    .filter((e) => e.kind === "listen")
    .map((e) => e.raw as ListenEntry);
const updates = (id: string): ResourceUpdatedEntry[] =>
  entries(id)
    .filter((e) => e.kind === "resource_updated")
    .map((e) => e.raw as ResourceUpdatedEntry);
const frames = (id: string, direction: "in" | "out", method: string) =>
  entries(id).filter((e) => e.kind === "message" && e.direction === direction && (e.raw as { method?: string }).method === method);

async function call(id: string, name: string, args: Record<string, unknown>): Promise<string> {
  const res = await toolsCall.POST(post({ name, arguments: args }), ctx({ id }));
  expect(res.status).toBe(200);
  return JSON.stringify(await res.json());
}

const BOOKING = {
  hotelId: "hotel-lisbon-alfama",
  checkIn: "2026-12-01",
  payment: { method: "card", cardNumber: "4242424242424242", expiry: "12/29", holder: "Ada" },
  contactEmail: "ada@example.com",
};

const launch = demoServerLaunch({ conformance: true });
const inputs: Record<string, () => ConnectionInput> = {
  stdio: () => ({
    ...stdioInput("listen-stdio", launch.args, { command: launch.command, env: launch.env }),
    protocolEra: "2026-07-28",
    clientCapabilities: WITH_TASKS,
  }),
  HTTP: () => ({
    name: "listen-http",
    transport: "http",
    url: http.url,
    headers: {},
    requestTimeoutMs: 20_000,
    protocolEra: "2026-07-28",
    clientCapabilities: WITH_TASKS,
  }),
};

describe("subscriptions/listen on a 2026-07-28 connection", () => {
  for (const [transport, input] of Object.entries(inputs)) {
    it(`over ${transport}: a Resources-tab subscription, list changes and task status ride the listen stream`, async () => {
      const view = await getRegistry().create(input());
      expect(view.state.era?.version).toBe("2026-07-28");
      const id = view.id;
      const conn = getRegistry().connection(id);

      // The stream opens on connect, with the list changes in its filter; its frames are on the timeline.
      const opened = await until(() => listenEvents(id).find((e) => e.event === "opened"));
      expect(opened.filter).toMatchObject({ toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true });
      expect(frames(id, "out", "subscriptions/listen").length).toBeGreaterThanOrEqual(1);
      expect(frames(id, "in", "notifications/subscriptions/acknowledged").length).toBeGreaterThanOrEqual(1);

      // Book a hotel; the new booking is subscribed to from the Resources tab's route.
      const resourcesVersion = getRegistry().view(id).state.resourcesVersion ?? 0;
      const booked = await call(id, "book-hotel", BOOKING);
      const bookingId = /BK-\d{6}/.exec(booked)![0];
      const uri = `demo://bookings/${bookingId}`;
      const sub = await subscriptionsRoute.POST(post({ uri }), ctx({ id }));
      expect(sub.status).toBe(200);
      const listed = (await sub.json()) as SubscriptionsResponse;
      expect(listed).toMatchObject({ supported: true, subscriptions: [uri], via: "subscriptions/listen" });
      // Never resources/subscribe on this revision: the filter of a new stream names the URI.
      expect(frames(id, "out", "resources/subscribe")).toHaveLength(0);
      const withUri = listenEvents(id)
        .filter((e) => e.event === "opened")
        .at(-1)!;
      expect(withUri.filter?.resourceSubscriptions).toEqual([uri]);
      expect(listenOpen(conn)).toBe(true);

      // Cancelling a booking Loupe did not subscribe to brings nothing; the subscribed one does.
      await call(id, "cancel-booking", { bookingId: "BK-100001", reason: "duplicate" });
      await call(id, "cancel-booking", { bookingId, reason: "change_of_plans" });
      const update = await until(() => updates(id).find((u) => u.uri === uri));
      expect(update.subscribed).toBe(true);
      expect(updates(id).some((u) => u.uri === "demo://bookings/BK-100001")).toBe(false);
      expect(frames(id, "in", "notifications/resources/updated").length).toBeGreaterThanOrEqual(1);
      // book-hotel added a resource: the list change arrived too.
      await until(() => (getRegistry().view(id).state.resourcesVersion ?? 0) > resourcesVersion);

      // A tools list change reaches the Tools view.
      const toolsVersion = getRegistry().view(id).state.toolsVersion;
      await call(id, "test_trigger_tool_change", {});
      await until(() => getRegistry().view(id).state.toolsVersion > toolsVersion);
      expect(frames(id, "in", "notifications/tools/list_changed").length).toBeGreaterThanOrEqual(1);

      // A followed Tasks-extension task joins the filter (taskIds) while it runs.
      const res = await tasksRoute.POST(post({ name: "rebook-all", arguments: { passengers: 2, stepMs: 100 } }), ctx({ id }));
      expect(res.status).toBe(201);
      const task = (await res.json()) as TaskRecord;
      expect(task.flavour).toBe("extension");
      const withTask = await until(() =>
        listenEvents(id).find((e) => e.event === "opened" && (e.filter?.taskIds ?? []).includes(task.taskId)),
      );
      expect(withTask.filter?.resourceSubscriptions).toEqual([uri]);
      const question = await until(() =>
        getClientRequests()
          .list({ connectionId: id })
          .find((r) => r.status === "pending"),
      );
      const answered = await answerRoute.POST(
        post({ action: "accept", content: { seating: "together" } }),
        ctx({ id, requestId: question.id }),
      );
      expect(answered.status).toBe(200);
      await until(() =>
        getTaskManager()
          .recordsFor(conn)
          .find((t) => t.taskId === task.taskId && t.status === "completed"),
      );
      if (transport === "stdio") {
        // The demo pushes notifications/tasks where it has a channel; Loupe applies them.
        expect(frames(id, "in", "notifications/tasks").length).toBeGreaterThanOrEqual(1);
      }
      // Once the task ended it leaves the filter again.
      await until(() => {
        const last = listenEvents(id)
          .filter((e) => e.event === "opened")
          .at(-1);
        return last && !(last.filter?.taskIds ?? []).includes(task.taskId);
      });

      // Unsubscribing takes the URI out of the filter; still no resources/unsubscribe.
      const off = await subscriptionsRoute.DELETE(
        new Request(`${base}/x?uri=${encodeURIComponent(uri)}`, { method: "DELETE" }),
        ctx({ id }),
      );
      expect(off.status).toBe(200);
      expect(((await off.json()) as SubscriptionsResponse).subscriptions).toEqual([]);
      expect(
        listenEvents(id)
          .filter((e) => e.event === "opened")
          .at(-1)!.filter?.resourceSubscriptions,
      ).toBeUndefined();
      expect(frames(id, "out", "resources/unsubscribe")).toHaveLength(0);

      // Disconnect closes the stream: notifications/cancelled names the listen request.
      const listenIds = frames(id, "out", "subscriptions/listen").map((e) => (e.raw as { id: string }).id);
      await getRegistry().connection(id).disconnect();
      const cancelled = frames(id, "out", "notifications/cancelled").map(
        (e) => (e.raw as { params: { requestId: string } }).params.requestId,
      );
      expect(cancelled.some((requestId) => listenIds.includes(requestId))).toBe(true);
      expect(listenOpen(conn)).toBe(false);
    }, 90_000);
  }

  it("over HTTP: a dropped listen stream is opened again and updates keep coming", async () => {
    const view = await getRegistry().create(inputs.HTTP!());
    const id = view.id;
    await until(() => listenEvents(id).find((e) => e.event === "opened"));
    const bookingId = /BK-\d{6}/.exec(await call(id, "book-hotel", BOOKING))![0];
    const uri = `demo://bookings/${bookingId}`;
    expect((await subscriptionsRoute.POST(post({ uri }), ctx({ id }))).status).toBe(200);
    const openedBefore = listenEvents(id).filter((e) => e.event === "opened").length;

    // The server goes away and comes back on the same port (same state): the stream dropped.
    await http.close();
    http = await serveDemoHttp(runtime, { port: HTTP_PORT });
    const closed = await until(() => listenEvents(id).find((e) => e.event === "closed" && e.cause !== "local"));
    expect(["remote", "graceful"]).toContain(closed.cause);
    await until(() => listenEvents(id).some((e) => e.event === "retry"));
    const reopened = await until(
      () =>
        listenEvents(id)
          .filter((e) => e.event === "opened")
          .slice(openedBefore)[0],
    );
    expect(reopened.filter?.resourceSubscriptions).toEqual([uri]);

    const before = updates(id).length;
    await call(id, "cancel-booking", { bookingId, reason: "found_better_price" });
    await until(() => updates(id).length > before && updates(id).at(-1)!.uri === uri);
    expect(getRegistry().view(id).state.status).toBe("connected");

    // The user's Reconnect: a new session whose stream names the same URI (no resources/subscribe).
    const openedBeforeReconnect = listenEvents(id).filter((e) => e.event === "opened").length;
    await getRegistry().connect(id);
    expect(getRegistry().view(id).state.subscriptions).toEqual([uri]);
    const restored = entries(id)
      .filter((e) => e.kind === "subscriptions_restored")
      .at(-1)!.raw as { restored: string[] };
    expect(restored.restored).toEqual([uri]);
    const afterReconnect = listenEvents(id)
      .filter((e) => e.event === "opened")
      .slice(openedBeforeReconnect);
    expect(afterReconnect.at(-1)!.filter?.resourceSubscriptions).toEqual([uri]);
    expect(frames(id, "out", "resources/subscribe")).toHaveLength(0);
  }, 60_000);
});
