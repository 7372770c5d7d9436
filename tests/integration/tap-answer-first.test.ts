import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TapSecret } from "@/lib/contracts/taps";
import type { Entry } from "@/lib/contracts/entries";
import { getHub } from "@/lib/server/hub";
import { getRegistry } from "@/lib/server/mcp/registry";
import { closeAllTapHosts } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { until } from "@/lib/server/adk/test-support";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import { startTapHost } from "@/tests/support/tap-host";
import type { TapHostServer } from "@/tests/support/tap-host";

/**
 * Issue 23, the tap's last tenth of a millisecond: a tapped tools/call answers its client before
 * Loupe writes the finished call (its row and `call` entry) and the `tap_exchange` entry, which
 * come one turn later; the frames themselves are recorded before, as ever. Watched on a real tap
 * of server-everything: the order in which the hub hears of entries and the tap's HTTP answers end.
 */

const data = tempDir("loupe-tap-answer-first-");
process.env.LOUPE_DATA_DIR = data.dir;
const PORT = 9012;

let host: TapHostServer;
let tap: TapSecret;
let connectionId: string;
const log: string[] = [];
const realEnd = http.ServerResponse.prototype.end;

beforeAll(async () => {
  host = await startTapHost(PORT);
  const view = await getRegistry().create(stdioInput("answer first", [EVERYTHING, "stdio"]));
  connectionId = view.id;
  tap = getTaps().tapConnection(view.id, {});
  getHub().subscribe(getHub().maxSeq(), (e: Entry) => log.push(label(e)));
  // Each answer of the tap, as it is handed to the socket.
  http.ServerResponse.prototype.end = function (this: http.ServerResponse, ...args: unknown[]) {
    if (this.req?.url?.startsWith("/mcp/") && this.req.method === "POST") log.push("answer");
    return realEnd.apply(this, args as Parameters<typeof realEnd>);
  } as typeof realEnd;
}, 60_000);

afterAll(async () => {
  http.ServerResponse.prototype.end = realEnd;
  await closeAllTapHosts();
  await host?.close();
  await getRegistry().closeAll();
  data.cleanup();
});

function label(e: Entry): string {
  const raw = (e.raw ?? {}) as Record<string, unknown>;
  if (e.kind === "call") return `call ${String(raw.status)}`;
  if (e.kind === "tap_exchange") return `exchange ${String(raw.method)}`;
  if (e.protocol === "mcp" && e.kind === "message" && e.direction === "in" && "result" in raw) return "frame result";
  return e.kind;
}

const headers = (session?: string): Record<string, string> => ({
  authorization: `Bearer ${tap.key}`,
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  ...(session ? { "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" } : {}),
});
const post = (body: unknown, session?: string) => fetch(tap.url, { method: "POST", headers: headers(session), body: JSON.stringify(body) });

describe("a tapped tools/call", () => {
  it("answers its client before the finished call and the exchange are written, and writes both", async () => {
    const init = await post({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "answer-first", version: "0" } },
    });
    const session = init.headers.get("mcp-session-id")!;
    await init.text();
    expect((await post({ jsonrpc: "2.0", method: "notifications/initialized" }, session)).status).toBe(202);
    log.length = 0;
    const res = await post(
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "echo", arguments: { message: "first" } } },
      session,
    );
    expect(await res.text()).toContain("Echo: first");
    await until(() => log.includes("exchange tools/call"));
    const at = (what: string) => log.indexOf(what);
    // The upstream's result frame is on record before the answer; the finished call and the
    // exchange after it (before this change: frame, call, exchange, then the answer).
    expect(at("frame result")).toBeGreaterThanOrEqual(0);
    expect(at("frame result")).toBeLessThan(at("answer"));
    expect(at("answer")).toBeLessThan(at("call ok"));
    expect(at("call ok")).toBeLessThan(at("exchange tools/call"));
    // The call row reads back finished, with its result.
    const [row] = getRegistry().listCalls(connectionId, { tool: "echo" });
    expect(row).toMatchObject({ status: "ok", tool: "echo" });
    expect(JSON.stringify(row?.result)).toContain("Echo: first");
  });
});
