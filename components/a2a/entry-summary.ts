import type { A2aTaskState } from "@/lib/contracts/a2a";
import type { Entry } from "@/lib/contracts/entries";

/** What one row of the task log says about its entry: a chip, maybe a state, a line of text. */
export interface EntrySummary {
  /** task | status-update | artifact-update | message | request | stream | push | malformed | error | card | request-state | raw */
  chip: string;
  state?: A2aTaskState;
  text?: string;
  /** Direction of a message part: the user's words or the agent's. */
  role?: "user" | "agent";
  /** An artifact chunk that more will follow (append without lastChunk). */
  streaming?: boolean;
  error?: boolean;
}

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec | null => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Rec) : null);

const V1_STATES: Record<string, A2aTaskState> = {
  TASK_STATE_SUBMITTED: "submitted",
  TASK_STATE_WORKING: "working",
  TASK_STATE_INPUT_REQUIRED: "input-required",
  TASK_STATE_AUTH_REQUIRED: "auth-required",
  TASK_STATE_COMPLETED: "completed",
  TASK_STATE_FAILED: "failed",
  TASK_STATE_CANCELED: "canceled",
  TASK_STATE_REJECTED: "rejected",
};
const V03_STATES = new Set<string>(["submitted", "working", "input-required", "auth-required", "completed", "failed", "canceled", "rejected"]);

/** Both wires' state names onto the contract's (v1.0 TASK_STATE_* → v0.3 style). */
export function stateName(v: unknown): A2aTaskState | undefined {
  if (typeof v !== "string") return undefined;
  return V03_STATES.has(v) ? (v as A2aTaskState) : (V1_STATES[v] ?? "unknown");
}

/** The text parts of a message, joined (v0.3 `{kind:"text",text}`, v1.0 `{text}`). */
export function partsText(parts: unknown): string {
  if (!Array.isArray(parts)) return "";
  return parts
    .map((p) => {
      const part = rec(p);
      if (!part) return "";
      if (typeof part.text === "string") return part.text;
      if (part.kind === "file" || part.file || part.raw || part.url) return `[file ${String(rec(part.file)?.name ?? part.filename ?? "")}]`.replace(" ]", "]");
      if (part.kind === "data" || part.data !== undefined) return "[data]";
      return "";
    })
    .filter(Boolean)
    .join(" ");
}

/** The A2A object inside a frame's payload: a JSON-RPC result, a REST body, or a v1.0 oneof wrapper. */
function unwrap(payload: unknown): { kind: string; obj: Rec } | null {
  const p = rec(payload);
  if (!p) return null;
  if (p.error !== undefined && p.jsonrpc) return { kind: "error", obj: rec(p.error) ?? {} };
  const body = rec(p.result) ?? (p.jsonrpc ? null : p);
  if (!body) return null;
  if (typeof body.kind === "string") return { kind: body.kind, obj: body };
  for (const [key, kind] of [["task", "task"], ["message", "message"], ["statusUpdate", "status-update"], ["artifactUpdate", "artifact-update"], ["msg", "message"]] as const) {
    const inner = rec(body[key]);
    if (inner) return { kind, obj: inner };
  }
  if (body.status && body.id) return { kind: "task", obj: body };
  return null;
}

export function summarizeEntry(e: Entry): EntrySummary {
  const raw = rec(e.raw) ?? {};
  switch (e.kind) {
    case "a2a_request": {
      const params = rec(rec(raw.body)?.params) ?? rec(raw.body) ?? {};
      const message = rec(params.message);
      return { chip: "request", text: `${String(raw.method ?? "")}${message ? ` · ${partsText(message.parts)}` : ""}`, role: message ? "user" : undefined };
    }
    case "a2a_frame":
      return summarizeFrame(raw.payload);
    case "a2a_malformed":
      return { chip: "malformed", text: String(raw.error ?? ""), error: true };
    case "a2a_stream":
      return { chip: "stream", text: `${String(raw.event ?? "")}${raw.error ? `: ${String(raw.error)}` : ""}`, error: raw.event === "dropped" };
    case "a2a_push": {
      const s = summarizeFrame(raw.body);
      return { ...s, chip: `push · ${s.chip}` };
    }
    case "a2a_request_state":
      return { chip: "request-state", text: `${String(raw.kind ?? "")} request ${String(raw.status ?? "")}${raw.reason ? `: ${String(raw.reason)}` : ""}` };
    case "a2a_card":
      return { chip: "card", text: String(raw.error ?? raw.url ?? ""), error: Boolean(raw.error) };
    default:
      return { chip: e.kind, text: "unknown entry kind: shown raw" };
  }
}

function summarizeFrame(payload: unknown): EntrySummary {
  const u = unwrap(payload);
  if (!u) return { chip: "raw", text: "a frame Loupe cannot read: shown raw" };
  const { kind, obj } = u;
  if (kind === "error") return { chip: "error", text: `${String(obj.code ?? "")} ${String(obj.message ?? "")}`.trim(), error: true };
  if (kind === "message") return { chip: "message", role: obj.role === "user" || obj.role === "ROLE_USER" ? "user" : "agent", text: partsText(obj.parts ?? obj.content) };
  if (kind === "task" || kind === "status-update") {
    const status = rec(obj.status) ?? {};
    return { chip: kind, state: stateName(status.state), text: partsText(rec(status.message)?.parts) || undefined };
  }
  if (kind === "artifact-update") {
    const artifact = rec(obj.artifact) ?? {};
    const name = typeof artifact.name === "string" ? artifact.name : String(artifact.artifactId ?? "artifact");
    return { chip: kind, text: `${name}: ${partsText(artifact.parts)}`, streaming: isOpenChunk(obj) };
  }
  return { chip: kind };
}

/** More chunks follow: lastChunk is false, or a chunk appended without lastChunk (A2A TaskArtifactUpdateEvent). */
function isOpenChunk(update: Rec): boolean {
  return update.lastChunk === false || (update.append === true && update.lastChunk !== true);
}
