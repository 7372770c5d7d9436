import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import { capturingFetch } from "@/lib/server/playground/providers/capture";
import type { CapturedExchange } from "@/lib/server/playground/providers/capture";

// A real HTTP server on loopback (port from this area's range): SSE sent in parts on cue, a
// large body, and an endpoint that echoes the Authorization header into its body.
const PORT = 8501;
let release: (() => void) | null = null;
let lastAuth = "";
const server = http.createServer((req, res) => {
  lastAuth = req.headers.authorization ?? "";
  let body = "";
  req.on("data", (c: Buffer) => (body += c.toString("utf8")));
  req.on("end", () => {
    if (req.url === "/sse") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write('data: {"n":1}\n\n');
      // The rest only once the test has seen the first event through the SDK's branch.
      release = () => {
        res.write('data: {"n":2}\n\n');
        res.end("data: [DONE]\n\n");
      };
    } else if (req.url === "/big") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("é".repeat(1000)); // 2000 bytes of two-byte characters
    } else if (req.url === "/echo-auth") {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: `bad key ${lastAuth.replace("Bearer ", "")}`, got: JSON.parse(body || "null") }));
    } else {
      res.writeHead(404).end();
    }
  });
});
const base = `http://127.0.0.1:${PORT}`;

beforeAll(() => new Promise<void>((resolve) => server.listen(PORT, "127.0.0.1", resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function recorder() {
  const requests: { url: string; body: unknown }[] = [];
  const responses: CapturedExchange[] = [];
  return {
    requests,
    responses,
    hooks: {
      onRequest: (url: string, body: unknown) => requests.push({ url, body }),
      onResponse: (ex: CapturedExchange) => responses.push(ex),
    },
  };
}

describe("capturingFetch", () => {
  it("reports the exact URL and JSON body before sending, and the SSE text after the stream ends, while the caller reads it live", async () => {
    const rec = recorder();
    const cap = capturingFetch(rec.hooks);
    const sent = { model: "m", messages: [{ role: "user", content: "hi" }], stream: true };
    const res = await cap.fetch(`${base}/sse`, {
      method: "POST",
      headers: { authorization: "Bearer sk-test-secret-1234" },
      body: JSON.stringify(sent),
    });
    expect(rec.requests).toEqual([{ url: `${base}/sse`, body: sent }]);
    const reader = res.body!.getReader();
    const first = await reader.read();
    // The first event reached the caller while the server still holds the rest: not buffered.
    expect(new TextDecoder().decode(first.value)).toBe('data: {"n":1}\n\n');
    expect(rec.responses).toEqual([]);
    release!();
    let rest = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).toBe('data: {"n":2}\n\ndata: [DONE]\n\n');
    await cap.settled();
    expect(rec.responses).toEqual([
      {
        url: `${base}/sse`,
        requestBody: sent,
        status: 200,
        responseBody: 'data: {"n":1}\n\ndata: {"n":2}\n\ndata: [DONE]\n\n',
        truncated: false,
      },
    ]);
    // Headers are never part of what is captured.
    expect(JSON.stringify([rec.requests, rec.responses])).not.toContain("sk-test-secret-1234");
  });

  it("cuts the captured text at the cap (on a character boundary) while the caller still gets the whole body", async () => {
    const rec = recorder();
    const cap = capturingFetch(rec.hooks, { maxBytes: 101 });
    const res = await cap.fetch(`${base}/big`);
    const whole = await res.text();
    expect(whole).toBe("é".repeat(1000));
    await cap.settled();
    expect(rec.responses[0]).toMatchObject({ status: 200, truncated: true, responseBody: "é".repeat(50) });
  });

  it("reports what arrived when the caller aborts mid-stream, and settles", async () => {
    const rec = recorder();
    const cap = capturingFetch(rec.hooks);
    const abort = new AbortController();
    const res = await cap.fetch(`${base}/sse`, { method: "POST", body: "{}", signal: abort.signal });
    const reader = res.body!.getReader();
    await reader.read();
    abort.abort(new Error("stopped by the user"));
    await expect(reader.read()).rejects.toThrow();
    await cap.settled();
    expect(rec.responses).toEqual([
      { url: `${base}/sse`, requestBody: {}, status: 200, responseBody: 'data: {"n":1}\n\n', truncated: false },
    ]);
    release?.();
  });

  it("reports a failed connection with no status and rethrows", async () => {
    const rec = recorder();
    const cap = capturingFetch(rec.hooks);
    await expect(cap.fetch("http://127.0.0.1:8549/nothing-listens", { method: "POST", body: "{}" })).rejects.toThrow();
    expect(rec.responses).toEqual([
      { url: "http://127.0.0.1:8549/nothing-listens", requestBody: {}, status: null, responseBody: "", truncated: false },
    ]);
  });

  it("redacts the key from what it captures when an endpoint echoes it", async () => {
    const rec = recorder();
    const key = "sk-live-abcdefghijklmnop";
    const cap = capturingFetch(rec.hooks, { redact: [key] });
    const res = await cap.fetch(`${base}/echo-auth`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
      body: JSON.stringify({ note: `my key is ${key}` }),
    });
    expect(await res.text()).toContain(key); // the caller sees the real answer
    await cap.settled();
    const captured = JSON.stringify([rec.requests, rec.responses]);
    expect(captured).not.toContain(key);
    expect(captured).toContain("[redacted]");
    expect(rec.responses[0]!.status).toBe(401);
  });

  it("sends and captures the rewritten body when a rewrite is given", async () => {
    const rec = recorder();
    const cap = capturingFetch(rec.hooks, { rewriteBody: (b) => ({ ...(b as object), added: true }) });
    const res = await cap.fetch(`${base}/echo-auth`, { method: "POST", body: JSON.stringify({ a: 1 }) });
    const answer = (await res.json()) as { got: unknown };
    expect(answer.got).toEqual({ a: 1, added: true });
    expect(rec.requests[0]!.body).toEqual({ a: 1, added: true });
  });
});
