import { readFileSync } from "node:fs";
import type { CallRecord, CallStatus } from "@/lib/contracts/calls";

import { MCP_FIXTURES as FIX } from "@/lib/testing/shared-fixtures";

export const everythingCalls = JSON.parse(readFileSync(`${FIX}/server-everything/stdio-calls.json`, "utf8")) as Record<string, unknown>;

const everythingTools = JSON.parse(readFileSync(`${FIX}/server-everything/stdio-tools.json`, "utf8")) as {
  tools: { name: string; outputSchema?: unknown }[];
};

export const filesystemCalls = (
  JSON.parse(readFileSync(`${FIX}/server-filesystem/filesystem-listing.json`, "utf8")) as {
    calls: Record<string, unknown>;
  }
).calls;

export function outputSchemaOf(tool: string): unknown {
  return everythingTools.tools.find((t) => t.name === tool)?.outputSchema;
}

/** A finished CallRecord around a result or error, 1.25 s long. */
export function makeCall(tool: string, status: CallStatus, extra: Partial<CallRecord> = {}): CallRecord {
  return {
    id: "call-1",
    connectionId: "conn-1",
    tool,
    args: {},
    requestId: 7,
    startedAt: 1_000,
    endedAt: 2_250,
    timeoutMs: 60_000,
    status,
    ...extra,
  };
}
