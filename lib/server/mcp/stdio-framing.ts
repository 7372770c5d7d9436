import "server-only";
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import type { Transport } from "@modelcontextprotocol/client";
import { isRpcMessageV1 } from "@/lib/server/mcp/jsonrpc-shape";
import { scanTopLevel } from "@/lib/protocols/mcp/frame";
import { errorMessage } from "@/lib/values";

/**
 * The largest stdio line (one JSON-RPC message) Loupe reads. The SDK's default is 10 MiB and it
 * closes the connection when a line is longer, with a message that names a buffer, not the server.
 */
export const STDIO_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** A stdout line that is not JSON-RPC is kept as an `unparsed` entry up to this many bytes. */
export const GARBAGE_LINE_CAP_BYTES = 1024 * 1024;
/** How much of an oversized message is kept to find its id (head and tail). */
const PEEK_BYTES = 4096;

export type FrameProblem =
  | { kind: "unparsed"; text: string; error: string; bytes: number; cut: boolean }
  | { kind: "too_large"; bytes: number; limit: number; requestId?: RequestId };

/** A stdout line that did not become a message; RecordingTransport turns it into an entry. */
export class StdioFrameError extends Error {
  constructor(
    message: string,
    readonly problem: FrameProblem,
  ) {
    super(message);
    this.name = "StdioFrameError";
  }
}

/** By name, not instanceof: route modules are bundled separately and may hold another copy of the class. */
export function isStdioFrameError(error: unknown): error is StdioFrameError {
  return error instanceof Error && error.name === "StdioFrameError" && "problem" in error;
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function tooLargeMessage(bytes: number, limit: number): string {
  return `A message of ${mb(bytes)} from the server exceeded Loupe's limit of ${limit / 1024 / 1024} MiB for one stdio message; it was dropped`;
}

/**
 * The id of a response too large to read, from its first and last bytes: SDK servers write
 * `{"result":…,"jsonrpc":"2.0","id":N}` (id last), hand-written ones often put it first. Only a
 * response gets one: a request or notification from the server must not fail a pending request.
 */
export function peekResponseId(head: string, tail: string): RequestId | undefined {
  const top = scanTopLevel(head);
  if (top.keys.has("method")) return undefined;
  const first = top.values.get("id");
  if (typeof first === "string" || typeof first === "number") return first;
  const last = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\}\s*$/.exec(tail)?.[1];
  if (last === undefined || !/"(result|error)"\s*:/.test(head)) return undefined;
  return JSON.parse(last) as RequestId;
}

/**
 * Newline-delimited JSON-RPC framing for a stdio child, in place of the SDK's ReadBuffer (same
 * append / readMessage / clear surface). Differences: a line over STDIO_MAX_MESSAGE_BYTES is
 * skipped to its end and reported with its size (the connection lives on); a line that is not
 * JSON-RPC is reported with its text; chunks are joined once per line, not once per chunk.
 */
export class StdioFraming {
  private chunks: Buffer[] = [];
  private size = 0;
  /** Set while skipping an oversized line to its newline. */
  private skipping: { bytes: number; head: Buffer; tail: Buffer } | null = null;
  private readonly queue: ({ message: JSONRPCMessage } | { error: StdioFrameError })[] = [];

  constructor(private readonly limit = STDIO_MAX_MESSAGE_BYTES) {}

