import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CallRecord } from "@/lib/contracts/calls";
import type { Entry } from "@/lib/contracts/entries";
import { pairTraffic } from "@/lib/protocols/mcp/pairing";
import type { RequestRow } from "@/lib/protocols/mcp/pairing";
import { getClientRequests } from "@/lib/server/mcp/requests";
import type { Registry } from "@/lib/server/mcp/registry";
import { stdioInput, tempDir } from "@/tests/support/servers";
import { connectStdioForFile } from "@/tests/support/stdio-registry";

// Framing and ids as real stdio servers send them, through one server written at the JSON-RPC level.
const SERVER = path.resolve(import.meta.dirname, "../fixtures/framing-ids-server.mjs");
const data = tempDir("loupe-framing-ids-");
let registry: Registry;
let id = "";

function traffic(connectionId = id): Entry[] {
  return registry.traffic(connectionId, { limit: 10_000 });
}

function text(record: CallRecord): string {
  const content = (record.result as { content?: { text?: string }[] } | undefined)?.content ?? [];
  return content.map((c) => c.text ?? "").join("\n");
}

async function until<T>(find: () => T | undefined, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

connectStdioForFile("framing-ids", [SERVER], data, (r, connected) => {
  registry = r;
  id = connected;
});

describe("a server that reuses the id of a request it cancelled", () => {
  it("gets its new elicitation shown and answered; the cancelled one stays cancelled", async () => {
    const call = registry.callTool(id, { name: "reuse_id", arguments: { rid: 5 } });
    const mine = () => getClientRequests().list({ connectionId: id });
    const second = await until(() => mine().find((r) => r.params.message === "second question"));
    const first = mine().find((r) => r.params.message === "first question");
    expect(first).toMatchObject({ jsonrpcId: 5, status: "stale", staleCause: "server_cancelled" });
    expect(first?.reason).toMatch(/changed my mind/);
    expect(second).toMatchObject({ jsonrpcId: 5, status: "pending" });

    await getClientRequests().answer(id, second.id, { action: "accept", content: { word: "hi" } });
    const record = await call;
    expect(record.status).toBe("ok");
    expect(text(record)).toBe('second answered: {"action":"accept","content":{"word":"hi"}}');

    // On the wire: one answer to id 5, the user's, and Traffic pairs it with the second request.
    const answers = traffic().filter((e) => e.direction === "out" && (e.raw as { id?: unknown }).id === 5);
    expect(answers.map((e) => e.raw)).toEqual([{ jsonrpc: "2.0", id: 5, result: { action: "accept", content: { word: "hi" } } }]);
    const asked = pairTraffic(traffic()).filter((r): r is RequestRow => r.type === "request" && r.method === "elicitation/create");
    expect(asked.map((r) => [r.state, r.duplicateId])).toEqual([
      ["cancelled", false],
      ["ok", false],
    ]);
  });

  it("answers a roots/list that takes the id of one it cancelled after its answer", async () => {
    const record = await registry.callTool(id, { name: "reuse_id", arguments: { rid: 7, ask: "roots" }, timeoutMs: 3_000 });
    expect(record.status).toBe("ok");
    expect(text(record)).toMatch(/^second answered: \{"roots":/);
  });
});

describe("an answer whose id names no request Loupe sent", () => {
  it("is an unmatched frame in Traffic, and the call says in words that no answer came", async () => {
    for (const args of [{ stringId: true }, { as: 999 }]) {
      const record = await registry.callTool(id, { name: "answer_as", arguments: args, timeoutMs: 1_500 });
      // The call's own id as a string ("3" for 3) is another id: the call was not answered.
      expect(record.status).toBe("timeout");
      expect(record.error?.message).toBe("No response from the server within 1500 ms");
      const rows = pairTraffic(traffic());
      const request = rows.find((r): r is RequestRow => r.type === "request" && r.direction === "out" && r.id === record.requestId);
      expect(request?.response).toBeUndefined();
      const stray = rows.filter((r) => r.type === "entry" && r.state === "unmatched").at(-1);
      expect(stray?.id).toBe(args.stringId ? String(record.requestId) : 999);
      expect(stray?.type === "entry" && stray.entry.raw).toMatchObject({
        result: { content: [{ text: "an answer for a request nobody sent" }] },
      });
    }
    // The connection goes on.
    expect(text(await registry.callTool(id, { name: "echo", arguments: { text: "still here" } }))).toBe("still here");
  });
});

describe("a server that exits halfway through a line", () => {
  it("keeps the half line in Traffic, then reports the exit", async () => {
    const view = await registry.create(stdioInput("framing-ids-cut", [SERVER]));
    const record = await registry.callTool(view.id, { name: "cut_line_exit", arguments: {} });
    expect(record.status).toBe("failed");
    expect(record.error?.message).toMatch(/exited with code 0 during the call/);

    const entries = await until(() => {
      const all = traffic(view.id);
      return all.some((e) => e.kind === "status" && (e.raw as { status?: string }).status === "error") ? all : undefined;
    });
    const cut = entries.find((e) => e.kind === "unparsed");
    expect(cut?.raw).toMatchObject({ text: '{"jsonrpc":"2.0",', bytes: 17 });
    expect((cut?.raw as { error?: string }).error).toMatch(/output ended before the end of this line/);
    const exit = entries.find((e) => e.kind === "status" && (e.raw as { status?: string }).status === "error");
    expect(exit?.raw).toMatchObject({ error: { step: "closed", message: "The server process exited with code 0" } });
    expect(cut!.seq).toBeLessThan(exit!.seq);
  });
});
