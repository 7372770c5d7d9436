import type { A2aTaskState } from "@/lib/contracts/a2a";
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
  /** An artifact chunk that more will follow (lastChunk not set). */
  streaming?: boolean;
  error?: boolean;
}

const rec = (v: unknown): JsonRecord | null => (isRecord(v) ? v : null);

const partsLine = (parts: readonly A2aPart[]) =>
  parts
    .map((p) => (p.kind === "text" ? p.text : p.kind === "file" ? `[file ${p.name ?? p.mimeType ?? ""}]`.replace(" ]", "]") : "[data]"))
    .join(" ");

/** A frame read by lib/protocols/a2a/frames.ts, as a row; one it cannot read is said so (and shown raw on click). */
function fromResult(r: A2aFrameResult | null): EntrySummary {
  if (!r) return { chip: "raw", text: "nothing Loupe can read in it: shown raw" };
  if (!r.ok) return { chip: "raw", text: `not an A2A frame Loupe can read (${r.error}): shown raw`, error: true };
  const item = r.item;
  switch (item.type) {
    case "task":
      return { chip: "task", state: item.state, text: messageText(item.message) };
    case "status":
      return { chip: "status-update", state: item.state, text: messageText(item.message) };
    case "artifact":
      return {
        chip: "artifact-update",
        text: `${item.artifact.name ?? item.artifact.artifactId}: ${partsLine(item.artifact.parts)}`,
        streaming: !item.lastChunk,
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
      return fromResult(readEntry(e));
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
