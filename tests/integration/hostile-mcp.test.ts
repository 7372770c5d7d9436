import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import { pairTraffic } from "@/lib/protocols/mcp/pairing";
import type { Registry } from "@/lib/server/mcp/registry";
import { STDIO_MAX_MESSAGE_BYTES, GARBAGE_LINE_CAP_BYTES } from "@/lib/server/mcp/stdio-framing";
import { tempDir } from "@/tests/support/servers";
import { connectStdioForFile } from "@/tests/support/stdio-registry";
import { callStore } from "@/lib/server/mcp/call-store";

// §3 of issue 9: hostile input never hides good input. One real stdio server sends every case.
const HOSTILE = path.resolve(import.meta.dirname, "../fixtures/hostile-mcp-server.mjs");
const data = tempDir("loupe-hostile-");
let registry: Registry;
let id = "";

type Listed = {
  name: string;
  inputSchema: unknown;
  loupe?: { key: string; warnings: string[]; rawInputSchema?: unknown; duplicate?: { index: number; of: number } };
};

async function tools(): Promise<Listed[]> {
  return (await registry.listTools(id)).tools;
}

/** As lists and the stream carry them: raws over 64 KB previewed. */
function traffic(): Entry[] {
  return registry.traffic(id, { limit: 10_000 });
}

/** Whole, as GET /api/entries/:seq returns them. */
function whole(kind: string): Entry[] {
  return traffic()
    .filter((e) => e.kind === kind)
    .map((e) => registry.hub.get(e.seq)!);
}

connectStdioForFile("hostile", [HOSTILE], data, (r, connected) => {
  registry = r;
  id = connected;
});

