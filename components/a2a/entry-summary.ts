import { A2A_TERMINAL_STATES, type A2aTaskState } from "@/lib/contracts/a2a";
import type { Entry } from "@/lib/contracts/entries";
import { messageText } from "@/lib/protocols/a2a/frames";
import type { A2aFrameResult, A2aPart } from "@/lib/protocols/a2a/frames";
import { readEntry } from "@/components/a2a/task-model";
import { isRecord, type JsonRecord } from "@/lib/values";

/** What one row of the task log says about its entry: a chip, maybe a state, a line of text. */
export interface EntrySummary {
  /** task | status-update | artifact-update | message | request | stream | push · … | malformed | error | card | request-state | raw | an unknown kind */
  chip: string;
  state?: A2aTaskState;
  text?: string;
  /** Who spoke, for messages: the user's words or the agent's. */
  role?: "user" | "agent" | "unknown";
  /** An artifact chunk that more may follow (lastChunk not set, and nothing later ended it: settleStreaming). */
  streaming?: boolean;
  error?: boolean;
  /** An artifact chunk's artifact (task and artifact id) and the exchange that carried it. */
  chunk?: { key: string; task: string; exchange?: string };
  /** What this row ends: its task (a terminal state), or its exchange's stream (closed or dropped). */
  ends?: { task?: string; exchange?: string };
}

const rec = (v: unknown): JsonRecord | null => (isRecord(v) ? v : null);

const partsLine = (parts: readonly A2aPart[]) =>
  parts
    .map((p) => (p.kind === "text" ? p.text : p.kind === "file" ? `[file ${p.name ?? p.mimeType ?? ""}]`.replace(" ]", "]") : "[data]"))
    .join(" ");

/** A frame read by lib/protocols/a2a/frames.ts, as a row; one it cannot read is said so (and shown raw on click). */
function fromResult(r: A2aFrameResult | null, exchange?: string): EntrySummary {
  if (!r) return { chip: "raw", text: "nothing Loupe can read in it: shown raw" };
  if (!r.ok) return { chip: "raw", text: `not an A2A frame Loupe can read (${r.error}): shown raw`, error: true };
  const item = r.item;
  switch (item.type) {
    case "task":
    case "status": {
      const ends = A2A_TERMINAL_STATES.includes(item.state) ? { ends: { task: item.taskId } } : {};
      return { chip: item.type === "task" ? "task" : "status-update", state: item.state, text: messageText(item.message), ...ends };
    }
    case "artifact":
      return {
        chip: "artifact-update",
        text: `${item.artifact.name ?? item.artifact.artifactId}: ${partsLine(item.artifact.parts)}`,
        streaming: !item.lastChunk,
        chunk: { key: `${item.taskId}\n${item.artifact.artifactId}`, task: item.taskId, exchange },
      };
    case "message":
      return { chip: "message", role: item.message.role, text: partsLine(item.message.parts) };
    case "push-config":
      return { chip: "push-config", text: item.url };
    case "error":
      return { chip: "error", text: `${item.code} ${item.message}`.trim(), error: true };
  }
}

export function summarizeEntry(e: Entry): EntrySummary {
  const raw = rec(e.raw) ?? {};
  switch (e.kind) {
    case "a2a_request": {
      const sent = readEntry(e);
      const words = sent?.ok && sent.item.type === "message" ? ` · ${partsLine(sent.item.message.parts)}` : "";
      return { chip: "request", text: `${String(raw.method ?? "")}${words}`, role: words ? "user" : undefined };
    }
    case "a2a_frame":
      return fromResult(readEntry(e), typeof raw.exchangeId === "string" ? raw.exchangeId : undefined);
    case "a2a_push": {
      const s = fromResult(readEntry(e));
      return { ...s, chip: `push · ${s.chip}` };
    }
    case "a2a_malformed":
      return { chip: "malformed", text: String(raw.error ?? ""), error: true };
    case "a2a_stream":
      return {
        chip: "stream",
        text: `${String(raw.event ?? "")}${raw.error ? `: ${String(raw.error)}` : ""}`,
        error: raw.event === "dropped",
        ...(raw.event === "closed" || raw.event === "dropped" ? { ends: { exchange: String(raw.exchangeId ?? "") } } : {}),
      };
    case "a2a_request_state":
      return {
        chip: "request-state",
        text: `${String(raw.kind ?? "")} request ${String(raw.status ?? "")}${raw.reason ? `: ${String(raw.reason)}` : ""}`,
      };
    case "a2a_card":
      return { chip: "card", text: String(raw.error ?? raw.url ?? ""), error: Boolean(raw.error) };
    default:
      return { chip: e.kind, text: "an entry kind this view does not know: shown raw" };
  }
}

/**
 * Leaves "streaming" only on the newest chunk of an artifact more of which may come: not on a chunk
 * a later one of its artifact follows, nor once its task ended (a terminal state) or the stream of
 * the exchange that carried it closed or dropped. Before, every chunk but the last kept a pulsing
 * "streaming" badge for good, 599 of them on a completed 600-chunk task. `rows` in timeline order.
 */
export function settleStreaming(rows: readonly EntrySummary[]): void {
  const later = new Set<string>();
  const endedTasks = new Set<string>();
  const closed = new Set<string>();
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i];
    if (!row) continue;
    if (row.ends?.task) endedTasks.add(row.ends.task);
    if (row.ends?.exchange) closed.add(row.ends.exchange);
    const chunk = row.chunk;
    if (!chunk) continue;
    if (later.has(chunk.key) || endedTasks.has(chunk.task) || (chunk.exchange !== undefined && closed.has(chunk.exchange)))
      row.streaming = false;
    later.add(chunk.key);
  }
}
