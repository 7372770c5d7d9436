import { z } from "zod";
import type { A2aTaskState } from "@/lib/contracts/a2a";
import type { A2aArtifact, A2aFrameResult, A2aItem, A2aMessage, A2aPart } from "@/lib/protocols/a2a/types";

/**
 * Pure, browser-safe reading of A2A frames (issue 11 §2). One frame is a JSON-RPC response, a REST
 * body or one SSE event's data, in either wire version:
 *   v0.3: objects carry `kind` ("task" | "message" | "status-update" | "artifact-update"), parts
 *         are `{ kind: "text", text }`, states are "input-required"…, roles "user" / "agent";
 *   v1.0: a StreamResponse wraps one of `task` / `message` / `statusUpdate` / `artifactUpdate`,
 *         parts are `{ text }` / `{ data }` / `{ raw | url }`, states "TASK_STATE_INPUT_REQUIRED"…
 * Both become one A2aItem; a frame that fits neither is reported (never guessed at).
 */

// The normalized shapes live in types.ts (message.ts reads them too); re-exported here, the module's entry point.
export type { A2aArtifact, A2aFrameResult, A2aItem, A2aMessage, A2aPart } from "@/lib/protocols/a2a/types";

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

const V03_STATES: Record<string, A2aTaskState> = {
  submitted: "submitted",
  working: "working",
  "input-required": "input-required",
  "auth-required": "auth-required",
  completed: "completed",
  failed: "failed",
  canceled: "canceled",
  // v0.2 spelled it this way; some agents still do.
  cancelled: "canceled",
  rejected: "rejected",
};

/** Either wire version's state name → Loupe's ("unknown" for anything else, e.g. TASK_STATE_UNSPECIFIED). */
export function normalizeState(state: unknown): A2aTaskState {
  if (typeof state !== "string") return "unknown";
  return V1_STATES[state] ?? V03_STATES[state] ?? "unknown";
}

/** Loupe's state → the v1.0 wire name. */
export function toV1State(state: A2aTaskState): string {
  const found = Object.entries(V1_STATES).find(([, s]) => s === state);
  return found ? found[0] : "TASK_STATE_UNSPECIFIED";
}

const Obj = z.record(z.string(), z.unknown());
const Str = z.string();
const OptStr = z.string().optional();

const V03Part = z.union([
  z.object({ kind: z.literal("text"), text: Str }),
  z.object({ kind: z.literal("data"), data: z.unknown(), metadata: z.record(z.string(), z.unknown()).optional() }),
  z.object({ kind: z.literal("file"), file: z.object({ name: OptStr, mimeType: OptStr, bytes: OptStr, uri: OptStr }) }),
]);
// v1.0 parts are a oneof: exactly one of text / data / raw (base64) / url.
const V1Part = z
  .object({
    text: OptStr,
    data: z.unknown().optional(),
    raw: OptStr,
    url: OptStr,
    filename: OptStr,
    mediaType: OptStr,
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .refine(
    (p) => [p.text, p.data, p.raw, p.url].filter((v) => v !== undefined).length === 1,
    "a part must carry exactly one of text, data, raw, url",
  );

function readPart(raw: unknown): A2aPart | string {
  const v03 = V03Part.safeParse(raw);
  if (v03.success) {
    const p = v03.data;
    if (p.kind === "text") return { kind: "text", text: p.text };
    if (p.kind === "data") return { kind: "data", data: p.data, ...(p.metadata ? { metadata: p.metadata } : {}) };
    return { kind: "file", ...strip({ name: p.file.name, mimeType: p.file.mimeType, bytes: p.file.bytes, uri: p.file.uri }) };
  }
  const v1 = V1Part.safeParse(raw);
  if (!v1.success) return v1.error.issues[0]?.message ?? "not a part";
  const p = v1.data;
  if (p.text !== undefined) return { kind: "text", text: p.text };
  if (p.data !== undefined) return { kind: "data", data: p.data, ...(p.metadata ? { metadata: p.metadata } : {}) };
  return { kind: "file", ...strip({ name: p.filename, mimeType: p.mediaType, bytes: p.raw, uri: p.url }) };
}

/** The fields of `o` that carry a value (neither undefined nor ""). */
function strip<K extends string>(o: Record<K, string | undefined>): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key in o) {
    const value = o[key];
    if (value !== undefined && value !== "") out[key] = value;
  }
  return out;
}