describe("a hostile MCP server over stdio", () => {
  it("lists every tool when some schemas are broken; the broken ones carry a warning and their raw schema", async () => {
    const listed = await tools();
    expect(listed.map((t) => t.name)).toEqual([
      "echo",
      "schema_not_object",
      "schema_bool_props",
      "recursive",
      "big_default",
      "huge_result",
      "mixed_content",
      "dup",
      "dup",
      "garbage",
      "progress_forever",
      "strict",
      "echo_size",
    ]);
    const notObject = listed.find((t) => t.name === "schema_not_object")!;
    expect(notObject.loupe?.warnings.join(" ")).toMatch(/inputSchema/);
    expect(notObject.loupe?.rawInputSchema).toBe("this is not a schema");
    // The form gets an empty object schema to work with; the raw one stays visible.
    expect(notObject.inputSchema).toEqual({ type: "object" });
    const boolProps = listed.find((t) => t.name === "schema_bool_props")!;
    expect(boolProps.loupe?.warnings.join(" ")).toMatch(/anything/);
    expect((boolProps.inputSchema as { properties: Record<string, unknown> }).properties.anything).toBe(true);
    expect(listed.find((t) => t.name === "echo")!.loupe).toBeUndefined();
    const ok = await registry.callTool(id, { name: "echo", arguments: { text: "still works" } });
    expect(ok.status).toBe("ok");
    expect(JSON.stringify(ok.result)).toContain("still works");
    const bool = await registry.callTool(id, { name: "schema_bool_props", arguments: { anything: [1] } });
    expect(bool.status).toBe("ok");
  });

  it("lists both tools of a duplicated name, each with its own schema and key, and calls by name", async () => {
    const dups = (await tools()).filter((t) => t.name === "dup");
    expect(dups).toHaveLength(2);
    expect(dups.map((t) => t.loupe?.key)).toEqual(["dup", "dup (2)"]);
    expect(dups.map((t) => t.loupe?.duplicate)).toEqual([
      { index: 1, of: 2 },
      { index: 2, of: 2 },
    ]);
    expect(Object.keys((dups[1]!.inputSchema as { properties: object }).properties)).toEqual(["b"]);
    const record = await registry.callTool(id, { name: "dup", arguments: { b: 2 } });
    expect(record.status).toBe("ok");
    const sent = traffic().filter(
      (e) => e.kind === "message" && (e.raw as { id?: unknown }).id === record.requestId && e.direction === "out",
    );
    expect((sent[0]?.raw as { params: { name: string } }).params.name).toBe("dup");
  });

  it("runs a tool whose schema refers to its own root ($ref: #)", async () => {
    const args = { name: "root", children: [{ name: "leaf", children: [] }] };
    const record = await registry.callTool(id, { name: "recursive", arguments: args });
    expect(record.status).toBe("ok");
  });

  it("keeps the valid content items of a result with an unknown type and bad base64", async () => {
    const record = await registry.callTool(id, { name: "mixed_content", arguments: {} });
    expect(record.status).toBe("ok");
    const content = (record.result as { content: { type: string }[] }).content;
    expect(content.map((c) => c.type)).toEqual(["text", "hologram", "image", "text"]);
  });

  it("reads a 12 MB stdio message (over the SDK's 10 MiB default) and stays connected", async () => {
    const record = await registry.callTool(id, { name: "huge_result", arguments: { mb: 12 } });
    expect(record.status).toBe("ok");
    expect(registry.view(id).state.status).toBe("connected");
  });

  it("says in words when a message exceeds Loupe's limit, fails only that call and stays connected", async () => {
    const mb = STDIO_MAX_MESSAGE_BYTES / 1024 / 1024 + 1;
    const record = await registry.callTool(id, { name: "huge_result", arguments: { mb } });
    expect(record.status).toBe("failed");
    expect(record.error?.code).toBe("upstream:message_too_large");
    expect(record.error?.message).toMatch(
      /^A message of 6\d\.\d MB from the server exceeded Loupe's limit of 64 MiB for one stdio message; it was dropped$/,
    );
    const note = traffic()
      .filter((e) => e.kind === "transport_error")
      .map((e) => (e.raw as { message: string }).message);
    expect(note.join("\n")).toMatch(/exceeded Loupe's limit of 64 MiB/);
    expect(registry.view(id).state.status).toBe("connected");
    const after = await registry.callTool(id, { name: "echo", arguments: { text: "after" } });
    expect(after.status).toBe("ok");
  }, 60_000);

  it("keeps garbage stdout lines whole as unparsed entries and still answers the call", async () => {
    const record = await registry.callTool(id, { name: "garbage", arguments: { kb: 200 } });
    expect(record.status).toBe("ok");
    const unparsed = whole("unparsed").map((e) => e.raw as { text: string; error: string; bytes: number });
    expect(unparsed.map((u) => u.text.slice(0, 20))).toEqual(["this is not JSON {{{", "g".repeat(20), '{"hello":"valid JSON']);
    expect(unparsed[1]!.text).toHaveLength(200 * 1024);
    expect(unparsed[1]!.bytes).toBe(200 * 1024);
    expect(unparsed[2]!.error).toMatch(/JSON-RPC/);
    expect(GARBAGE_LINE_CAP_BYTES).toBeGreaterThanOrEqual(1024 * 1024);
  });

  it("cuts a garbage line over the cap and says how long it was", async () => {
    const kb = GARBAGE_LINE_CAP_BYTES / 1024 + 100;
    const record = await registry.callTool(id, { name: "garbage", arguments: { kb } });
    expect(record.status).toBe("ok");
    const long = whole("unparsed")
      .map((e) => e.raw as { text: string; bytes: number; cut?: boolean })
      .find((u) => u.bytes === kb * 1024);
    expect(long?.cut).toBe(true);
    expect(long?.text).toHaveLength(GARBAGE_LINE_CAP_BYTES);
  });

  it("labels and pairs messages over 64 KB in traffic (the 200 KB tools/list and the 12 MB result)", async () => {
    const previewed = traffic();
    expect(previewed.some((e) => e.truncated)).toBe(true);
    const rows = pairTraffic(previewed);
    const list = rows.filter((r) => r.type === "request" && r.method === "tools/list");
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.type === "request" && r.state === "ok" && r.response?.truncated === true)).toBe(true);
    const big = rows.find((r) => r.type === "request" && r.method === "tools/call" && (r.response?.rawBytes ?? 0) > 12_000_000);
    expect(big?.state).toBe("ok");
    expect(rows.filter((r) => r.state === "unrecognized" && r.entry?.kind === "message")).toEqual([]);
  });

  it("keeps call entries of a call with 70 KB of arguments small, with argsOmitted; the stored call has them", async () => {
    const text = "t".repeat(70_000);
    const record = await registry.callTool(id, { name: "echo_size", arguments: { text } });
    expect(record.status).toBe("ok");
    const entries = traffic().filter((e) => e.kind === "call" && (e.raw as { id: string }).id === record.id);
    expect(entries).toHaveLength(2);
    for (const e of entries) {
      expect(e.truncated).toBeUndefined();
      expect(e.raw).toMatchObject({ argsOmitted: true, args: {}, requestId: record.requestId });
    }
    expect(callStore(registry.hub.store).get(record.id)?.args).toEqual({ text });
  });

  it("caps the total time of a call whose progress keeps resetting the timeout", async () => {
    const started = Date.now();
    const record = await registry.callTool(id, { name: "progress_forever", arguments: {}, timeoutMs: 400, maxTotalTimeoutMs: 1500 });
    const took = Date.now() - started;
    expect(record.status).toBe("timeout");
    expect(record.error?.message).toMatch(/1500 ms in total/);
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(5000);
    expect(record.maxTotalTimeoutMs).toBe(1500);
  });

  it("shows a JSON-RPC error message with its prefix once", async () => {
    const record = await registry.callTool(id, { name: "strict", arguments: { count: "three" } });
    expect(record.status).toBe("rpc_error");
    expect(record.error?.message).toBe("MCP error -32602: Invalid arguments for tool strict: count must be an integer");
  });
});
