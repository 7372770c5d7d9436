/**
 * AdkEvent → timeline items, in part order, then the event's actions (adk.md §5–§7).
 */
import { isRecord } from "@/lib/values";
import { jsonEqual } from "./guards";
import type { AdkEvent, AdkFunctionCall, AdkItem, InterruptKind, StateScope } from "./types";

/** The three ADK pause tools (adk.md §6); any other long-running call is a `long_running` pause. */
export const REQUEST_TOOLS: Record<string, InterruptKind> = {
  adk_request_confirmation: "confirmation",
  adk_request_input: "input",
  adk_request_credential: "credential",
};

/** Which kind of pause a function call is, if any. */
export function interruptKindOf(call: AdkFunctionCall, longRunningToolIds: readonly string[]): InterruptKind | null {
  const kind = REQUEST_TOOLS[call.name];
  if (kind) return kind;
  return longRunningToolIds.includes(call.id) ? "long_running" : null;
}

/** `app:`/`user:` are shared scopes, `temp:` is never persisted (adk.md §4, Session JSON). */
export function stateScope(key: string): StateScope {
  if (key.startsWith("app:")) return "app";
  if (key.startsWith("user:")) return "user";
  if (key.startsWith("temp:")) return "temp";
  return "session";
}

/**
 * ADK turns thrown tool errors into `{"error": "…"}` and a rejected confirmation into
 * `{"error":"This tool call is rejected."}` (adk.md §5, §6.1).
 */
/**
 * A tool result that reports a failure: ADK's `{"error": …}` (a thrown error, a rejected call) or an
 * MCP tool result passed through (`isError: true`). `{"error": null}` is not one.
 */
export function isErrorResponse(response: unknown): boolean {
  if (!isRecord(response)) return false;
  const r = response;
  const error = r.error;
  if (error !== undefined && error !== null && error !== false && error !== "") return true;
  return r.isError === true || r.is_error === true;
}

function outputEchoText(ev: AdkEvent, text: string): boolean {
  // Workflow output events repeat the output as JSON text (adk.md §7); show it once, as output.
  if (!ev.output) return false;
  try {
    return jsonEqual(JSON.parse(text), ev.output.value);
  } catch {
    return false;
  }
}

function partItems(ev: AdkEvent): AdkItem[] {
  const out: AdkItem[] = [];
  const partial = ev.partial;
  // A compaction event's content is its summary; the compaction item carries it.
  if (ev.compaction) return out;
  for (const part of ev.parts) {
    switch (part.kind) {
      case "text":
        if (outputEchoText(ev, part.text)) break;
        out.push({ kind: "text", text: part.text, partial, ...(ev.role ? { role: ev.role } : {}) });
        break;
      case "thought":
        out.push({ kind: "thought", text: part.text, partial });
        break;
      case "function_call": {
        const { call } = part;
        const longRunning = ev.longRunningToolIds.includes(call.id);
        out.push({ kind: "tool_call", callId: call.id, name: call.name, args: call.args, longRunning });
        const interruptKind = interruptKindOf(call, ev.longRunningToolIds);
        if (interruptKind) out.push({ kind: "interrupt", callId: call.id, interruptKind, name: call.name });
        break;
      }
      case "function_response": {
        const r = part.response;
        out.push({
          kind: "tool_result",
          callId: r.id,
          name: r.name,
          response: r.response,
          isError: isErrorResponse(r.response),
        });
        break;
      }
      case "inline_data":
        out.push({ kind: "media", mimeType: part.mimeType, data: part.data });
        break;
      case "file_data":
        out.push({ kind: "media", fileUri: part.fileUri, ...(part.mimeType ? { mimeType: part.mimeType } : {}) });
        break;
      case "executable_code":
        out.push({ kind: "code", code: part.code, ...(part.language ? { language: part.language } : {}) });
        break;
      case "code_result":
        out.push({
          kind: "code_result",
          ...(part.outcome !== undefined ? { outcome: part.outcome } : {}),
          ...(part.output !== undefined ? { output: part.output } : {}),
        });
        break;
      case "unknown":
        out.push({ kind: "unrecognized", reason: "unknown content part", raw: part.raw });
        break;
    }
  }
  return out;
}

function actionItems(ev: AdkEvent): AdkItem[] {
  const out: AdkItem[] = [];
  const { actions } = ev;
  const nodePath = ev.nodeInfo ? { nodePath: ev.nodeInfo.path } : {};
  const stateKeys = Object.keys(actions.stateDelta);
  if (stateKeys.length > 0) {
    const scopes: Record<string, StateScope> = {};
    for (const k of stateKeys) scopes[k] = stateScope(k);
    out.push({ kind: "state_delta", delta: actions.stateDelta, scopes });
  }
  for (const [filename, version] of Object.entries(actions.artifactDelta)) {
    out.push({ kind: "artifact", filename, version });
  }
  if (actions.transferToAgent) out.push({ kind: "transfer", toAgent: actions.transferToAgent });
  if (actions.escalate) out.push({ kind: "escalate" });
  if (ev.output) out.push({ kind: "workflow_output", output: ev.output.value, ...nodePath });
  if (ev.route) out.push({ kind: "route", route: ev.route.value, ...nodePath });
  if (actions.agentState !== undefined || actions.endOfAgent) {
    out.push({
      kind: "checkpoint",
      endOfAgent: actions.endOfAgent === true,
      ...(actions.agentState !== undefined ? { agentState: actions.agentState } : {}),
      ...nodePath,
    });
  }
  if (ev.compaction) {
    const { startTime, endTime, summary } = ev.compaction;
    out.push({ kind: "compaction", startTime, endTime, summary });
  }
  return out;
}

/** Timeline items for one normalized event. */
export function eventItems(ev: AdkEvent): AdkItem[] {
  if (ev.shape === "unrecognized") {
    return [{ kind: "unrecognized", reason: ev.issues.join("; ") || "unrecognized", raw: ev.raw }];
  }
  if (ev.shape === "stream_error") {
    const err = ev.error ?? { message: "" };
    return [{ kind: "error", ...err, streamLevel: true }];
  }
  const out = [...partItems(ev), ...actionItems(ev)];
  if (ev.error) out.push({ kind: "error", ...ev.error, streamLevel: false });
  if (ev.usage && !ev.partial) out.push({ kind: "usage", ...ev.usage });
  return out;
}
