import { describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import { pairTraffic, type RequestRow, type TrafficRow } from "./pairing";
import { entry, wireEntries } from "./test-fixtures";

const requests = (rows: TrafficRow[]) => rows.filter((r): r is RequestRow => r.type === "request");
const find = (rows: TrafficRow[], direction: string, id: number) => requests(rows).find((r) => r.direction === direction && r.id === id);

describe("pairTraffic on the server-everything captures", () => {
  it.each([
    ["stdio", 51, 22],
    ["http", 46, 17],
    ["sse", 51, 22],
  ] as const)("pairs every %s request with its response", (transport, rowCount, notifications) => {
    const rows = pairTraffic(wireEntries(transport));
    expect(rows).toHaveLength(rowCount);
    const reqs = requests(rows);
    expect(reqs).toHaveLength(29);
    expect(reqs.filter((r) => r.response)).toHaveLength(28);
    expect(rows.filter((r) => r.type === "entry" && r.state === "info")).toHaveLength(notifications);
    expect(rows.filter((r) => r.state === "unmatched" || r.state === "unrecognized")).toHaveLength(0);
    // Rows come in seq order of their first entry.
    expect(rows.map((r) => r.seq)).toEqual([...rows.map((r) => r.seq)].sort((a, b) => a - b));
  });

  it("computes latencies from the capture timestamps, in both directions", () => {
    const rows = pairTraffic(wireEntries("stdio"));
    expect(find(rows, "out", 0)).toMatchObject({ method: "initialize", state: "ok" });
    expect(find(rows, "out", 0)?.latencyMs).toBeCloseTo(262.3, 6);
    expect(find(rows, "out", 5)?.latencyMs).toBeCloseTo(2.6, 6);
    expect(find(rows, "out", 8)?.latencyMs).toBeCloseTo(2005.4, 6);
    // Server → Loupe requests reuse ids 0–2 but pair with Loupe's "out" responses.
    expect(find(rows, "in", 0)).toMatchObject({ method: "roots/list", state: "ok" });
    expect(find(rows, "in", 0)?.latencyMs).toBeCloseTo(0.9, 6);
    expect(find(rows, "in", 1)).toMatchObject({ method: "sampling/createMessage", state: "ok" });
    expect(find(rows, "in", 1)?.latencyMs).toBeCloseTo(3.7, 6);
    expect(find(rows, "in", 2)?.response?.raw).toMatchObject({ result: { action: "accept" } });
    expect(find(rows, "in", 1)?.response?.seq).toBe(36);
  });

  it("lists the tools/call pairs and marks the cancelled long-running call", () => {
    const calls = requests(pairTraffic(wireEntries("http"))).filter((r) => r.method === "tools/call");
    expect(calls.map((r) => [r.id, (r.requestItem.params as { name: string }).name, r.state, r.progressCount])).toEqual([
      [5, "echo", "ok", 0],
      [6, "get-sum", "ok", 0],
      [7, "get-structured-content", "ok", 0],
      [8, "trigger-long-running-operation", "ok", 4],
      [9, "trigger-long-running-operation", "cancelled", 5],
      [10, "trigger-sampling-request", "ok", 0],
      [11, "trigger-elicitation-request", "ok", 0],
      [12, "get-roots-list", "ok", 0],
      [13, "get-tiny-image", "ok", 0],
      [14, "get-resource-links", "ok", 0],
      [18, "toggle-simulated-logging", "ok", 0],
      [20, "toggle-subscriber-updates", "ok", 0],
      [24, "toggle-simulated-logging", "ok", 0],
      [25, "toggle-subscriber-updates", "ok", 0],
    ]);
    const cancelled = calls.find((r) => r.id === 9);
    expect(cancelled?.cancelledAt).toBe(2868);
    expect(cancelled?.response).toBeUndefined();
    expect(cancelled?.progressToken).toBe(9);
    expect(calls.find((r) => r.id === 14)?.latencyMs).toBeCloseTo(21.7, 6);
  });
});

describe("pairTraffic on crafted traffic", () => {
  const req = (seq: number, id: unknown, method = "tools/list", direction: Entry["direction"] = "out") =>
    entry({ seq, direction, raw: { jsonrpc: "2.0", id, method } });
  const res = (seq: number, id: unknown, extra: object = { result: {} }) =>
    entry({ seq, direction: "in", raw: { jsonrpc: "2.0", id, ...extra } });

  it("keeps a response with no matching request as an unmatched row", () => {
    const rows = pairTraffic([req(1, 1), res(2, 1), res(3, 1), res(4, "1")]);
    expect(rows.map((r) => [r.seq, r.type, r.state])).toEqual([
      [1, "request", "ok"],
      [3, "entry", "unmatched"],
      [4, "entry", "unmatched"],
    ]);
    expect(rows[1]).toMatchObject({ id: 1 });
  });

  it("answers duplicate outstanding ids first-in first-out and flags them", () => {
    const rows = requests(
      pairTraffic([req(1, 7, "a"), req(2, 7, "b"), res(3, 7), res(4, 7, { error: { code: -32601, message: "nope" } })]),
    );
    expect(rows.map((r) => [r.method, r.state, r.response?.seq, r.duplicateId])).toEqual([
      ["a", "ok", 3, true],
      ["b", "error", 4, true],
    ]);
    expect(rows[1]?.responseItem?.error).toEqual({ code: -32601, message: "nope" });
    expect(rows[1]?.latencyMs).toBe(20);
  });

  it("takes a request that reuses the id of a cancelled one as a new request, answered in its own right", () => {
    // The server asks (id 5), cancels, asks again with id 5; Loupe answers the second.
    const cancel = (seq: number, requestId: number) =>
      entry({ seq, raw: { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId } } });
    const answer = (seq: number, id: number) => entry({ seq, direction: "out", raw: { jsonrpc: "2.0", id, result: { action: "accept" } } });
    const rows = requests(
      pairTraffic([req(1, 5, "elicitation/create", "in"), cancel(2, 5), req(3, 5, "elicitation/create", "in"), answer(4, 5)]),
    );
    expect(rows.map((r) => [r.seq, r.state, r.response?.seq, r.duplicateId])).toEqual([
      [1, "cancelled", undefined, false],
      [3, "ok", 4, false],
    ]);
  });

  it("leaves an answer that came after its request was cancelled unmatched, as the call record does", () => {
    // Loupe's call (id 2) timed out and was cancelled; the server's answer came after that.
    const cancel = entry({
      seq: 2,
      direction: "out",
      raw: { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 2 } },
    });
    const rows = pairTraffic([req(1, 2, "tools/call"), cancel, res(3, 2)]);
    expect(rows.map((r) => [r.seq, r.type, r.state, r.type === "request" ? r.response?.seq : r.id])).toEqual([
      [1, "request", "cancelled", undefined],
      [2, "entry", "info", undefined],
      [3, "entry", "unmatched", 2],
    ]);
  });

  it("keeps malformed frames as unrecognized rows and an error response's id null as unmatched", () => {
    const rows = pairTraffic([
      entry({ seq: 1, raw: "garbage" }),
      res(2, null, { error: { code: -32700, message: "Parse error" } }),
      entry({ seq: 3, kind: "transport_error", raw: { message: "socket hang up" } }),
    ]);
    expect(rows.map((r) => r.state)).toEqual(["unrecognized", "unmatched", "error"]);
  });

  it("does not pair a reused id across a reconnect", () => {
    const status = (seq: number, s: string) =>
      entry({ seq, protocol: "loupe", kind: "status", direction: "local", raw: { status: s, stderrTail: [], toolsVersion: 0 } });
    const rows = requests(pairTraffic([req(1, 3), status(2, "disconnected"), status(3, "connected"), req(4, 3), res(5, 3)]));
    expect(rows.map((r) => [r.seq, r.state, r.response?.seq])).toEqual([
      [1, "unanswered", undefined],
      [4, "ok", 5],
    ]);
  });

  it("keeps connections apart and sorts unsorted input by seq", () => {
    const rows = pairTraffic([{ ...res(4, 1), connectionId: "b" }, { ...req(2, 1), connectionId: "b" }, req(1, 1), res(3, 1)]);
    expect(rows.map((r) => [r.seq, r.connectionId, r.state, r.type === "request" ? r.response?.seq : null])).toEqual([
      [1, "c1", "ok", 3],
      [2, "b", "ok", 4],
    ]);
  });

  it("pairs 50,000 entries quickly", () => {
    const entries: Entry[] = [];
    for (let i = 0; i < 25_000; i++) {
      entries.push(req(2 * i + 1, i, "tools/call"));
      entries.push(res(2 * i + 2, i));
    }
    // CPU time, not wall time: the machine is shared. A quadratic pass would take minutes here.
    const started = process.cpuUsage();
    const rows = pairTraffic(entries);
    const used = process.cpuUsage(started);
    expect(rows).toHaveLength(25_000);
    expect(rows.every((r) => r.state === "ok")).toBe(true);
    expect((used.user + used.system) / 1000).toBeLessThan(1500);
  });
});
