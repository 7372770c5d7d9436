import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TapSecret } from "@/lib/contracts/taps";
import type { NewEntry } from "@/lib/server/store";
import { isRecord } from "@/lib/values";
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

beforeAll(async () => {
  host = await startTapHost(PORT);
  const view = await getRegistry().create(stdioInput("answer first", [EVERYTHING, "stdio"]));
  connectionId = view.id;
  tap = getTaps().tapConnection(view.id, {});
}, 60_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await closeAllTapHosts();
  await host?.close();
  await getRegistry().closeAll();
  data.cleanup();
});

function label(e: NewEntry): string {
  const raw = isRecord(e.raw) ? e.raw : {};
  if (e.kind === "call") return `call ${String(raw.status)}`;
  if (e.kind === "tap_exchange") return `exchange ${String(raw.method)}`;
  if (e.protocol === "mcp" && e.kind === "message" && e.direction === "in" && "result" in raw) return "frame result";
  return e.kind;
}

/**
 * What happened, in call order (vitest's invocationCallOrder is one counter over every spy): each
 * entry the hub recorded, and each tap answer handed to the socket (`res.end` of a POST to /mcp/).
 */
function happened(ends: ReturnType<typeof spyEnds>, records: ReturnType<typeof spyRecords>): string[] {
  const order: [number, string][] = [];
  ends.mock.contexts.forEach((res, i) => {
    if (res instanceof http.ServerResponse && res.req?.url?.startsWith("/mcp/") && res.req.method === "POST")
      order.push([ends.mock.invocationCallOrder[i] ?? 0, "answer"]);
  });
  records.mock.calls.forEach(([written], i) => {
    for (const r of written) order.push([records.mock.invocationCallOrder[i] ?? 0, label(r.entry)]);
  });
  return order.sort((a, b) => a[0] - b[0]).map(([, what]) => what);
}
const spyEnds = () => vi.spyOn(http.ServerResponse.prototype, "end");
const spyRecords = () => vi.spyOn(getHub(), "recordAll");

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
    const session = init.headers.get("mcp-session-id") ?? "";
    await init.text();
    expect((await post({ jsonrpc: "2.0", method: "notifications/initialized" }, session)).status).toBe(202);
    const ends = spyEnds();
    const records = spyRecords();
    const res = await post(
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "echo", arguments: { message: "first" } } },
      session,
    );
    expect(await res.text()).toContain("Echo: first");
    await until(() => happened(ends, records).includes("exchange tools/call"));
    const log = happened(ends, records);
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
