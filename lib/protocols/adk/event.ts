/**
 * Raw ADK event → AdkEvent. Accepts the JS and Python spellings side by side (adk.md §4): camelCase
 * or snake_case keys, ms or s timestamps, top-level `route` (JS) or `actions.route` (Python),
 * `nodeInfo.path` with `.` (JS) or `/` + `@run` (Python), JS CompactedEvent or Python
 * `actions.compaction`. Never throws: odd input becomes `shape: "unrecognized"` with `issues`.
 */
import { isRecord } from "@/lib/values";
import { field, hasField, rec, str, strList, toEpochMs, type JsonRecord } from "./guards";
import { contentText, normalizeContent, normalizeUsage } from "./parts";
import type { AdkActions, AdkCompaction, AdkEvent, AdkNodeInfo } from "./types";

/** Keys any ADK Event (JS or Python) is built from; an object with none of them is not an event. */
const EVENT_KEYS = ["invocationId", "author", "content", "actions", "longRunningToolIds", "errorCode", "partial"];

function numberRecord(value: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (!isRecord(value)) return out;
  for (const [k, v] of Object.entries(value)) if (typeof v === "number") out[k] = v;
  return out;
}

function normalizeActions(raw: unknown): AdkActions {
  const a: JsonRecord = rec(raw) ?? {};
  const transfer = str(field(a, "transferToAgent"));
  const rewind = str(field(a, "rewindBeforeInvocationId"));
  const agentState = field(a, "agentState");
  const flag = (name: string): boolean | undefined => {
    const v = field(a, name);
    return typeof v === "boolean" ? v : undefined;
  };
  const escalate = flag("escalate");
  const skip = flag("skipSummarization");
  const endOfAgent = flag("endOfAgent");
  return {
    stateDelta: rec(field(a, "stateDelta")) ?? {},
    artifactDelta: numberRecord(field(a, "artifactDelta")),
    requestedAuthConfigs: rec(field(a, "requestedAuthConfigs")) ?? {},
    requestedToolConfirmations: rec(field(a, "requestedToolConfirmations")) ?? {},
    ...(transfer !== undefined ? { transferToAgent: transfer } : {}),
    ...(escalate !== undefined ? { escalate } : {}),
    ...(skip !== undefined ? { skipSummarization: skip } : {}),
    ...(agentState !== undefined && agentState !== null ? { agentState } : {}),
    ...(endOfAgent !== undefined ? { endOfAgent } : {}),
    ...(rewind !== undefined ? { rewindBeforeInvocationId: rewind } : {}),
  };
}

/** `wf/A@1/B@2` → `wf.A.B`; `wf.child` unchanged. */
export function normalizeNodePath(path: string): string {
  return path
    .split(/[/.]/)
    .map((seg) => seg.replace(/@[^@]*$/, ""))
    .filter((seg) => seg !== "")
    .join(".");
}

function normalizeNodeInfo(raw: unknown): AdkNodeInfo | undefined {
  const n = rec(raw);
  const rawPath = n ? str(n.path) : undefined;
  // Python always sends nodeInfo, `{"path":""}` outside workflows: treat as absent.
  if (!n || rawPath === undefined || rawPath === "") return undefined;
  const outputFor = field(n, "outputFor");
  return {
    path: normalizeNodePath(rawPath),
    rawPath,
    ...(Array.isArray(outputFor) ? { outputFor: strList(outputFor).map(normalizeNodePath) } : {}),
  };
}

function normalizeCompaction(e: JsonRecord, actions: JsonRecord | undefined): AdkCompaction | undefined {
  if (field(e, "isCompacted") === true) {
    return {
      flavor: "js",
      startTime: toEpochMs(field(e, "startTime")),
      endTime: toEpochMs(field(e, "endTime")),
      summary: contentText(field(e, "compactedContent") ?? e.content),
    };
  }
  const c = actions ? rec(field(actions, "compaction")) : undefined;
  if (!c) return undefined;
  return {
    flavor: "python",
    startTime: toEpochMs(field(c, "startTimestamp")),
    endTime: toEpochMs(field(c, "endTimestamp")),
    summary: contentText(field(c, "compactedContent")),
  };
}

