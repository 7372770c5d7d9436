import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { HttpExchange } from "@/lib/contracts/network";
import { MAX_CARRIED } from "@/lib/contracts/network";
import { PARSE_LIMIT } from "@/lib/server/mcp/network/body-meter";
import { PREVIEW_LIMIT, networkFetch } from "@/lib/server/mcp/network/recording-fetch";

let server: Server;
let base = "";
const big = JSON.stringify({ result: { content: [{ type: "text", text: "x".repeat(3 * PARSE_LIMIT) }] }, jsonrpc: "2.0", id: 77 });

function sse(res: ServerResponse, events: string[], endAfterMs: number): void {
  res.writeHead(200, { "content-type": "text/event-stream", "mcp-session-id": "sess-1" });
  let i = 0;
  const timer = setInterval(() => {
    if (i < events.length) res.write(events[i++]!);
    else {
      clearInterval(timer);
      setTimeout(() => res.end(), endAfterMs);
    }
  }, 5);
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/json") {
      const sent = JSON.parse(Buffer.concat(chunks).toString()) as { id: number };
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json", "set-cookie": "sid=abc; HttpOnly", "mcp-session-id": "sess-1" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: sent.id, result: {} }));
      }, 30);
    } else if (path === "/stream") {
      // Two events, one split across writes, a priming event without data, a comment, CRLF line ends.
      sse(
        res,
        [
          "id: e0\ndata:\n\n",
          ": keep-alive\n\n",
          'id: e1\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{}}\n',
          "\n",
          'id: e2\r\ndata: {"jsonrpc":"2.0",',
          '"id":5,"result":{}}\r\n\r\n',
        ],
        40,
      );
    } else if (path === "/big") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(`id: b1\ndata: ${big}\n\n`);
    } else if (path === "/many") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(
        Array.from(
          { length: MAX_CARRIED + 7 },
          (_, i) => `data: {"jsonrpc":"2.0","method":"notifications/progress","params":{"n":${i}}}\n\n`,
        ).join(""),
      );
    } else if (path === "/error") {
      res.writeHead(400, { "content-type": "text/plain" });
      res.end(`Bad Request: No valid session ID provided ${"y".repeat(PREVIEW_LIMIT * 2)}`);
    } else if (path === "/accepted") {
      res.writeHead(202).end();
    } else res.writeHead(404).end();
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function recorder(secretHeaders?: Set<string>) {
  const records: HttpExchange[] = [];
  const f = networkFetch(undefined, { record: (x) => records.push(x), secretHeaders })!;
  return { records, f };
}

