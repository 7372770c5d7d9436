import { describe, expect, it } from "vitest";
import { authStep, classifyHttpAnswer, firstSseData, initializeAnswerStep, parseWwwAuthenticate } from "@/lib/server/mcp/doctor";
import type { HttpAnswer } from "@/lib/server/mcp/doctor";
import { dedupeSseEvents, describeNetworkError, isSessionGone } from "@/lib/server/mcp/transports";

const answer = (over: Partial<Extract<HttpAnswer, { status: number }>>): HttpAnswer => ({
  status: 200,
  contentType: "application/json",
  body: "",
  ...over,
});

const initResult = (protocolVersion: string) =>
  JSON.stringify({ jsonrpc: "2.0", id: 1, result: { protocolVersion, capabilities: {}, serverInfo: { name: "srv", version: "1.2" } } });

describe("parseWwwAuthenticate", () => {
  it("reads the scheme and quoted and bare params", () => {
    expect(
      parseWwwAuthenticate('Bearer resource_metadata="https://a.example/.well-known/x", scope="a b", error=insufficient_scope'),
    ).toEqual({
      scheme: "Bearer",
      params: { resource_metadata: "https://a.example/.well-known/x", scope: "a b", error: "insufficient_scope" },
    });
    expect(parseWwwAuthenticate('Basic realm="x \\"y\\""')).toEqual({ scheme: "Basic", params: { realm: 'x "y"' } });
  });
});

describe("authStep", () => {
  it("explains 401s and 403s", () => {
    expect(authStep(401, 'Bearer resource_metadata="https://m"', true).detail).toBe(
      "HTTP 401: the server needs OAuth; resource metadata at https://m; authorize in the Auth tab",
    );
    expect(authStep(401, undefined, false)).toEqual({
      ok: false,
      detail: "HTTP 401 without a WWW-Authenticate header: the server wants credentials Loupe did not send (an API key header?)",
    });
    expect(authStep(403, 'Bearer error="insufficient_scope", scope="files:write"', true).detail).toBe(
      'HTTP 403 Forbidden: the token lacks a required scope (it needs scope "files:write")',
    );
    expect(authStep(403, undefined, false).detail).toBe("HTTP 403 Forbidden: the server refused the credentials");
    expect(authStep(200, undefined, false).ok).toBe(true);
  });
});

