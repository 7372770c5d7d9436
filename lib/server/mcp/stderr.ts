import "server-only";
import type { Readable } from "node:stream";
import type { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

/**
 * Splits the child's stderr into lines. The SDK hands out the PassThrough before start(), so no
 * early output (a crash on startup) is lost. A trailing partial line is flushed when the stream ends.
 */
export function attachStderr(transport: StdioClientTransport, onLine: (line: string) => void): void {
  // With stderr: "pipe" the SDK returns its PassThrough, a Readable (typed as the base Stream).
  const stream = transport.stderr as Readable | null;
  if (!stream) return;
  let buffer = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split(/\r?\n/);
    buffer = lines.pop() ?? "";
    for (const line of lines) onLine(line);
  });
  stream.on("end", () => {
    if (buffer) onLine(buffer);
    buffer = "";
  });
}
