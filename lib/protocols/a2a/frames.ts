import { z } from "zod";
import type { A2aTaskState } from "@/lib/contracts/a2a";
import type { A2aArtifact, A2aFrameResult, A2aItem, A2aMessage, A2aPart } from "@/lib/protocols/a2a/types";
import { isRecord } from "@/lib/values";

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

class FrameError extends Error {}

/** The wire version a frame's envelope names (v0.3 `kind`, v1.0 wrapper key); its parts are read in it. */
type WireVersion = "0.3" | "1.0";

/** Plain checks, no schema library: this runs for every part of every frame the relay records. */
function optionalString(o: Record<string, unknown>, key: string): string | undefined {
  const v = o[key];
  if (v !== undefined && typeof v !== "string") throw new FrameError(`${key} is not a string`);
  return v;
}

function optionalMetadata(o: Record<string, unknown>): Record<string, unknown> | undefined {
  const m = o.metadata;
  if (m !== undefined && !isRecord(m)) throw new FrameError("metadata is not an object");
  return m;
}

/** v0.3 parts name their kind: `{ kind: "text", text }`, `{ kind: "data", data }`, `{ kind: "file", file }`. */
function readV03Part(p: Record<string, unknown>): A2aPart {
  if (p.kind === "text") {
    if (typeof p.text !== "string") throw new FrameError("text is not a string");
    return { kind: "text", text: p.text };
  }
  if (p.kind === "data") {
    const metadata = optionalMetadata(p);
    return { kind: "data", data: p.data, ...(metadata ? { metadata } : {}) };
  }
  if (p.kind === "file" && isRecord(p.file)) {
    const f = p.file;
    const file = {
      name: optionalString(f, "name"),
      mimeType: optionalString(f, "mimeType"),
      bytes: optionalString(f, "bytes"),
      uri: optionalString(f, "uri"),
    };
    return { kind: "file", ...strip(file) };
  }
  throw new FrameError("not a v0.3 part");
}

/** v1.0 parts are a oneof: exactly one of text / data / raw (base64) / url (every stream chunk: counted with no list, issue 23). */
function readV1Part(p: Record<string, unknown>): A2aPart {
  const text = optionalString(p, "text"),
    raw = optionalString(p, "raw"),
    url = optionalString(p, "url");
  const filename = optionalString(p, "filename"),
    mediaType = optionalString(p, "mediaType"),
    metadata = optionalMetadata(p);
  const carried = (text === undefined ? 0 : 1) + (p.data === undefined ? 0 : 1) + (raw === undefined ? 0 : 1) + (url === undefined ? 0 : 1);
  if (carried !== 1) throw new FrameError("a part must carry exactly one of text, data, raw, url");
  if (text !== undefined) return { kind: "text", text };
  if (p.data !== undefined) return { kind: "data", data: p.data, ...(metadata ? { metadata } : {}) };
  return { kind: "file", ...strip({ name: filename, mimeType: mediaType, bytes: raw, uri: url }) };
}

/** Read in the frame's version; the other one is tried only when that fails (an agent mixing them). */
function readPart(raw: unknown, version: WireVersion): A2aPart | string {
  if (!isRecord(raw)) return "not an object";
  const [first, second] = version === "0.3" ? [readV03Part, readV1Part] : [readV1Part, readV03Part];
  try {
    return first(raw);
  } catch (e) {
    if (!(e instanceof FrameError)) throw e;
    try {
      return second(raw);
    } catch {
      // The v1.0 reader's reason, as before: it names what a part must carry.
      return version === "1.0" ? e.message : errorOf(() => readV1Part(raw));
    }
  }
}

