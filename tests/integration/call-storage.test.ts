import { afterAll, describe, expect, it } from "vitest";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionView } from "@/lib/contracts/connections";
import { demoServerLaunch } from "@/demo/mcp/launch";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getStore } from "@/lib/server/store";
import { pruneTraffic } from "@/lib/server/retention";
import { stdioInput, tempDir } from "@/tests/support/servers";
import * as connections from "@/app/api/connections/route";
import * as toolsCall from "@/app/api/connections/[id]/tools/call/route";
import * as calls from "@/app/api/connections/[id]/calls/route";
import * as oneCall from "@/app/api/connections/[id]/calls/[callId]/route";

// The singletons read LOUPE_DATA_DIR lazily, on the first handler call below.
const data = tempDir("loupe-call-storage-");
process.env.LOUPE_DATA_DIR = data.dir;

const base = "http://127.0.0.1:3000";
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const post = (url: string, body: unknown) =>
  new Request(base + url, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });

afterAll(async () => {
  await getRegistry().closeAll();
  data.cleanup();
});

type TextResult = { content: { type: string; text: string }[] };

/** Rows of the store (entries and call rows) whose JSON text contains the string `text`. */
function rowsHolding(text: string): number {
  const db = getStore().db;
  const needle = JSON.stringify(text).slice(1, -1);
  const like = `%${needle}%`;
  const entries = (db.prepare("SELECT COUNT(*) AS n FROM entries WHERE instr(raw, ?) > 0").get(needle) as { n: number }).n;
  const callRows = (db.prepare("SELECT COUNT(*) AS n FROM calls WHERE record LIKE ?").get(like) as { n: number }).n;
  return entries + callRows;
}

describe("a tool result in the store (real demo server over stdio)", () => {
  let id = "";

  async function callReport(megabytes: number, callId: string): Promise<CallRecord> {
    const res = await toolsCall.POST(
      post(`/api/connections/${id}/tools/call`, { callId, name: "download-report", arguments: { megabytes } }),
      ctx({ id }),
    );
    expect(res.status).toBe(200);
    return (await res.json()) as CallRecord;
  }

  it("connects", async () => {
    const launch = demoServerLaunch();
    const res = await connections.POST(
      post("/api/connections", stdioInput("demo", launch.args, { command: launch.command, env: launch.env })),
    );
    expect(res.status).toBe(201);
    id = ((await res.json()) as ConnectionView).id;
  });

  it("stores a large result once (its response frame), and GET of the call still returns it whole, even after retention", async () => {
    const answered = await callReport(0.25, "big-1");
    expect(answered.status).toBe("ok");
    const text = (answered.result as TextResult).content[0]!.text;
    expect(text.length).toBe(0.25 * 1024 * 1024);
    // The report's rows are numbered: its tail is unique to a report of this size.
    expect(rowsHolding(text.slice(-300))).toBe(1);

    const one = (await (
      await oneCall.GET(new Request(`${base}/api/connections/${id}/calls/big-1`), ctx({ id, callId: "big-1" }))
    ).json()) as CallRecord;
    expect(one.result).toEqual(answered.result);
    expect(one.resultOmitted).toBeUndefined();
    expect(one).not.toHaveProperty("resultRef");
    const list = (await (await calls.GET(new Request(`${base}/api/connections/${id}/calls`), ctx({ id }))).json()) as CallRecord[];
    expect(list.find((c) => c.id === "big-1")).toMatchObject({ status: "ok", resultOmitted: true });
    expect(list.find((c) => c.id === "big-1")).not.toHaveProperty("result");

    // Retention by age up to the call keeps it whole: the frame the call row points at stays.
    pruneTraffic(getStore(), { maxAgeDays: 1, maxMb: null }, undefined, answered.startedAt + 24 * 3600 * 1000);
    const after = (await (
      await oneCall.GET(new Request(`${base}/api/connections/${id}/calls/big-1`), ctx({ id, callId: "big-1" }))
    ).json()) as CallRecord;
    expect(after.result).toEqual(answered.result);
  });

  it("stores a small result once too, and the call list still carries it", async () => {
    const db = getStore().db;
    const before = (db.prepare("SELECT MAX(seq) AS m FROM entries").get() as { m: number }).m;
    const answered = await callReport(1 / 1024, "small-1");
    expect(answered.status).toBe("ok");
    // Its text is in the response frame only (was 3 rows: the frame, the call's entry and its row).
    const needle = JSON.stringify((answered.result as TextResult).content[0]!.text).slice(1, -1);
    const entries = (
      db.prepare("SELECT COUNT(*) AS n FROM entries WHERE seq > ? AND instr(raw, ?) > 0").get(before, needle) as { n: number }
    ).n;
    const row = (db.prepare("SELECT COUNT(*) AS n FROM calls WHERE id = 'small-1' AND instr(record, ?) > 0").get(needle) as { n: number })
      .n;
    expect({ entries, row }).toEqual({ entries: 1, row: 0 });
    const entry = getRegistry()
      .traffic(id, { limit: 100 })
      .findLast((e) => e.kind === "call" && (e.raw as CallRecord).id === "small-1");
    // The finished call's entry leaves its arguments out too (issue 22: the running entry, the
    // request frame and the call row hold them); the list and the one call still have them.
    expect(entry?.raw).toMatchObject({ status: "ok", resultOmitted: true, argsOmitted: true, args: {} });
    const one = (await (
      await oneCall.GET(new Request(`${base}/api/connections/${id}/calls/small-1`), ctx({ id, callId: "small-1" }))
    ).json()) as CallRecord;
    expect(one.result).toEqual(answered.result);
    const list = (await (await calls.GET(new Request(`${base}/api/connections/${id}/calls`), ctx({ id }))).json()) as CallRecord[];
    expect(list.find((c) => c.id === "small-1")?.result).toEqual(answered.result);
    expect(list.find((c) => c.id === "small-1")?.args).toEqual({ megabytes: 1 / 1024 });
    expect(one.args).toEqual({ megabytes: 1 / 1024 });
  });
});
