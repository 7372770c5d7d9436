// Test-only helper (Node): reads the ADK JS api_server captures in shared/fixtures/adk-js.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ADK_FIXTURES } from "@/lib/testing/shared-fixtures";
import { parseSseBody } from "./sse";

export { ADK_FIXTURES } from "@/lib/testing/shared-fixtures";

export function fixtureNames(ext: string): string[] {
  return readdirSync(ADK_FIXTURES)
    .filter((f) => f.endsWith(ext))
    .sort();
}

export function fixtureBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(ADK_FIXTURES, name)));
}

export function fixtureJson(name: string): unknown {
  return JSON.parse(readFileSync(path.join(ADK_FIXTURES, name), "utf8")) as unknown;
}

/** The `data` of every event frame of an SSE capture (prefix match: "21" → 21_….sse). */
export function sseEvents(prefix: string): unknown[] {
  const name = fixtureNames(".sse").find((f) => f.startsWith(prefix));
  if (!name) throw new Error(`no SSE capture ${prefix}`);
  return parseSseBody(fixtureBytes(name)).flatMap((f) => (f.kind === "event" ? [f.data] : []));
}

/** A stored session capture's raw events and state. */
export function sessionFixture(name: string): { events: unknown[]; state: Record<string, unknown> } {
  const s = fixtureJson(name) as { events: unknown[]; state: Record<string, unknown> };
  return { events: s.events, state: s.state };
}

/** `newMessage` of a run request capture (prefix match). */
export function requestMessage(prefix: string): unknown {
  const name = fixtureNames(".request.json").find((f) => f.startsWith(prefix));
  if (!name) throw new Error(`no request capture ${prefix}`);
  return (fixtureJson(name) as { newMessage: unknown }).newMessage;
}