function errorOf(read: () => unknown): string {
  try {
    read();
    return "not a part";
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
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

function parts(raw: unknown, where: string, version: WireVersion): A2aPart[] {
  if (!Array.isArray(raw)) throw new FrameError(`${where}.parts is not an array`);
  return raw.map((p, i) => {
    const part = readPart(p, version);
    if (typeof part === "string") throw new FrameError(`${where}.parts[${i}]: ${part}`);
    return part;
  });
}

const ROLES: Record<string, A2aMessage["role"]> = { user: "user", agent: "agent", ROLE_USER: "user", ROLE_AGENT: "agent" };

function object(raw: unknown, where: string): Record<string, unknown> {
  if (!isRecord(raw)) throw new FrameError(`${where} is not an object`);
  return raw;
}

function message(raw: unknown, where: string, v: WireVersion): A2aMessage {
  const o = object(raw, where);
  return {
    ...strip({ messageId: str(o.messageId), taskId: str(o.taskId), contextId: str(o.contextId) }),
    role: ROLES[String(o.role)] ?? "unknown",
    parts: parts(o.parts, where, v),
  };
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

function need(v: unknown, what: string): string {
  if (typeof v !== "string" || v === "") throw new FrameError(`${what} is missing`);
  return v;
}

function status(raw: unknown, where: string, v: WireVersion): { state: A2aTaskState; message?: A2aMessage; timestamp?: string } {
  const s = object(raw, where);
  const state = normalizeState(s.state);
  if (state === "unknown" && typeof s.state !== "string") throw new FrameError(`${where}.state is missing`);
  const msg = s.message === undefined || s.message === null ? undefined : message(s.message, `${where}.message`, v);
  return { state, ...(msg ? { message: msg } : {}), ...strip({ timestamp: str(s.timestamp) }) };
}

function artifact(raw: unknown, where: string, v: WireVersion): A2aArtifact {
  const a = object(raw, where);
  const artifactId = need(a.artifactId, `${where}.artifactId`);
  const name = str(a.name);
  const description = str(a.description);
  const read = parts(a.parts, where, v); // Each stream chunk's: no spread followed by keys (V8's slow path).
  if (description === undefined) return name === undefined ? { artifactId, parts: read } : { artifactId, name, parts: read };
  return name === undefined ? { artifactId, description, parts: read } : { artifactId, name, description, parts: read };
}

function task(o: Record<string, unknown>, where: string, v: WireVersion): A2aItem {
  const st = status(o.status, `${where}.status`, v);
  const artifacts = Array.isArray(o.artifacts) ? o.artifacts.map((a, i) => artifact(a, `${where}.artifacts[${i}]`, v)) : [];
  const history = Array.isArray(o.history) ? o.history.map((m, i) => message(m, `${where}.history[${i}]`, v)) : [];
  return { type: "task", taskId: need(o.id, `${where}.id`), contextId: need(o.contextId, `${where}.contextId`), ...st, artifacts, history };
}

function statusUpdate(o: Record<string, unknown>, where: string, v: WireVersion): A2aItem {
  const st = status(o.status, `${where}.status`, v);
  return {
    type: "status",
    taskId: need(o.taskId, `${where}.taskId`),
    contextId: need(o.contextId, `${where}.contextId`),
    ...st,
    ...(typeof o.final === "boolean" ? { final: o.final } : {}),
  };
}

function artifactUpdate(o: Record<string, unknown>, where: string, v: WireVersion): A2aItem {
  return {
    type: "artifact",
    taskId: need(o.taskId, `${where}.taskId`),
    contextId: need(o.contextId, `${where}.contextId`),
    artifact: artifact(o.artifact, `${where}.artifact`, v),
    append: o.append === true,
    lastChunk: o.lastChunk === true,
  };
}

/**
 * One result object (a JSON-RPC `result`, a REST body or an SSE event's data), either version. The
 * envelope says which (a v0.3 `kind`, a v1.0 wrapper key): the parts inside are read in that one.
 */
export function readResult(raw: unknown): A2aFrameResult {
  try {
    if (!isRecord(raw)) return { ok: false, error: "the result is not an object" };
    const o = raw;
    // v0.3: the object names its kind.
    switch (o.kind) {
      case "task":
        return { ok: true, version: "0.3", item: task(o, "task", "0.3") };
      case "message":
        return { ok: true, version: "0.3", item: { type: "message", message: message(o, "message", "0.3") } };
      case "status-update":
        return { ok: true, version: "0.3", item: statusUpdate(o, "status-update", "0.3") };
      case "artifact-update":
        return { ok: true, version: "0.3", item: artifactUpdate(o, "artifact-update", "0.3") };
    }
    // v1.0: a StreamResponse / SendMessageResponse names its payload by key.
    if (o.task !== undefined) return { ok: true, version: "1.0", item: task(object(o.task, "task"), "task", "1.0") };
    if (o.message !== undefined)
      return { ok: true, version: "1.0", item: { type: "message", message: message(o.message, "message", "1.0") } };
    if (o.statusUpdate !== undefined)
      return { ok: true, version: "1.0", item: statusUpdate(object(o.statusUpdate, "statusUpdate"), "statusUpdate", "1.0") };
    if (o.artifactUpdate !== undefined)
      return { ok: true, version: "1.0", item: artifactUpdate(object(o.artifactUpdate, "artifactUpdate"), "artifactUpdate", "1.0") };
    // A bare Task (GetTask / CancelTask in v1.0).
    if (typeof o.id === "string" && o.status !== undefined) return { ok: true, version: "1.0", item: task(o, "task", "1.0") };
    // A push notification config (v0.3 nests it, v1.0 does not).
    if (typeof o.taskId === "string" && (o.pushNotificationConfig !== undefined || typeof o.url === "string")) {
      const nested = o.pushNotificationConfig;
      const url = str(isRecord(nested) ? nested.url : o.url);
      return {
        ok: true,
        version: nested !== undefined ? "0.3" : "1.0",
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
  if (!isRecord(json)) return { ok: false, error: "the frame is not a JSON object" };
  const o = json;
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
