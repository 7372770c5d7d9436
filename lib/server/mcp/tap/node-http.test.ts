import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPEN_HOLD_MS, pipeResponse } from "@/lib/server/mcp/tap/node-http";

/**
 * pipeResponse writes a tapped call's SSE answer in few writes to the socket (each one a system
 * call): a call answered within OPEN_HOLD_MS in one, a longer one in two (the opening, then the
 * result with the end of the stream). A stream with nothing to send yet still gets its headers out.
 */

const encoder = new TextEncoder();
let server: http.Server;
let base = "";
/** The response the next request is answered with, and how many writes reached its socket. */
let answer: () => Response = () => new Response(null);
let writes = 0;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    const socket = res.socket!;
    // Each _write / _writev of the socket is one write to the kernel.
    const write = socket._write.bind(socket);
    socket._write = (...args) => {
      writes += 1;
      write(...args);
    };
    const writev = socket._writev?.bind(socket);
    if (writev)
      socket._writev = (...args) => {
        writes += 1;
        writev(...args);
      };
    void pipeResponse(res, answer());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || address === null) throw new Error("the test server has no port");
  base = `http://127.0.0.1:${address.port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** An SSE answer as the SDK transport gives one: a priming event at once, the result later, then the end. */
function callStream(resultAfterMs: number): Response {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
      c.enqueue(encoder.encode("id: 1\ndata: \n\n"));
    },
  });
  setTimeout(() => {
    controller.enqueue(encoder.encode('id: 2\ndata: {"result":{}}\n\n'));
    controller.close();
  }, resultAfterMs);
  return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
}

describe("pipeResponse", () => {
  const body = 'id: 1\ndata: \n\nid: 2\ndata: {"result":{}}\n\n';

  it("writes a call answered within OPEN_HOLD_MS in one write: headers, priming event, result and end", async () => {
    answer = () => callStream(5);
    writes = 0;
    const response = await fetch(base);
    expect(await response.text()).toBe(body);
    expect(writes).toBe(1);
  });

  it("writes a longer call's opening when OPEN_HOLD_MS is over, then its result with the end: two writes", async () => {
    answer = () => callStream(OPEN_HOLD_MS * 10);
    writes = 0;
    const started = performance.now();
    const response = await fetch(base);
    // The headers came before the result did.
    expect(performance.now() - started).toBeLessThan(OPEN_HOLD_MS * 10);
    expect(await response.text()).toBe(body);
    expect(writes).toBe(2);
  });

  it("opens a stream that has nothing to send yet (its headers go alone)", async () => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    answer = () =>
      new Response(new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) }), {
        headers: { "Content-Type": "text/event-stream" },
      });
    const response = await fetch(base);
    // The headers arrived although no event did.
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    controller.enqueue(encoder.encode("data: late\n\n"));
    controller.close();
    expect(await response.text()).toBe("data: late\n\n");
  });
});
