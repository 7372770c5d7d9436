// Test-only helper (Node): turns the recorded server-everything wire captures into Entry objects.
import { readFileSync } from "node:fs";
import path from "node:path";
import { MCP_FIXTURES } from "@/lib/testing/shared-fixtures";
import type { Entry } from "@/lib/contracts/entries";

export type WireTransport = "stdio" | "http" | "sse";

interface WireFrame {
  t: number;
  dir: "c->s" | "s->c";
  msg: unknown;
}

const FIXTURES = path.join(MCP_FIXTURES, "server-everything");

/** One entry per captured frame; seq from 1, receivedAt = the capture's ms timestamp. */
export function wireEntries(transport: WireTransport, connectionId = `everything-${transport}`): Entry[] {
  const frames = JSON.parse(readFileSync(path.join(FIXTURES, `${transport}-wire.json`), "utf8")) as WireFrame[];
  return frames.map((f, i) => ({
    seq: i + 1,
    connectionId,
    sessionKey: null,
    receivedAt: f.t,
    sourceTime: null,
    direction: f.dir === "c->s" ? "out" : "in",
    protocol: "mcp",
    kind: "message",
    raw: f.msg,
    rawBytes: Buffer.byteLength(JSON.stringify(f.msg)),
  }));
}

/** A crafted entry for malformed-input tests. */
export function entry(partial: Partial<Entry> & Pick<Entry, "seq">): Entry {
  return {
    connectionId: "c1",
    sessionKey: null,
    receivedAt: partial.seq * 10,
    sourceTime: null,
    direction: "in",
    protocol: "mcp",
    kind: "message",
    raw: null,
    rawBytes: 0,
    ...partial,
  };
}
