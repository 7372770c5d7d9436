import type { Entry } from "@/lib/contracts/entries";
import { readFrame, readResult } from "@/lib/protocols/a2a/frames";
import type { A2aFrameResult, A2aItem } from "@/lib/protocols/a2a/frames";
import { buildTaskTimelines } from "@/lib/protocols/a2a/timeline";
import type { A2aTaskTimeline, A2aTimedItem } from "@/lib/protocols/a2a/timeline";
import { isRecord, type JsonRecord } from "@/lib/values";

const rec = (v: unknown): JsonRecord | null => (isRecord(v) ? v : null);

/** The message Loupe sent in a request body (JSON-RPC params.message, or a REST body's message). */
function sentMessage(body: unknown): A2aFrameResult | null {
  const b = rec(body);
  const m = rec(rec(b?.params)?.message) ?? rec(b?.message) ?? rec(rec(b?.request)?.message);
  if (!m) return null;
  // v0.3 names its kind; v1.0 is read through its oneof key.
  return readResult(m.kind === "message" ? m : { message: m });
}

/** What one entry says as an A2A item (lib/protocols/a2a/frames.ts), or why it cannot be read. */
export function readEntry(e: Entry): A2aFrameResult | null {
  const raw = rec(e.raw);
  if (!raw) return null;
  switch (e.kind) {
    case "a2a_frame":
      return readFrame(raw.payload);
    case "a2a_push":
      return readFrame(raw.body);
    case "a2a_request":
      return sentMessage(raw.body);
    default:
      return null;
  }
}

/**
 * The task's timeline (states with latency, messages both ways, assembled artifacts, transition
 * findings) from its entries, through the one builder in lib/protocols/a2a/timeline.ts. The message
 * that created the task names no taskId yet: it is the task's, since its exchange is.
 */
export function taskTimeline(entries: readonly Entry[], taskId: string): A2aTaskTimeline | null {
  const items: A2aTimedItem[] = [];
  for (const e of entries) {
    const r = readEntry(e);
    if (!r?.ok) continue;
    let item: A2aItem = r.item;
    if (item.type === "message" && !item.message.taskId) item = { ...item, message: { ...item.message, taskId } };
    items.push({ seq: e.seq, at: e.receivedAt, item });
  }
  return buildTaskTimelines(items).find((t) => t.taskId === taskId) ?? null;
}
