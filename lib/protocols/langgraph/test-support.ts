/** Test helpers: captured LangGraph streams (fixtures/*.json, `{ event, id?, data }[]`) as recorded entries. */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Entry } from "@/lib/contracts/entries";
import type { LgGraph, LgRunRecord } from "@/lib/contracts/langgraph";

export interface WireEvent {
  event: string;
  id?: string;
  data: unknown;
}

export function loadWire(name: string): WireEvent[] {
  const parsed: unknown = JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures", `${name}.json`), "utf8"));
  if (!Array.isArray(parsed)) throw new Error(`fixture ${name} is not an array`);
  return parsed.flatMap((e: unknown) =>
    typeof e === "object" && e !== null && "event" in e && typeof e.event === "string" && "data" in e
      ? [{ event: e.event, data: e.data, ...("id" in e && typeof e.id === "string" ? { id: e.id } : {}) }]
      : [],
  );
}

export class EntryLog {
  readonly entries: Entry[] = [];
  private seq = 0;
  constructor(
    public at = 1_700_000_000_000,
    private readonly threadId = "thread-1",
  ) {}

  add(kind: string, raw: unknown, direction: Entry["direction"] = "in", step = 10): Entry {
    this.seq += 1;
    this.at += step;
    const entry: Entry = {
      seq: this.seq,
      connectionId: "dep-1",
      sessionKey: this.threadId,
      receivedAt: this.at,
      sourceTime: null,
      direction,
      protocol: "langgraph",
      kind,
      raw,
      rawBytes: 0,
    };
    this.entries.push(entry);
    return entry;
  }

  events(runId: string, wire: readonly WireEvent[]): this {
    for (const e of wire) this.add("lg_event", { runId, event: e.event, ...(e.id !== undefined ? { id: e.id } : {}), data: e.data });
    return this;
  }

  run(record: Partial<LgRunRecord> & { runId: string }): this {
    const full: LgRunRecord = {
      threadId: this.threadId,
      deploymentId: "dep-1",
      assistantId: "asst-1",
      status: "running",
      startedAt: this.at,
      endedAt: null,
      eventCount: 0,
      ...record,
    };
    this.add("lg_run", full, "local");
    return this;
  }
}

/** fixtures/graph-xray.json (GET /assistants/{id}/graph?xray=true as the dev server answered) shaped as the contract's LgGraph. */
export function capturedXrayGraph(): LgGraph {
  const parsed: unknown = JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures", "graph-xray.json"), "utf8"));
  const rec = (v: unknown): Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v)) : {};
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  const text = (v: unknown): string => (typeof v === "string" ? v : "");
  const g = rec(parsed);
  return {
    assistantId: "asst-1",
    xray: true,
    nodes: list(g.nodes).map((n) => {
      const id = text(rec(n).id);
      return { id, type: text(rec(n).type), name: text(rec(rec(n).data).name) || id, parents: id.split(":").slice(0, -1), raw: n };
    }),
    edges: list(g.edges).map((e) => ({
      source: text(rec(e).source),
      target: text(rec(e).target),
      conditional: rec(e).conditional === true,
    })),
  };
}
