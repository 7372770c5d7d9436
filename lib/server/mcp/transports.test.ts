import type { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { ObservedStdioTransport } from "@/lib/server/mcp/transports";

/**
 * The first message sent to a stdio server in a turn leaves at once; the ones after it in the same
 * turn leave together in one write to its stdin.
 */

// A server that answers each read of its stdin with how many lines that read held.
const COUNTER = `process.stdin.on("data", (c) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", method: "reads", params: { lines: c.toString().split("\\n").filter(Boolean).length } }) + "\\n"));`;

let transport: ObservedStdioTransport | undefined;
afterEach(async () => {
  await transport?.close();
  transport = undefined;
});

const note = (n: number): JSONRPCMessage => ({ jsonrpc: "2.0", method: "notifications/note", params: { n } });

describe("ObservedStdioTransport", () => {
  it("writes the first message of a turn at once, and the ones after it in one write", async () => {
    transport = new ObservedStdioTransport({ command: process.execPath, args: ["-e", COUNTER] });
    const reads: number[] = [];
    transport.onmessage = (message) => {
      if ("params" in message && message.params && typeof message.params.lines === "number") reads.push(message.params.lines);
    };
    await transport.start();
    let writes = 0;
    const stdin: Writable | null | undefined = transport["_process"]?.stdin;
    if (!stdin) throw new Error("no stdin");
    // Each _write / _writev of the pipe is one write to the kernel.
    const write = stdin._write.bind(stdin);
    stdin._write = (...args) => {
      writes += 1;
      write(...args);
    };
    const writev = stdin._writev?.bind(stdin);
    if (writev)
      stdin._writev = (...args) => {
        writes += 1;
        writev(...args);
      };
    const sent = [1, 2, 3, 4, 5].map((n) => transport!.send(note(n)));
    // The first left before the turn ended (the server starts on it while Loupe records it).
    expect(writes).toBe(1);
    await Promise.all(sent);
    await expect.poll(() => reads.reduce((a, b) => a + b, 0)).toBe(5);
    expect(writes).toBe(2);
    // A later turn's first message leaves at once again.
    const later = transport.send(note(6));
    expect(writes).toBe(3);
    await later;
    await expect.poll(() => reads.reduce((a, b) => a + b, 0)).toBe(6);
  });
});