class FrameError extends Error {}

function parts(raw: unknown, where: string): A2aPart[] {
  if (!Array.isArray(raw)) throw new FrameError(`${where}.parts is not an array`);
  return raw.map((p, i) => {
    const part = readPart(p);
    if (typeof part === "string") throw new FrameError(`${where}.parts[${i}]: ${part}`);
    return part;
  });
}

const ROLES: Record<string, A2aMessage["role"]> = { user: "user", agent: "agent", ROLE_USER: "user", ROLE_AGENT: "agent" };

function message(raw: unknown, where: string): A2aMessage {
  const m = Obj.safeParse(raw);
  if (!m.success) throw new FrameError(`${where} is not an object`);
  const o = m.data;
  return {
    ...strip({ messageId: str(o.messageId), taskId: str(o.taskId), contextId: str(o.contextId) }),
    role: ROLES[String(o.role)] ?? "unknown",
    parts: parts(o.parts, where),
  };
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

function need(v: unknown, what: string): string {
  if (typeof v !== "string" || v === "") throw new FrameError(`${what} is missing`);
  return v;
}

function status(raw: unknown, where: string): { state: A2aTaskState; message?: A2aMessage; timestamp?: string } {
  const s = Obj.safeParse(raw);
  if (!s.success) throw new FrameError(`${where} is not an object`);
  const state = normalizeState(s.data.state);
  if (state === "unknown" && typeof s.data.state !== "string") throw new FrameError(`${where}.state is missing`);
  const msg = s.data.message === undefined || s.data.message === null ? undefined : message(s.data.message, `${where}.message`);
  return { state, ...(msg ? { message: msg } : {}), ...strip({ timestamp: str(s.data.timestamp) }) };
}

function artifact(raw: unknown, where: string): A2aArtifact {
  const a = Obj.safeParse(raw);
  if (!a.success) throw new FrameError(`${where} is not an object`);
  return {
    artifactId: need(a.data.artifactId, `${where}.artifactId`),
    ...strip({ name: str(a.data.name), description: str(a.data.description) }),
    parts: parts(a.data.parts, where),
  };
}

function task(o: Record<string, unknown>, where: string): A2aItem {
  const st = status(o.status, `${where}.status`);
  const artifacts = Array.isArray(o.artifacts) ? o.artifacts.map((a, i) => artifact(a, `${where}.artifacts[${i}]`)) : [];
  const history = Array.isArray(o.history) ? o.history.map((m, i) => message(m, `${where}.history[${i}]`)) : [];
  return { type: "task", taskId: need(o.id, `${where}.id`), contextId: need(o.contextId, `${where}.contextId`), ...st, artifacts, history };
}

function statusUpdate(o: Record<string, unknown>, where: string): A2aItem {
  const st = status(o.status, `${where}.status`);
  return {
    type: "status",
    taskId: need(o.taskId, `${where}.taskId`),
    contextId: need(o.contextId, `${where}.contextId`),
    ...st,
    ...(typeof o.final === "boolean" ? { final: o.final } : {}),
  };
}

function artifactUpdate(o: Record<string, unknown>, where: string): A2aItem {
  return {
    type: "artifact",
    taskId: need(o.taskId, `${where}.taskId`),
    contextId: need(o.contextId, `${where}.contextId`),
    artifact: artifact(o.artifact, `${where}.artifact`),
    append: o.append === true,
    lastChunk: o.lastChunk === true,
  };
}

/** One result object (a JSON-RPC `result`, a REST body or an SSE event's data), either version. */
export function readResult(raw: unknown): A2aFrameResult {
  try {
    const r = Obj.safeParse(raw);
    if (!r.success) return { ok: false, error: "the result is not an object" };
    const o = r.data;
    // v0.3: the object names its kind.
    switch (o.kind) {
      case "task":
        return { ok: true, version: "0.3", item: task(o, "task") };
      case "message":
        return { ok: true, version: "0.3", item: { type: "message", message: message(o, "message") } };
      case "status-update":
        return { ok: true, version: "0.3", item: statusUpdate(o, "status-update") };
      case "artifact-update":
        return { ok: true, version: "0.3", item: artifactUpdate(o, "artifact-update") };
    }
    // v1.0: a StreamResponse / SendMessageResponse names its payload by key.
    const wrap = (key: string) => Obj.safeParse(o[key]);
    if (o.task !== undefined) {
      const t = wrap("task");
      if (!t.success) throw new FrameError("task is not an object");
      return { ok: true, version: "1.0", item: task(t.data, "task") };
    }
    if (o.message !== undefined) return { ok: true, version: "1.0", item: { type: "message", message: message(o.message, "message") } };
    if (o.statusUpdate !== undefined) {
      const s = wrap("statusUpdate");
      if (!s.success) throw new FrameError("statusUpdate is not an object");
      return { ok: true, version: "1.0", item: statusUpdate(s.data, "statusUpdate") };
    }
    if (o.artifactUpdate !== undefined) {
      const a = wrap("artifactUpdate");
      if (!a.success) throw new FrameError("artifactUpdate is not an object");
      return { ok: true, version: "1.0", item: artifactUpdate(a.data, "artifactUpdate") };
    }
    // A bare Task (GetTask / CancelTask in v1.0).
    if (typeof o.id === "string" && o.status !== undefined) return { ok: true, version: "1.0", item: task(o, "task") };
    // A push notification config (v0.3 nests it, v1.0 does not).
    if (typeof o.taskId === "string" && (o.pushNotificationConfig !== undefined || typeof o.url === "string")) {
      const nested = Obj.safeParse(o.pushNotificationConfig);
      const url = str(nested.success ? nested.data.url : o.url);
      return {
        ok: true,
        version: o.pushNotificationConfig !== undefined ? "0.3" : "1.0",
        item: { type: "push-config", taskId: o.taskId, ...strip({ url }) },
      };
    }
    return { ok: false, error: "the result is none of task, message, status update, artifact update" };
  } catch (e) {
    if (e instanceof FrameError) return { ok: false, error: e.message };
    throw e;
  }
}

const JsonRpcError = z.object({ code: z.union([z.number(), z.string()]), message: z.string(), data: z.unknown().optional() });

/**
 * One frame as received: a JSON-RPC response envelope (`jsonrpc: "2.0"`), a REST error body, or a
 * bare result. SSE `event: error` data is a JSON-RPC error object.
 */
export function readFrame(json: unknown): A2aFrameResult {
  const r = Obj.safeParse(json);
  if (!r.success) return { ok: false, error: "the frame is not a JSON object" };
  const o = r.data;
  if (o.jsonrpc !== undefined) {
    if (o.jsonrpc !== "2.0") return { ok: false, error: `jsonrpc is ${JSON.stringify(o.jsonrpc)}, not "2.0"` };
    if (o.error !== undefined) {
      const e = JsonRpcError.safeParse(o.error);
      if (!e.success) return { ok: false, error: "the JSON-RPC error has no code and message" };
      return { ok: true, version: "1.0", item: { type: "error", ...e.data } };
    }
    if (!("result" in o)) return { ok: false, error: "a JSON-RPC response without result or error" };
    return readResult(o.result);
  }
  // REST errors: google.rpc.Status `{ error: { code, message, status } }` (v1.0) or `{ code, message }`.
  const restError = JsonRpcError.safeParse(o.error ?? (o.kind === undefined && o.code !== undefined ? o : undefined));
  if (restError.success) return { ok: true, version: "1.0", item: { type: "error", ...restError.data } };
  return readResult(o);
}

// What a message asks lives in message.ts; re-exported so existing importers keep one entry point.
export { adkFunctionCall, messagePrompt, messageSchema, messageText } from "@/lib/protocols/a2a/message";