function emptyEvent(shape: AdkEvent["shape"], raw: unknown, issues: string[]): AdkEvent {
  return {
    shape,
    id: "",
    invocationId: "",
    author: "",
    timestamp: null,
    parts: [],
    partial: false,
    turnComplete: false,
    longRunningToolIds: [],
    actions: normalizeActions(undefined),
    issues,
    raw,
  };
}

export function normalizeEvent(raw: unknown): AdkEvent {
  if (!isRecord(raw)) return emptyEvent("unrecognized", raw, [`not an object (${raw === null ? "null" : typeof raw})`]);
  const e = raw;
  if (typeof e.malformedFrame === "string") {
    // A line of the stream that was not JSON (sse.ts): shown as its raw text, never as an error frame.
    const why = typeof e.parseError === "string" ? e.parseError : "not JSON";
    return emptyEvent("unrecognized", e.malformedFrame, [`malformed frame (${why})`]);
  }
  if ("error" in e && !hasField(e, "invocationId")) {
    const err = e.error;
    const message = typeof err === "string" ? err : JSON.stringify(err);
    const details = field(e, "errorDetails");
    const ev = emptyEvent("stream_error", raw, []);
    return { ...ev, error: { message, ...(details !== undefined ? { details } : {}) } };
  }
  if (!EVENT_KEYS.some((k) => hasField(e, k)) && !("isCompacted" in e)) {
    return emptyEvent("unrecognized", raw, ["no ADK event fields (invocationId, author, content, actions…)"]);
  }

  const id = str(e.id) ?? "";
  const actionsRaw = rec(e.actions);
  const content = normalizeContent(e.content, id || "call");
  const issues: string[] = [];
  content.parts.forEach((p, i) => {
    if (p.kind === "unknown") issues.push(`part ${i}: unknown part shape`);
  });

  const errorCode = field(e, "errorCode");
  const errorMessage = str(field(e, "errorMessage"));
  const code = typeof errorCode === "number" ? String(errorCode) : str(errorCode);
  const usage = normalizeUsage(field(e, "usageMetadata"));
  const nodeInfo = normalizeNodeInfo(field(e, "nodeInfo"));
  const compaction = normalizeCompaction(e, actionsRaw);
  const branch = str(e.branch);
  const finishReason = str(field(e, "finishReason"));
  const modelVersion = str(field(e, "modelVersion"));
  const interrupted = field(e, "interrupted");
  const routeHolder = "route" in e ? e : actionsRaw && "route" in actionsRaw ? actionsRaw : undefined;

  return {
    shape: "event",
    id,
    invocationId: str(field(e, "invocationId")) ?? "",
    author: str(e.author) ?? "",
    timestamp: toEpochMs(e.timestamp),
    ...(branch ? { branch } : {}),
    ...(content.role ? { role: content.role } : {}),
    parts: content.parts,
    partial: e.partial === true,
    turnComplete: field(e, "turnComplete") === true,
    ...(finishReason ? { finishReason } : {}),
    ...(modelVersion ? { modelVersion } : {}),
    ...(typeof interrupted === "boolean" ? { interrupted } : {}),
    longRunningToolIds: strList(field(e, "longRunningToolIds")),
    actions: normalizeActions(actionsRaw),
    ...(usage ? { usage } : {}),
    ...(code !== undefined || errorMessage !== undefined
      ? { error: { ...(code !== undefined ? { code } : {}), message: errorMessage ?? code ?? "" } }
      : {}),
    ...(nodeInfo ? { nodeInfo } : {}),
    ...("output" in e ? { output: { value: e.output } } : {}),
    ...(routeHolder ? { route: { value: routeHolder.route } } : {}),
    ...(compaction ? { compaction } : {}),
    issues,
    raw,
  };
}
