import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TapSecret } from "@/lib/contracts/taps";
import { getRegistry } from "@/lib/server/mcp/registry";
import { closeAllTapHosts, tapReplayBytes } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import { startTapHost } from "@/tests/support/tap-host";
import type { TapHostServer } from "@/tests/support/tap-host";

/**
 * A key holder cannot exhaust Loupe's memory through a tap: 2025-11-25 sessions are capped per tap
 * (the longest-idle one is ended to make room; all busy → 503 in words) and so are requests being
 * answered at once (→ 429 in words), against a real tap of server-everything. Small caps via env.
 */

const data = tempDir("loupe-tap-limits-data-");
process.env.LOUPE_DATA_DIR = data.dir;
process.env.LOUPE_TAP_MAX_SESSIONS = "3";
process.env.LOUPE_TAP_MAX_INFLIGHT = "10"; // 2 in the test of requests at once (read per request)
const PORT = 9003;

let host: TapHostServer;
let sessionsTap: TapSecret;
let inflightTap: TapSecret;
let clientsTap: TapSecret;

beforeAll(async () => {
  host = await startTapHost(PORT);
  const a = await getRegistry().create(stdioInput("limits sessions", [EVERYTHING, "stdio"]));
  const b = await getRegistry().create(stdioInput("limits inflight", [EVERYTHING, "stdio"]));
  sessionsTap = getTaps().tapConnection(a.id, {});
  inflightTap = getTaps().tapConnection(b.id, {});
  const c = await getRegistry().create(stdioInput("limits clients", [EVERYTHING, "stdio"]));
  clientsTap = getTaps().tapConnection(c.id, {});
}, 60_000);

afterAll(async () => {
  delete process.env.LOUPE_TAP_MAX_SESSIONS;
  delete process.env.LOUPE_TAP_MAX_INFLIGHT;
  delete process.env.LOUPE_TAP_MAX_CLIENT_SESSIONS;
  await closeAllTapHosts();
  await host?.close();
  await getRegistry().closeAll();
  data.cleanup();
});

const headers = (tap: TapSecret, session?: string): Record<string, string> => ({
  authorization: `Bearer ${tap.key}`,
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  ...(session ? { "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" } : {}),
});
const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "limits", version: "0" } },
};

async function initialize(tap: TapSecret, client = "limits"): Promise<Response> {
  const body = { ...INIT, params: { ...INIT.params, clientInfo: { name: client, version: "0" } } };
  return fetch(tap.url, { method: "POST", headers: headers(tap), body: JSON.stringify(body) });
}

async function openSession(tap: TapSecret, client?: string): Promise<string> {
  const res = await initialize(tap, client);
  expect(res.status).toBe(200);
  await res.text();
  const id = res.headers.get("mcp-session-id")!;
  const ack = await fetch(tap.url, {
    method: "POST",
    headers: headers(tap, id),
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  });
  expect(ack.status).toBe(202);
  return id;
}

async function pinged(tap: TapSecret, session: string): Promise<{ status: number; text: string }> {
  const res = await fetch(tap.url, {
    method: "POST",
    headers: headers(tap, session),
    body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "ping" }),
  });
  return { status: res.status, text: await res.text() };
}

async function ping(tap: TapSecret, session: string): Promise<number> {
  return (await pinged(tap, session)).status;
}