describe("networkFetch", () => {
  it("masks credentials in the URL whatever their case or spelling (?auth_token=, ?accessToken=, ?ACCESS_TOKEN=, ?X-Api-Key=, user:pass@)", async () => {
    const { records, f } = recorder();
    const url = `http://me:pw-s3cret@127.0.0.1:${new URL(base).port}/json?auth_token=t1-s3cret&accessToken=t2-s3cret&ACCESS_TOKEN=t3-s3cret&X-Api-Key=t4-s3cret&Client_Secret=t5-s3cret&page=2`;
    const res = await f(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    }).catch(
      // fetch refuses credentials in a URL; a bare one is what a server sees then
      () =>
        f(url.replace("me:pw-s3cret@", ""), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
        }),
    );
    await res.json();
    expect(records.length).toBeGreaterThan(0);
    for (const x of records) {
      expect(x.url).not.toMatch(/s3cret/);
      expect(new URL(x.url).searchParams.get("page")).toBe("2");
    }
  });

  it("records a JSON exchange with masked secrets, timing, sizes and the ids it carried", async () => {
    const { records, f } = recorder(new Set(["x-custom"]));
    const body = JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "add" } });
    const res = await f(`${base}/json?api_key=k123&page=2`, {
      method: "POST",
      headers: {
        authorization: "Bearer tok.en",
        "x-api-key": "secret-key",
        "x-custom": "anything",
        cookie: "a=b",
        "mcp-method": "tools/call",
        "mcp-name": "add",
        "content-type": "application/json",
      },
      body,
    });
    expect(records).toHaveLength(0); // not until the body is read
    expect(await res.json()).toEqual({ jsonrpc: "2.0", id: 3, result: {} });
    expect(records).toHaveLength(1);
    const x = records[0]!;
    expect(x).toMatchObject({ state: "done", method: "POST", status: 200, requestBytes: Buffer.byteLength(body) });
    expect(x.url).toBe(`${base}/json?api_key=${encodeURIComponent(SECRET_MASK)}&page=2`);
    expect(x.requestHeaders).toMatchObject({
      authorization: `Bearer ${SECRET_MASK}`,
      "x-api-key": SECRET_MASK,
      "x-custom": SECRET_MASK,
      cookie: SECRET_MASK,
      "mcp-method": "tools/call",
      "mcp-name": "add",
    });
    expect(x.responseHeaders["set-cookie"]).toBe(SECRET_MASK);
    expect(x.responseHeaders["mcp-session-id"]).toBe("sess-1");
    expect(JSON.stringify(x)).not.toMatch(/tok\.en|secret-key|k123|sid=abc/);
    expect(x.headersMs).toBeGreaterThanOrEqual(25);
    expect(x.durationMs).toBeGreaterThanOrEqual(x.headersMs!);
    expect(x.startedAt).toBeLessThanOrEqual(Date.now());
    expect(x.responseBytes).toBe(Buffer.byteLength(JSON.stringify({ jsonrpc: "2.0", id: 3, result: {} })));
    expect(x.messages).toEqual([
      { dir: "out", id: 3, method: "tools/call", name: "add" },
      { dir: "in", id: 3, response: true },
    ]);
    expect(x.responsePreview).toBeUndefined();
  });

  it("lists an event stream when it opens and counts its events and messages when it ends", async () => {
    const { records, f } = recorder();
    const res = await f(`${base}/stream`, { headers: { accept: "text/event-stream", "last-event-id": "e9" } });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ state: "open", status: 200, stream: { events: 0 } });
    expect(records[0]!.requestHeaders["last-event-id"]).toBe("e9");
    const text = await res.text();
    expect(text).toContain('"id":5'); // the SDK still gets every byte
    expect(records).toHaveLength(2);
    const x = records[1]!;
    expect(x.id).toBe(records[0]!.id);
    expect(x).toMatchObject({ state: "done", stream: { events: 3, lastEventId: "e2" }, responseBytes: Buffer.byteLength(text) });
    expect(x.messages).toEqual([
      { dir: "in", method: "notifications/message" },
      { dir: "in", id: 5, response: true },
    ]);
    // An event stream's duration is how long it stayed open (the server ends it 40 ms after the last event).
    expect(x.durationMs! - x.headersMs!).toBeGreaterThanOrEqual(35);
  });

  it("keeps memory bounded: a 3 MiB event is counted whole but only its edges are read", async () => {
    const { records, f } = recorder();
    const res = await f(`${base}/big`);
    const text = await res.text();
    expect(text.length).toBeGreaterThan(3 * PARSE_LIMIT);
    const x = records.at(-1)!;
    expect(x.responseBytes).toBe(Buffer.byteLength(text));
    expect(x.messages).toEqual([{ dir: "in", id: 77, response: true }]);
    expect(JSON.stringify(x).length).toBeLessThan(4096); // no body copy in the record
  });

  it("caps the messages it names and counts the rest", async () => {
    const { records, f } = recorder();
    await (await f(`${base}/many`)).text();
    const x = records.at(-1)!;
    expect(x.stream?.events).toBe(MAX_CARRIED + 7);
    expect(x.messages).toHaveLength(MAX_CARRIED);
    expect(x.messagesOmitted).toBe(7);
  });

  it("keeps a short preview of an answer that carried no message", async () => {
    const { records, f } = recorder();
    const res = await f(`${base}/error`, { method: "POST", body: "{}" });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/^Bad Request/);
    const x = records.at(-1)!;
    expect(x.status).toBe(400);
    expect(x.responsePreview?.startsWith("Bad Request: No valid session ID provided")).toBe(true);
    expect(x.responsePreview!.length).toBeLessThanOrEqual(PREVIEW_LIMIT + 1);
  });

  it("records a body the reader cancels as aborted, and a 202 without body at once", async () => {
    const { records, f } = recorder();
    const accepted = await f(`${base}/accepted`, { method: "POST", body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' });
    await accepted.body?.cancel();
    expect(records.at(-1)).toMatchObject({ status: 202, messages: [{ dir: "out", method: "notifications/initialized" }] });
    const stream = await f(`${base}/stream`);
    await stream.body?.cancel();
    expect(records.at(-1)).toMatchObject({ state: "aborted", status: 200 });
  });

  it("records a refused connection as an exchange with the error, and still throws", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const { records, f } = recorder();
    await expect(
      f(`http://127.0.0.1:${port}/mcp`, { method: "POST", body: '{"jsonrpc":"2.0","id":0,"method":"initialize"}' }),
    ).rejects.toThrow();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ state: "error", status: 0, messages: [{ dir: "out", id: 0, method: "initialize" }] });
    expect(records[0]!.error).toMatch(/ECONNREFUSED/);
  });

  it("passes the base fetch through untouched without a sink", () => {
    const base = async () => new Response("x");
    expect(networkFetch(base, undefined)).toBe(base);
    expect(networkFetch(undefined, undefined)).toBeUndefined();
  });
});