  append(chunk: Buffer): void {
    let pos = 0;
    while (pos <= chunk.length) {
      const nl = chunk.indexOf(10, pos);
      const piece = chunk.subarray(pos, nl === -1 ? chunk.length : nl);
      this.take(piece);
      if (nl === -1) return;
      this.endLine();
      pos = nl + 1;
    }
  }

  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.skipping) {
      this.skipping.bytes += piece.length;
      this.skipping.tail = Buffer.concat([this.skipping.tail, piece]).subarray(-PEEK_BYTES);
      return;
    }
    this.chunks.push(piece);
    this.size += piece.length;
    if (this.size > this.limit) {
      const all = Buffer.concat(this.chunks);
      this.skipping = { bytes: this.size, head: all.subarray(0, PEEK_BYTES), tail: Buffer.from(all.subarray(-PEEK_BYTES)) };
      this.chunks = [];
      this.size = 0;
    }
  }

  private endLine(): void {
    const skipped = this.skipping;
    if (skipped) {
      this.skipping = null;
      const requestId = peekResponseId(skipped.head.toString("utf8"), skipped.tail.toString("utf8"));
      const problem: FrameProblem = {
        kind: "too_large",
        bytes: skipped.bytes,
        limit: this.limit,
        ...(requestId !== undefined ? { requestId } : {}),
      };
      this.queue.push({ error: new StdioFrameError(tooLargeMessage(skipped.bytes, this.limit), problem) });
      return;
    }
    // A line that came in one read is not copied (issue 23: a copy of every answer).
    const line = (this.chunks.length === 1 ? this.chunks[0] : undefined) ?? Buffer.concat(this.chunks, this.size);
    this.chunks = [];
    this.size = 0;
    const text = line.toString("utf8").replace(/\r$/, "");
    if (text.trim() === "") return;
    this.queue.push(parseLine(text, line.length));
  }

  /**
   * The server's output ended (it exited, or closed stdout): a line it left without its newline is
   * reported with its text, never parsed into a message (the SDK and Python clients drop it too).
   */
  end(): StdioFrameError | undefined {
    if (this.skipping) {
      this.endLine();
      const last = this.queue.pop();
      return last && "error" in last ? last.error : undefined;
    }
    const line = Buffer.concat(this.chunks, this.size);
    this.chunks = [];
    this.size = 0;
    const text = line.toString("utf8").replace(/\r$/, "");
    if (text.trim() === "") return undefined;
    const read = parseLine(text, line.length);
    const found = "error" in read ? read.error.problem : undefined;
    const why = found?.kind === "unparsed" ? found.error : "a whole JSON-RPC message, but without its newline";
    const problem: FrameProblem = {
      kind: "unparsed",
      text: found?.kind === "unparsed" ? found.text : text,
      error: `cut off: the server's output ended before the end of this line; ${why}`,
      bytes: line.length,
      cut: found?.kind === "unparsed" && found.cut,
    };
    return new StdioFrameError(`The server's output ended in the middle of a line`, problem);
  }

  readMessage(): JSONRPCMessage | null {
    const next = this.queue.shift();
    if (!next) return null;
    if ("error" in next) throw next.error;
    return next.message;
  }

  clear(): void {
    this.chunks = [];
    this.size = 0;
    this.skipping = null;
    this.queue.length = 0;
  }
}

function parseLine(text: string, bytes: number): { message: JSONRPCMessage } | { error: StdioFrameError } {
  let reason: string;
  try {
    // By shape, as SDK v1's JSONRPCMessageSchema takes it (its parse was a copy of every message).
    const parsed: unknown = JSON.parse(text);
    if (isRpcMessageV1(parsed)) return { message: parsed };
    reason = "valid JSON but not a JSON-RPC message";
  } catch (error) {
    reason = `not JSON (${errorMessage(error)})`;
  }
  const cut = bytes > GARBAGE_LINE_CAP_BYTES;
  // Cut on bytes, then drop a split last character.
  const kept = cut
    ? Buffer.from(text, "utf8")
        .subarray(0, GARBAGE_LINE_CAP_BYTES)
        .toString("utf8")
        .replace(/\uFFFD$/, "")
    : text;
  const problem: FrameProblem = { kind: "unparsed", text: kept, error: reason, bytes, cut };
  return { error: new StdioFrameError(`The server wrote a line to stdout that is ${reason}`, problem) };
}

/**
 * What a stdio transport's framing still held when the server's output ended: a line the server
 * was writing when it exited. The SDK's transport keeps its framing private; Loupe installed its own.
 */
export function unfinishedLine(transport: Transport): StdioFrameError | undefined {
  const framing: unknown = Reflect.get(transport, "_readBuffer");
  return framing instanceof StdioFraming ? framing.end() : undefined;
}
