import { isRecord } from "@/lib/values";

type Raw = Record<string, unknown>;

function str(raw: Raw, key: string): string {
  const v = raw[key];
  return typeof v === "string" || typeof v === "number" ? String(v) : "";
}

function count(raw: Raw, key: string): number {
  const v = raw[key];
  return Array.isArray(v) ? v.length : 0;
}

/**
 * One line per kind of Loupe's own records (docs/ARCHITECTURE.md lists them), for the traffic
 * row. A kind not listed here still gets its kind name: Loupe recorded it, so it is never shown
 * as an unrecognized frame.
 */
const SUMMARIES: Record<string, (raw: Raw) => string> = {
  transport_fallback: (r) => `${str(r, "from")} → ${str(r, "to")}: ${str(r, "reason")}`,
  mcp_request: (r) => `${str(r, "kind")} ${str(r, "status")}`,
  resource_updated: (r) => `${str(r, "uri")}${r.subscribed === false ? " (not subscribed)" : ""}`,
  task: (r) => `${str(r, "toolName") || str(r, "tool")} ${str(r, "taskId")} ${str(r, "status")}`,
  auth_http: (r) => `${str(r, "phase")} ${str(r, "method")} ${str(r, "url")} ${str(r, "status")}`,
  http_exchange: (r) => `${str(r, "method")} ${str(r, "url")} ${str(r, "status") || str(r, "error")} ${str(r, "state")}`,
  auth_event: (r) => `${str(r, "type") || str(r, "kind")} ${str(r, "message")}`,
  session_reset: (r) =>
    r.error !== undefined
      ? `no new session: ${str(r, "error")}`
      : `${str(r, "reason")} · ${count(r, "retried")} retried, ${count(r, "failed")} failed`,
  stream_resumed: (r) => `Last-Event-ID ${str(r, "lastEventId")} · HTTP ${str(r, "status")}`,
  sse_event_dropped: (r) => `event ${str(r, "eventId")}: ${str(r, "reason")}`,
  reconnect_scheduled: (r) => `attempt ${str(r, "attempt")} of ${str(r, "max")} in ${str(r, "delayMs")} ms`,
  reconnect_stopped: (r) => str(r, "reason"),
  reconnected: (r) => `after ${str(r, "attempts")} attempts, ${str(r, "afterMs")} ms`,
  subscriptions_restored: (r) => `after ${str(r, "after")}: ${count(r, "restored")} restored, ${count(r, "failed")} failed`,
  listen: (r) => `subscriptions/listen ${str(r, "event")}${listenDetail(r)}`,
  tap_exchange: (r) => {
    const client = isRecord(r.client) && typeof r.client.name === "string" ? r.client.name : "a client";
    const upstream = r.upstreamMs !== undefined ? `, server ${str(r, "upstreamMs")} ms` : "";
    const failed = r.outcome === "error" ? ` · error: ${str(r, "error")}` : "";
    return `${str(r, "method")} ${str(r, "name")} via ${client} · ${str(r, "totalMs")} ms${upstream}${failed}`;
  },
  tool_approval: (r) => `${str(r, "tool")} ${approvalState(r)}`,
  app_message: (r) => `${r.direction === "app_to_host" ? "app → Loupe" : "Loupe → app"} (${str(r, "tool")}): ${appRpc(r.message)}`,
};

/** What became of a gated call (a ToolApproval), so the Traffic row reads without opening it. */
function approvalState(r: Raw): string {
  const d = isRecord(r.decision) ? r.decision : null;
  if (r.status === "pending") return "waiting for approval";
  if (r.status === "stale") return `stale: ${str(r, "reason")}`;
  if (d?.action === "approve") return d.edited === true ? "approved with edits" : "approved";
  if (d?.action === "reject") return `rejected: ${typeof d.reason === "string" ? d.reason : ""}`;
  return str(r, "status");
}

/** A subscriptions/listen entry: what the stream carries, or why it ended / when it is tried again. */
function listenDetail(r: Raw): string {
  if (r.event === "retry") return ` in ${str(r, "inMs")} ms (attempt ${str(r, "attempt")})`;
  if (r.event === "closed") return ` (${str(r, "cause")})`;
  if (r.event === "failed") return `: ${str(r, "error")}`;
  const filter = isRecord(r.filter) ? r.filter : {};
  const uris = Array.isArray(filter.resourceSubscriptions) ? filter.resourceSubscriptions.length : 0;
  const tasks = Array.isArray(filter.taskIds) ? filter.taskIds.length : 0;
  return `: list changes, ${uris} resource(s), ${tasks} task(s)`;
}

/** An MCP app message (SEP-1865, JSON-RPC over postMessage) in a few words. */
function appRpc(message: unknown): string {
  if (!isRecord(message)) return "";
  const id = message.id !== undefined ? ` #${String(message.id)}` : "";
  if (typeof message.method === "string") return `${message.method}${id}`;
  return `${isRecord(message.error) ? "error" : "result"}${id}`;
}

export function recordSummary(kind: string, raw: unknown): string {
  const fn = SUMMARIES[kind];
  if (!fn || !isRecord(raw)) return "";
  return fn(raw).replace(/\s+/g, " ").trim();
}