describe("initializeAnswerStep", () => {
  it("accepts supported versions, rejects unknown ones, errors and garbage", () => {
    expect(initializeAnswerStep(JSON.parse(initResult("2025-11-25")))).toEqual({
      answered: true,
      ok: true,
      detail: "Protocol version 2025-11-25 agreed by srv 1.2 (as offered)",
    });
    expect(initializeAnswerStep(JSON.parse(initResult("2024-11-05"))).detail).toBe(
      "Protocol version 2024-11-05 agreed by srv 1.2 (Loupe offered 2025-11-25)",
    );
    const future = initializeAnswerStep(JSON.parse(initResult("2099-01-01")));
    expect(future).toMatchObject({ answered: true, ok: false });
    expect(future.detail).toMatch(/^The server answered protocol version 2099-01-01 by srv 1.2, which Loupe's MCP SDK does not support/);
    expect(initializeAnswerStep({ jsonrpc: "2.0", id: 1, error: { code: -32600, message: "bad" } }).detail).toBe(
      "The server answered initialize with error -32600: bad",
    );
    expect(initializeAnswerStep("hello").answered).toBe(false);
  });
});

describe("classifyHttpAnswer", () => {
  it("names redirects, 404, 405, 5xx, HTML, odd content types and TLS errors", () => {
    expect(classifyHttpAnswer(answer({ status: 301, location: "https://x/mcp" }), "http", "/mcp").detail).toBe(
      "HTTP 301: the server redirects to https://x/mcp; use that URL instead",
    );
    expect(classifyHttpAnswer(answer({ status: 405 }), "http", "/mcp").detail).toBe(
      "HTTP 405 Method Not Allowed: the endpoint does not accept POST",
    );
    expect(classifyHttpAnswer(answer({ status: 502, body: "bad gateway" }), "http", "/mcp").detail).toBe(
      'HTTP 502: the server failed while answering ("bad gateway")',
    );
    expect(classifyHttpAnswer(answer({ contentType: "text/html; charset=utf-8" }), "http", "/").ok).toBe(false);
    expect(classifyHttpAnswer(answer({ contentType: "text/plain" }), "http", "/").detail).toBe(
      "HTTP 200 with content type text/plain; MCP answers application/json or text/event-stream",
    );
    expect(classifyHttpAnswer({ error: "self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)", tls: true }, "http", "/").detail).toBe(
      "TLS error: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)",
    );
  });

  it("passes 401 on to the auth step and reads the initialize answer from JSON or SSE", () => {
    expect(classifyHttpAnswer(answer({ status: 401 }), "http", "/mcp").ok).toBe(true);
    const json = classifyHttpAnswer(answer({ body: initResult("2025-06-18") }), "http", "/mcp");
    expect(json).toMatchObject({ ok: true, detail: "HTTP 200 (application/json)", protocol: { ok: true } });
    const sse = classifyHttpAnswer(
      answer({ contentType: "text/event-stream", body: `id: 1\ndata: \n\nevent: message\ndata: ${initResult("2025-11-25")}\n\n` }),
      "http",
      "/mcp",
    );
    expect(sse.protocol.detail).toBe("Protocol version 2025-11-25 agreed by srv 1.2 (as offered)");
  });

  it("spots a legacy SSE endpoint", () => {
    const legacy = classifyHttpAnswer(answer({ status: 405, legacySse: true }), "http", "/sse");
    expect(legacy.ok).toBe(true);
    expect(legacy.protocol.detail).toBe(
      "This looks like a legacy SSE endpoint (the 2024-11-05 HTTP+SSE transport): choose the SSE transport",
    );
    const sseOk = classifyHttpAnswer(
      answer({ contentType: "text/event-stream", body: "event: endpoint\ndata: /message?sessionId=1\n\n" }),
      "sse",
      "/sse",
    );
    expect(sseOk.protocol.ok).toBe(true);
  });

  it("firstSseData skips priming events", () => {
    expect(firstSseData('id: a\ndata: \n\ndata: {"x":1}\n\n')).toEqual({ x: 1 });
  });
});

describe("isSessionGone", () => {
  it("is a 404 to a request with a session, or a 400 that names the session", () => {
    expect(isSessionGone(404, "", true)).toBe(true);
    expect(isSessionGone(404, "", false)).toBe(false);
    expect(isSessionGone(400, '{"error":{"message":"Bad Request: No valid session ID provided"}}', true)).toBe(true);
    expect(isSessionGone(400, "invalid params", true)).toBe(false);
    expect(isSessionGone(500, "session", true)).toBe(false);
  });
});

describe("describeNetworkError", () => {
  it("names the cause of a fetch failure", () => {
    const err = Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
    expect(describeNetworkError(err)).toBe("connection refused (ECONNREFUSED)");
    expect(describeNetworkError(new Error("plain"))).toBe("plain");
  });
});

describe("dedupeSseEvents", () => {
  async function run(chunks: string[], seen: Set<string>): Promise<string> {
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
        c.close();
      },
    });
    return new Response(stream.pipeThrough(dedupeSseEvents(seen))).text();
  }

  it("drops events whose id was already delivered, across streams and chunk borders", async () => {
    const seen = new Set<string>();
    expect(await run(["id: a\ndata: 1\n\nid: b\nda", "ta: 2\r", "\n\r\n: keep-alive\n\n"], seen)).toBe(
      "id: a\ndata: 1\n\nid: b\ndata: 2\n\n: keep-alive\n\n",
    );
    const dropped: string[] = [];
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode("id: b\ndata: 2\n\nid: c\ndata: 3\n\n"));
        c.close();
      },
    });
    const out = await new Response(stream.pipeThrough(dedupeSseEvents(seen, (id) => dropped.push(id)))).text();
    expect(out).toBe("id: c\ndata: 3\n\n");
    expect(dropped).toEqual(["b"]);
  });
});