describe("tap limits", () => {
  it("sessions: at the cap the longest-idle session is ended to make room; all busy → 503 in words", async () => {
    const s1 = await openSession(sessionsTap);
    const s2 = await openSession(sessionsTap);
    const s3 = await openSession(sessionsTap);
    expect(await ping(sessionsTap, s1)).toBe(200); // s1 seen last now; s2 is the longest idle
    const s4 = await openSession(sessionsTap);
    expect(await ping(sessionsTap, s2)).toBe(404);
    for (const s of [s1, s3, s4]) expect(await ping(sessionsTap, s)).toBe(200);

    // Every session busy (a GET stream open on each): no room, and the client reads why.
    const streams = new AbortController();
    const opened = await Promise.all(
      [s1, s3, s4].map((s) =>
        fetch(sessionsTap.url, {
          method: "GET",
          headers: { ...headers(sessionsTap, s), accept: "text/event-stream" },
          signal: streams.signal,
        }),
      ),
    );
    try {
      for (const r of opened) expect(r.status).toBe(200);
      const refused = await initialize(sessionsTap);
      expect(refused.status).toBe(503);
      const body = (await refused.json()) as { error: { code: number; message: string } };
      expect(body.error.message).toMatch(/This tap has 3 open sessions, all busy \(LOUPE_TAP_MAX_SESSIONS\)/);
    } finally {
      streams.abort();
    }
    // A stream closed: its session is idle again and can be ended for a new one.
    await expect.poll(async () => (await initialize(sessionsTap)).status, { timeout: 5_000 }).toBe(200);
  });

  it("requests at once: over the cap → 429 with a JSON-RPC error in words; the tap answers again once they end", async () => {
    process.env.LOUPE_TAP_MAX_INFLIGHT = "2";
    const s = await openSession(inflightTap);
    const call = (duration: number) =>
      fetch(inflightTap.url, {
        method: "POST",
        headers: headers(inflightTap, s),
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: duration,
          method: "tools/call",
          params: { name: "trigger-long-running-operation", arguments: { duration, steps: 2 } },
        }),
      });
    const slow = [call(2), call(3)];
    // Both are being answered (their responses' headers came, the bodies stream until the end).
    const running = await Promise.all(slow);
    const third = await fetch(inflightTap.url, {
      method: "POST",
      headers: headers(inflightTap, s),
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "ping" }),
    });
    expect(third.status).toBe(429);
    expect(((await third.json()) as { error: { message: string } }).error.message).toMatch(
      /Too many requests at once on this tap \(2, LOUPE_TAP_MAX_INFLIGHT\)/,
    );
    await Promise.all(running.map((r) => r.text()));
    expect(await ping(inflightTap, s)).toBe(200);
  }, 20_000);

  it("an id reused while its request still runs on the session is refused at once in words; the other call still gets its answer", async () => {
    process.env.LOUPE_TAP_MAX_INFLIGHT = "10";
    const s = await openSession(inflightTap);
    const call = (amount: number) =>
      fetch(inflightTap.url, {
        method: "POST",
        headers: headers(inflightTap, s),
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 7,
          method: "tools/call",
          params: { name: "trigger-long-running-operation", arguments: { duration: amount, steps: 2 } },
        }),
      });
    const first = await call(2);
    expect(first.status).toBe(200);
    // Before the fix the second request was taken too, and one of the two never got an answer.
    const second = await call(1);
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({
      id: 7,
      error: { code: -32600, message: expect.stringMatching(/id 7 is already used by a request still running on this session/) },
    });
    expect(await first.text()).toMatch(/"id":7/);
    // Once that request has its answer, the id is free again.
    const again = await call(1);
    expect(again.status).toBe(200);
    expect(await again.text()).toMatch(/"id":7/);
  }, 20_000);

  it("sessions per client: a client at its cap gives up its own longest-idle session, never another client's; the evicted one reads why", async () => {
    process.env.LOUPE_TAP_MAX_CLIENT_SESSIONS = "2";
    const calm = await openSession(clientsTap, "calm");
    const g1 = await openSession(clientsTap, "greedy");
    const g2 = await openSession(clientsTap, "greedy");
    // The calm client's session is the longest idle of all; the greedy client's third session ends its own first one.
    const g3 = await openSession(clientsTap, "greedy");
    expect(await ping(clientsTap, calm)).toBe(200);
    const evicted = await pinged(clientsTap, g1);
    expect(evicted.status).toBe(404);
    expect((JSON.parse(evicted.text) as { error: { message: string } }).error.message).toMatch(
      /Loupe ended session .*"greedy" opened a new session and may keep 2 on this tap \(LOUPE_TAP_MAX_CLIENT_SESSIONS\)/,
    );
    for (const s of [g2, g3]) expect(await ping(clientsTap, s)).toBe(200);

    // Both of the greedy client's sessions busy: its next one is refused with 429 in words, and the calm one stays.
    const streams = new AbortController();
    const opened = await Promise.all(
      [g2, g3].map((s) =>
        fetch(clientsTap.url, {
          method: "GET",
          headers: { ...headers(clientsTap, s), accept: "text/event-stream" },
          signal: streams.signal,
        }),
      ),
    );
    try {
      for (const r of opened) expect(r.status).toBe(200);
      const refused = await initialize(clientsTap, "greedy");
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
        /The client "greedy" already has 2 sessions open on this tap, all busy \(LOUPE_TAP_MAX_CLIENT_SESSIONS\)/,
      );
      expect(await ping(clientsTap, calm)).toBe(200);
      // The tap's view (what the tap panel shows) says both, newest first, in the same words.
      const turnedAway = getTaps().secret(getTaps().require(clientsTap.tap.id)).tap.turnedAway ?? [];
      expect(turnedAway.slice(0, 2)).toMatchObject([
        { kind: "refused", client: "greedy", status: 429, message: expect.stringMatching(/The client "greedy" already has 2 sessions/) },
        { kind: "ended", client: "greedy", message: expect.stringMatching(/Loupe ended session .*"greedy" opened a new session/) },
      ]);
    } finally {
      streams.abort();
    }
  }, 30_000);

  it("at the tap's cap, the client holding the most sessions gives one up, not a client with fewer", async () => {
    process.env.LOUPE_TAP_MAX_CLIENT_SESSIONS = "16";
    const calm = await openSession(sessionsTap, "calm");
    await openSession(sessionsTap, "greedy");
    await openSession(sessionsTap, "greedy");
    // Full (3). Before per-client caps the longest idle session (calm's) was ended here.
    await openSession(sessionsTap, "greedy");
    expect(await ping(sessionsTap, calm)).toBe(200);
  }, 30_000);

  it("an answer read to its end is not kept for resumption; one whose client went away mid-stream is", async () => {
    const s = await openSession(inflightTap);
    const echo = await fetch(inflightTap.url, {
      method: "POST",
      headers: headers(inflightTap, s),
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 21,
        method: "tools/call",
        params: { name: "echo", arguments: { message: "y".repeat(256 * 1024) } },
      }),
    });
    expect(await echo.text()).toMatch(/"id":21/);
    await expect.poll(() => tapReplayBytes(inflightTap.tap.id)).toBe(0);

    const gone = new AbortController();
    const long = await fetch(inflightTap.url, {
      method: "POST",
      headers: headers(inflightTap, s),
      signal: gone.signal,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 22,
        method: "tools/call",
        params: { name: "trigger-long-running-operation", arguments: { duration: 2, steps: 2 }, _meta: { progressToken: 22 } },
      }),
    });
    const reader = long.body!.getReader();
    await reader.read(); // the priming event at least
    gone.abort();
    await reader.cancel().catch(() => undefined);
    // The call goes on upstream; its events are kept for the client's Last-Event-ID.
    expect(tapReplayBytes(inflightTap.tap.id)).toBeGreaterThan(0);
  }, 30_000);
});
