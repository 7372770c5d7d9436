import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionView } from "@/lib/contracts/connections";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import { getRegistry } from "@/lib/server/mcp/registry";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import * as connections from "@/app/api/connections/route";
import * as connection from "@/app/api/connections/[id]/route";
import * as tools from "@/app/api/connections/[id]/tools/route";
import * as toolsCall from "@/app/api/connections/[id]/tools/call/route";
import * as calls from "@/app/api/connections/[id]/calls/route";
import * as cancel from "@/app/api/connections/[id]/calls/[callId]/cancel/route";
import * as oneCall from "@/app/api/connections/[id]/calls/[callId]/route";
import * as traffic from "@/app/api/connections/[id]/traffic/route";
import * as logging from "@/app/api/connections/[id]/logging/route";
import * as entries from "@/app/api/entries/[seq]/route";
import * as stream from "@/app/api/stream/route";
import { storesOnPostgres } from "@/tests/support/sqlite-only";

// The singletons read LOUPE_DATA_DIR lazily, on the first handler call below.
const data = tempDir("loupe-routes-");
process.env.LOUPE_DATA_DIR = data.dir;

const base = "http://127.0.0.1:3000";
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const post = (url: string, body: unknown) =>
  new Request(base + url, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });

afterAll(async () => {
  await getRegistry().closeAll();
  data.cleanup();
});

async function readEvents(res: Response, count: number): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while ((text.match(/\nevent: entry\n/g) ?? []).length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  reader.releaseLock();
  return text;
}

