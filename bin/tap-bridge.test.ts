import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error -- plain .mjs without types: the bin is dependency-free JavaScript
import * as bridge from "./tap-bridge.mjs";

type SseEvent = { id?: string; event: string; data: string };
const { createSseParser, describeHttpFailure, describeNetworkFailure, encodeHeaderValue, findTap, postHeaders } = bridge as {
  createSseParser: (on: (e: SseEvent) => void) => { push: (s: string) => void; lastEventId?: string };
  describeHttpFailure: (status: number, url: string, body: string) => string;
  describeNetworkFailure: (e: unknown, url: string) => string;
  encodeHeaderValue: (s: string) => string;
  findTap: (dir: string, wanted: string) => { id: string; name: string; url: string; key: string };
  postHeaders: (m: unknown, s: { key: string; sessionId?: string; protocolVersion?: string }) => Record<string, string>;
};

describe("SSE parsing", () => {
  it("joins data lines, keeps ids, skips comments, and survives chunks cut anywhere (CRLF split too)", () => {
    const wire = ':\r\n\r\nid: 7\r\nevent: message\r\ndata: {"a":\r\ndata: 1}\r\n\r\ndata: {"b":2}\n\nid: 9\ndata:x\r\r\n';
    for (const size of [1, 2, 3, 5, wire.length]) {
      const seen: SseEvent[] = [];
      const p = createSseParser((e) => seen.push(e));
      for (let i = 0; i < wire.length; i += size) p.push(wire.slice(i, i + size));
      expect(seen).toEqual([
        { id: "7", event: "message", data: '{"a":\n1}' },
        { id: undefined, event: "message", data: '{"b":2}' },
        { id: "9", event: "message", data: "x" },
      ]);
      expect(p.lastEventId).toBe("9");
    }
  });

  it("does not dispatch an event until its blank line arrives", () => {
    const seen: SseEvent[] = [];
    const p = createSseParser((e) => seen.push(e));
    p.push("data: half");
    p.push("\n");
    expect(seen).toEqual([]);
    p.push("\n");
    expect(seen.map((e) => e.data)).toEqual(["half"]);
  });
});

describe("POST headers", () => {
  it("a 2025-11-25 session sends its id and revision; the key is a bearer token", () => {
    const h = postHeaders({ jsonrpc: "2.0", id: 1, method: "tools/list" }, { key: "k1", sessionId: "s1", protocolVersion: "2025-11-25" });
    expect(h).toMatchObject({ authorization: "Bearer k1", "mcp-session-id": "s1", "mcp-protocol-version": "2025-11-25" });
    expect(h.accept).toBe("application/json, text/event-stream");
    expect(h["mcp-method"]).toBeUndefined();
  });

  it("a 2026-07-28 request's headers mirror its body (revision, method, name), non-ASCII names in base64", () => {
    const call = {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "météo", _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } },
    };
    const h = postHeaders(call, { key: "k" });
    expect(h["mcp-protocol-version"]).toBe("2026-07-28");
    expect(h["mcp-method"]).toBe("tools/call");
    expect(h["mcp-name"]).toBe(`=?base64?${Buffer.from("météo").toString("base64")}?=`);
    expect(encodeHeaderValue("echo")).toBe("echo");
    expect(encodeHeaderValue(" padded")).toMatch(/^=\?base64\?/);
  });
});

describe("finding a tap in taps.json", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "loupe-taps-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const tap = (id: string, name: string) => ({ id, name, url: `http://127.0.0.1:1/mcp/${id}`, key: `key-${id}` });

  it("says there is no taps.json and how to fix it", () => {
    expect(() => findTap(dir, "x")).toThrow(/No taps.json in .*turn its Tap on/);
  });

  it("finds by id, then by exact name, then by name in any case; names the taps that are on otherwise", () => {
    writeFileSync(
      path.join(dir, "taps.json"),
      JSON.stringify({ port: 1, taps: [tap("c1", "Everything"), tap("c2", "files"), tap("c3", "Files")] }),
    );
    expect(findTap(dir, "c2").key).toBe("key-c2");
    expect(findTap(dir, "files").id).toBe("c2");
    expect(findTap(dir, "everything").id).toBe("c1");
    expect(() => findTap(dir, "FILES")).toThrow(/Several taps are named "FILES" \(c2, c3\)/);
    expect(() => findTap(dir, "weather")).toThrow(/No tap "weather" is on.*"Everything" \(c1\)/);
  });

  it("rejects a file that is not the taps file", () => {
    writeFileSync(path.join(dir, "taps.json"), "{ not json");
    expect(() => findTap(dir, "c1")).toThrow(/is not the taps file Loupe writes/);
  });
});

describe("failures in words", () => {
  it("names a refused key, a tap that is off, and Loupe not running", () => {
    expect(describeHttpFailure(401, "http://127.0.0.1:1/mcp/c", '{"error":{"message":"Missing tap key"}}')).toMatch(
      /refused the key \(HTTP 401: Missing tap key\)/,
    );
    expect(describeHttpFailure(404, "http://127.0.0.1:1/mcp/c", "")).toMatch(/No tap is on at http:\/\/127.0.0.1:1\/mcp\/c/);
    const refused = Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
    expect(describeNetworkFailure(refused, "http://127.0.0.1:8799/mcp/c")).toBe(
      "Loupe is not running at http://127.0.0.1:8799 (connection refused). Start Loupe (npm start) and turn the tap on.",
    );
  });
});
