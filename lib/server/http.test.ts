import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { answerJson, handle, MAX_JSON_BODY_BYTES, MAX_JSON_DEPTH, parseBodyText, readBody, readNodeText } from "@/lib/server/http";

const schema = z.object({ a: z.string().optional() });
const url = "http://127.0.0.1:3000/api/x";

/** A body streamed in 1 MiB chunks with no Content-Length; counts what the reader pulled. */
function streamed(totalBytes: number): { req: Request; pulled: () => number } {
  let sent = 0;
  const chunk = new Uint8Array(1024 * 1024).fill(0x61);
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= totalBytes) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  const req = new Request(url, { method: "POST", body, duplex: "half" } as RequestInit);
  return { req, pulled: () => sent };
}

describe("readBody limits", () => {
  it("refuses a declared Content-Length over the limit with 413 too_large:body", async () => {
    const req = new Request(url, { method: "POST", body: "{}", headers: { "content-length": String(MAX_JSON_BODY_BYTES + 1) } });
    const res = await handle(async () => Response.json(await readBody(req, schema)));
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("too_large:body");
  });

  it("stops reading a streamed body as soon as it passes the limit", async () => {
    const { req, pulled } = streamed(64 * 1024 * 1024);
    const res = await handle(async () => Response.json(await readBody(req, schema)));
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.error.code).toBe("too_large:body");
    expect(body.error.message).toMatch(/over the 8 MiB limit/);
    // Read up to the limit plus one chunk and a little read-ahead, not the whole 64 MiB.
    expect(pulled()).toBeLessThanOrEqual(MAX_JSON_BODY_BYTES + 3 * 1024 * 1024);
  });

  it("reads a body at the limit, and bad JSON stays 400", async () => {
    const json = JSON.stringify({ a: "x".repeat(MAX_JSON_BODY_BYTES - 20) });
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(MAX_JSON_BODY_BYTES);
    const ok = await handle(async () =>
      Response.json((await readBody(new Request(url, { method: "POST", body: json }), schema)).a?.length),
    );
    expect(ok.status).toBe(200);
    const bad = await handle(async () => Response.json(await readBody(new Request(url, { method: "POST", body: "{nope" }), schema)));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("bad_request:json");
  });
});

describe("readBody nesting", () => {
  const nested = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
  const loose = z.object({ a: z.unknown() });

  it("refuses JSON nested deeper than any real argument with 400, not a stack overflow 500", async () => {
    // JSON.parse copes with any depth; JSON.stringify (storing, sending upstream, answering) does not.
    const req = new Request(url, { method: "POST", body: nested(20_000) });
    const res = await handle(async () => Response.json(await readBody(req, loose)));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({
      code: "bad_request:json",
      message: expect.stringMatching(/nested deeper than \d+ levels/),
    });
  });

  it("reads JSON nested up to the limit, arrays included", async () => {
    const deepArray = "[".repeat(200) + "]".repeat(200);
    const req = new Request(url, { method: "POST", body: `{"a":{"b":${deepArray},"c":${nested(200)}}}` });
    const res = await handle(async () => Response.json(await readBody(req, loose)));
    expect(res.status).toBe(200);
  });
});

describe("route failures in the server log", () => {
  it("are one line even when the message quotes a client-controlled id with CR/LF", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const id = "x\r\n[loupe] route failed: forged\u001b[2K";
      const res = await handle(() => {
        throw new AppError("upstream:agent_http", `GET session ${id} failed with HTTP 500`);
      });
      expect(res.status).toBe(502);
      expect(spy).toHaveBeenCalledTimes(1);
      const written = spy.mock.calls[0]!.map(String).join(" ");
      expect(written).not.toMatch(/[\r\n\u001b]/);
      expect(written).toContain("x\\r\\n[loupe] route failed: forged\\u001b[2K");
    } finally {
      spy.mockRestore();
    }
  });
});

/** A Node request whose body arrives in `chunks`, as the launcher's direct routes receive it. */
function nodeRequest(chunks: string[], headers: Record<string, string> = {}): IncomingMessage {
  const req = Readable.from(chunks.map((c) => Buffer.from(c))) as unknown as IncomingMessage;
  req.headers = headers;
  return req;
}

describe("direct routes (readNodeText, parseBodyText, answerJson)", () => {
  const direct = (req: IncomingMessage) => answerJson(async () => parseBodyText(await readNodeText(req), schema));

  it("answer what handle() and readBody answer for the same bodies", async () => {
    for (const body of ['{"a":"x"}', "", "{not json", '{"a":1}', "[".repeat(MAX_JSON_DEPTH + 1)]) {
      const viaNext = await handle(async () => Response.json(await readBody(new Request(url, { method: "POST", body }), schema)));
      const viaDirect = await direct(nodeRequest([body]));
      expect({ status: viaDirect.status, body: JSON.parse(viaDirect.json) as unknown }).toEqual({
        status: viaNext.status,
        body: await viaNext.json(),
      });
    }
  });

  it("refuse a declared or streamed body over the limit with 413 too_large:body", async () => {
    const declared = await direct(nodeRequest(["{}"], { "content-length": String(MAX_JSON_BODY_BYTES + 1) }));
    const mib = "a".repeat(1024 * 1024);
    const streamedOver = await direct(nodeRequest(Array.from({ length: 9 }, () => mib)));
    for (const answer of [declared, streamedOver]) {
      expect(answer.status).toBe(413);
      expect((JSON.parse(answer.json) as { error: { code: string } }).error.code).toBe("too_large:body");
    }
  });

  it("answer a body the client cut off with 400 on both paths, never a 500 in the log", async () => {
    const cutOff = () =>
      new Readable({
        read() {
          this.push(Buffer.from('{"a"'));
          this.destroy(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
        },
      });
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const direct = await answerJson(async () =>
        parseBodyText(await readNodeText(Object.assign(cutOff(), { headers: {} }) as never), schema),
      );
      const body = Readable.toWeb(cutOff()) as ReadableStream<Uint8Array>;
      const viaNext = await handle(async () =>
        Response.json(await readBody(new Request(url, { method: "POST", body, duplex: "half" } as RequestInit), schema)),
      );
      expect({ status: direct.status, code: (JSON.parse(direct.json) as { error: { code: string } }).error.code }).toEqual({
        status: 400,
        code: "bad_request:body",
      });
      expect({ status: viaNext.status, body: (await viaNext.json()) as unknown }).toEqual({ status: 400, body: JSON.parse(direct.json) });
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });

  it("read a body split across chunks whole", async () => {
    const answer = await direct(nodeRequest(['{"a"', ':"split', ' é"}']));
    expect(answer).toEqual({ status: 200, json: JSON.stringify({ a: "split é" }) });
  });
});