describe("API route handlers", () => {
  let id = "";

  it("lists nothing, rejects a bad body, creates and connects a stdio server", async () => {
    expect(await (await connections.GET()).json()).toEqual([]);
    const bad = await connections.POST(post("/api/connections", { name: "x", transport: "stdio" }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("bad_request:body");
    const res = await connections.POST(
      post("/api/connections", stdioInput("everything", [EVERYTHING, "stdio"], { env: { TOKEN: "hidden-123" } })),
    );
    expect(res.status).toBe(201);
    const view = (await res.json()) as ConnectionView;
    id = view.id;
    expect(view.state.status).toBe("connected");
    expect(view.transport === "stdio" && view.env).toEqual({ TOKEN: SECRET_MASK });
    // SQLite's file (on PostgreSQL, under LOUPE_TEST_DATABASE_URL, the listing below shows it stored).
    if (!storesOnPostgres) expect(existsSync(path.join(data.dir, "loupe.db"))).toBe(true);
    const listed = (await (await connections.GET()).json()) as ConnectionView[];
    expect(listed.map((c) => c.id)).toEqual([id]);
  });

  it("answers 404 for an unknown connection", async () => {
    const res = await connection.GET(new Request(base + "/api/connections/nope"), ctx({ id: "nope" }));
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("not_found:connection");
  });

  it("lists tools and calls get-sum", async () => {
    const listing = await (await tools.GET(new Request(base), ctx({ id }))).json();
    expect(listing.tools).toHaveLength(17);
    const res = await toolsCall.POST(post("/x", { name: "get-sum", arguments: { a: 2, b: 3 } }), ctx({ id }));
    expect(res.status).toBe(200);
    const record = (await res.json()) as CallRecord;
    expect(record.status).toBe("ok");
    expect(record.result).toEqual({ content: [{ type: "text", text: "The sum of 2 and 3 is 5." }] });
    const bad = await toolsCall.POST(post("/x", { arguments: {} }), ctx({ id }));
    expect(bad.status).toBe(400);
  });

  it("cancels a running call through the cancel route", async () => {
    const pending = toolsCall.POST(
      post("/x", { callId: "route-cancel", name: "trigger-long-running-operation", arguments: { duration: 10, steps: 10 } }),
      ctx({ id }),
    );
    const deadline = Date.now() + 10_000;
    for (;;) {
      const list = (await (
        await calls.GET(new Request(`${base}/x?tool=trigger-long-running-operation`), ctx({ id }))
      ).json()) as CallRecord[];
      if (list[0]?.id === "route-cancel" && list[0].requestId !== null) break;
      if (Date.now() > deadline) throw new Error("call did not start");
      await new Promise((r) => setTimeout(r, 25));
    }
    const res = await cancel.POST(post("/x", { reason: "stop" }), ctx({ id, callId: "route-cancel" }));
    expect(await res.json()).toEqual({ ok: true });
    const record = (await (await pending).json()) as CallRecord;
    expect(record.status).toBe("cancelled");
    const again = await cancel.POST(new Request(base, { method: "POST" }), ctx({ id, callId: "route-cancel" }));
    expect(again.status).toBe(404);
  });

  it("serves call history, traffic, whole entries and logging level", async () => {
    const history = (await (await calls.GET(new Request(`${base}/x?tool=get-sum`), ctx({ id }))).json()) as CallRecord[];
    expect(history.map((c) => c.status)).toEqual(["ok"]);
    const whole = (await (await oneCall.GET(new Request(base), ctx({ id, callId: history[0]!.id }))).json()) as CallRecord;
    expect(whole).toEqual(history[0]);
    expect((await oneCall.GET(new Request(base), ctx({ id, callId: "nope" }))).status).toBe(404);
    const page = (await (await traffic.GET(new Request(`${base}/x?limit=5`), ctx({ id }))).json()) as Entry[];
    expect(page).toHaveLength(5);
    expect(page.map((e) => e.seq)).toEqual([...page.map((e) => e.seq)].sort((a, b) => a - b));
    const one = (await (await entries.GET(new Request(base), ctx({ seq: String(page[0]!.seq) }))).json()) as Entry;
    expect(one).toEqual(page[0]);
    const missing = await entries.GET(new Request(base), ctx({ seq: "999999" }));
    expect(missing.status).toBe(404);
    const ok = await logging.POST(post("/x", { level: "debug" }), ctx({ id }));
    expect(await ok.json()).toEqual({ ok: true });
    expect(getRegistry().view(id).state.logLevel).toBe("debug");
    expect((await logging.POST(post("/x", { level: "loud" }), ctx({ id }))).status).toBe(400);
  });

  it("streams entries after Last-Event-ID with their seq as id", async () => {
    const abort = new AbortController();
    const req = new Request(`${base}/api/stream`, { headers: { "last-event-id": "3" }, signal: abort.signal });
    const res = await stream.GET(req);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const text = await readEvents(res, 3);
    expect(text.startsWith(":\n\n")).toBe(true);
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids.slice(0, 3)).toEqual([4, 5, 6]);
    const data = text.split("\n").find((l) => l.startsWith("data: "))!;
    expect((JSON.parse(data.slice(6)) as Entry).seq).toBe(4);
    abort.abort();
  });

  it("answers client mistakes with 4xx and the route's code: bad JSON, wrong shapes, bad params, a body over 8 MiB", async () => {
    const raw = (body: BodyInit) => new Request(base + "/api/connections", { method: "POST", body, duplex: "half" } as RequestInit);
    const code = async (res: Response) => ({ status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code });
    expect(await code(await connections.POST(raw("{nope")))).toEqual({ status: 400, code: "bad_request:json" });
    expect(await code(await connections.POST(raw("[1]")))).toEqual({ status: 400, code: "bad_request:body" });
    expect(await code(await traffic.GET(new Request(`${base}/x?limit=-1`), ctx({ id })))).toEqual({
      status: 400,
      code: "bad_request:query",
    });
    expect(await code(await entries.GET(new Request(base), ctx({ seq: "abc" })))).toEqual({ status: 400, code: "bad_request:params" });
    expect(await code(await stream.GET(new Request(`${base}/api/stream?since=x`)))).toEqual({ status: 400, code: "bad_request:query" });
    expect(await code(await stream.GET(new Request(`${base}/api/stream?runs=yes`)))).toEqual({ status: 400, code: "bad_request:query" });
    expect(await code(await cancel.POST(post("/x", {}), ctx({ id, callId: "nope" })))).toEqual({ status: 404, code: "not_found:call" });
    expect(await code(await tools.GET(new Request(base), ctx({ id: "nope" })))).toEqual({ status: 404, code: "not_found:connection" });
    // Streamed without a Content-Length: refused once 8 MiB have arrived, not read whole.
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    const endless = new ReadableStream<Uint8Array>(
      { pull: (c) => void ((sent += chunk.byteLength), c.enqueue(chunk)) },
      { highWaterMark: 0 },
    );
    expect(await code(await connections.POST(raw(endless)))).toEqual({ status: 413, code: "too_large:body" });
    expect(sent).toBeLessThan(16 * 1024 * 1024);
    expect((await (await connections.GET()).json()) as unknown[]).toHaveLength(1);
  });

  it("deletes a connection", async () => {
    const res = await connection.DELETE(new Request(base, { method: "DELETE" }), ctx({ id }));
    expect(res.status).toBe(204);
    expect((await connection.GET(new Request(base), ctx({ id }))).status).toBe(404);
  });
});
