import { describe, expect, it } from "vitest";
import { StdioFraming, isStdioFrameError, peekResponseId } from "./stdio-framing";

function drain(framing: StdioFraming): unknown[] {
  const out: unknown[] = [];
  for (;;) {
    try {
      const m = framing.readMessage();
      if (m === null) return out;
      out.push(m);
    } catch (error) {
      out.push(isStdioFrameError(error) ? error.problem : error);
    }
  }
}

describe("StdioFraming", () => {
  it("joins a message split across chunks, CRLF and a UTF-8 character cut in two included", () => {
    const framing = new StdioFraming();
    const line = Buffer.from(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { data: "héllo" } })}\r\n`);
    const cut = line.indexOf(Buffer.from("é")) + 1;
    framing.append(line.subarray(0, cut));
    expect(drain(framing)).toEqual([]);
    framing.append(Buffer.concat([line.subarray(cut), Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}\n\n')]));
    expect(drain(framing)).toEqual([
      { jsonrpc: "2.0", method: "notifications/message", params: { data: "héllo" } },
      { jsonrpc: "2.0", id: 1, result: {} },
    ]);
  });

  it("reports garbage with its text and skips a line over the limit with its size and the answer's id", () => {
    const framing = new StdioFraming(1000);
    framing.append(Buffer.from("not json\n"));
    framing.append(Buffer.from(`{"result":{"content":[{"type":"text","text":"${"x".repeat(3000)}`));
    framing.append(Buffer.from(`"}]},"jsonrpc":"2.0","id":42}\n{"jsonrpc":"2.0","id":2,"result":{}}\n`));
    const [garbage, tooLarge, next] = drain(framing) as [Record<string, unknown>, Record<string, unknown>, unknown];
    expect(garbage).toMatchObject({ kind: "unparsed", text: "not json", bytes: 8, cut: false });
    expect(tooLarge).toMatchObject({ kind: "too_large", limit: 1000, requestId: 42 });
    expect(tooLarge.bytes).toBeGreaterThan(3000);
    expect(next).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
  });

  it("reports the line a server left unfinished when its output ended, never as a message", () => {
    const framing = new StdioFraming();
    framing.append(Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}\n{"jsonrpc":"2.0",'));
    expect(drain(framing)).toEqual([{ jsonrpc: "2.0", id: 1, result: {} }]);
    const cut = framing.end();
    expect(cut?.problem).toMatchObject({ kind: "unparsed", text: '{"jsonrpc":"2.0",', bytes: 17, cut: false });
    expect(cut?.problem.kind === "unparsed" && cut.problem.error).toMatch(
      /^cut off: the server's output ended before the end of this line; not JSON \(/,
    );
    // Read once: a second end has nothing left, and a whole message without its newline is named so.
    expect(framing.end()).toBeUndefined();
    framing.append(Buffer.from('{"jsonrpc":"2.0","id":2,"result":{}}'));
    expect(drain(framing)).toEqual([]);
    expect(framing.end()?.problem).toMatchObject({ error: expect.stringMatching(/a whole JSON-RPC message, but without its newline/) });
  });

  it("never takes the id of a server request as the id of an answer", () => {
    expect(peekResponseId('{"jsonrpc":"2.0","id":7,"method":"sampling/createMessage","params":{', "}}")).toBeUndefined();
    expect(peekResponseId('{"jsonrpc":"2.0","id":"a","result":{"x":"', 'yy"}}')).toBe("a");
  });
});
