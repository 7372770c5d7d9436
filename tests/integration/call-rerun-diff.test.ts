import { afterAll, describe, expect, it } from "vitest";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionView } from "@/lib/contracts/connections";
import { getRegistry } from "@/lib/server/mcp/registry";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import { diffCalls } from "@/lib/diff/mcp-result-diff";
import { formatPath } from "@/lib/diff/json-diff";
import * as connections from "@/app/api/connections/route";
import * as toolsCall from "@/app/api/connections/[id]/tools/call/route";
import * as oneCall from "@/app/api/connections/[id]/calls/[callId]/route";

// Issue 12, "Re-run and diff": a recorded call is fetched, re-run through the normal call route with
// edited arguments, and the two calls diffed — against the real server-everything over stdio.
const data = tempDir("loupe-rerun-diff-");
process.env.LOUPE_DATA_DIR = data.dir;

const base = "http://127.0.0.1:3000";
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const post = (url: string, body: unknown) =>
  new Request(base + url, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });

afterAll(async () => {
  await getRegistry().closeAll();
  data.cleanup();
});

describe("re-run a recorded call with edited arguments and diff (real server-everything)", () => {
  let id = "";

  async function call(name: string, args: Record<string, unknown>): Promise<CallRecord> {
    const res = await toolsCall.POST(post(`/api/connections/${id}/tools/call`, { name, arguments: args }), ctx({ id }));
    expect(res.status).toBe(200);
    return (await res.json()) as CallRecord;
  }

  /** The call as recorded (what a history row, traffic row or playground card re-runs from). */
  async function recorded(callId: string): Promise<CallRecord> {
    const res = await oneCall.GET(new Request(`${base}/api/connections/${id}/calls/${callId}`), ctx({ id, callId }));
    expect(res.status).toBe(200);
    return (await res.json()) as CallRecord;
  }

  async function rerun(original: CallRecord, edit: Record<string, unknown>): Promise<[CallRecord, CallRecord]> {
    const before = await recorded(original.id);
    const after = await call(before.tool, { ...before.args, ...edit });
    return [before, await recorded(after.id)];
  }

  it("connects and lists the tools these cases use", async () => {
    const res = await connections.POST(post("/api/connections", stdioInput("everything", [EVERYTHING, "stdio"])));
    expect(res.status).toBe(201);
    id = ((await res.json()) as ConnectionView).id;
    const names = (await getRegistry().listTools(id)).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["echo", "get-sum", "get-structured-content", "get-resource-reference"]));
  });

  it("echo: the argument and the one text block changed, nothing else", async () => {
    const [before, after] = await rerun(await call("echo", { message: "hello" }), { message: "hello again" });
    expect(after.id).not.toBe(before.id);
    const d = diffCalls(before, after);
    expect(d.equal).toBe(false);
    expect(d.arguments.changes).toEqual([{ path: ["message"], kind: "changed", before: "hello", after: "hello again" }]);
    expect(d.blocks).toHaveLength(1);
    expect(d.blocks[0]?.kind).toBe("changed");
    expect(d.blocks[0]?.fields).toEqual([]);
    expect(d.blocks[0]?.text?.ops).toEqual([
      { kind: "removed", text: "Echo: hello" },
      { kind: "added", text: "Echo: hello again" },
    ]);
    expect(d.isError.flipped).toBe(false);
    expect(d.structuredContent).toBeNull();
    expect(d.meta.equal && d.error.equal && d.other.equal).toBe(true);
    expect(d.latency.beforeMs).not.toBeNull();
    expect(d.latency.afterMs).not.toBeNull();
  });

  it("get-sum: re-run with the same arguments is equal; with b edited only b and the text differ", async () => {
    const first = await call("get-sum", { a: 2, b: 3 });
    const [same1, same2] = await rerun(first, {});
    expect(diffCalls(same1, same2).equal).toBe(true);
    const d = diffCalls(...(await rerun(first, { b: 40 })));
    expect(d.arguments.changes.map((c) => formatPath(c.path))).toEqual(["$.b"]);
    expect(d.blocks.map((b) => b.kind)).toEqual(["changed"]);
    expect(d.blocks[0]?.text?.ops).toEqual([
      { kind: "removed", text: "The sum of 2 and 3 is 5." },
      { kind: "added", text: "The sum of 2 and 40 is 42." },
    ]);
  });

  it("get-structured-content: exactly the changed weather fields, by path", async () => {
    const d = diffCalls(...(await rerun(await call("get-structured-content", { location: "New York" }), { location: "Chicago" })));
    expect(d.arguments.changes).toEqual([{ path: ["location"], kind: "changed", before: "New York", after: "Chicago" }]);
    // New York 33 / Cloudy / 82 → Chicago 36 / Light rain / 82: humidity is the same and not listed.
    expect(d.structuredContent?.changes.map((c) => [formatPath(c.path), c.before, c.after])).toEqual([
      ["$.temperature", 33, 36],
      ["$.conditions", "Cloudy", "Light rain / drizzle"],
    ]);
    expect(d.structuredPresence).toEqual({ before: true, after: true });
  });

  it("get-resource-reference: an edit that makes the tool fail flips isError", async () => {
    const d = diffCalls(
      ...(await rerun(await call("get-resource-reference", { resourceType: "Text", resourceId: 2 }), { resourceId: -1 })),
    );
    expect(d.isError).toEqual({ before: false, after: true, flipped: true });
    expect(d.status).toEqual({ before: "ok", after: "tool_error" });
    // The embedded resource block of the success is gone from the error.
    expect(d.blocks.some((b) => b.kind === "removed" || (b.kind === "changed" && b.before !== b.after))).toBe(true);
  });
});
