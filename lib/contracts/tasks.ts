import { z } from "zod";
import type { AppErrorBody } from "@/lib/errors";
import { isRecord } from "@/lib/values";

/**
 * MCP tasks (SEP-1686, experimental in the SDK): a tools/call with a `task` param answers at once
 * with a task id; the client then polls tasks/get, fetches tasks/result, may tasks/cancel and
 * tasks/list. Loupe keeps its own record of each task it saw (TaskRecord), sent as loupe "task"
 * entries so every open view updates live.
 */
export const TaskStatus = z.enum(["working", "input_required", "completed", "failed", "cancelled"]);
export type TaskStatus = z.infer<typeof TaskStatus>;

export const TERMINAL_TASK_STATUSES: readonly TaskStatus[] = ["completed", "failed", "cancelled"];

export function isTerminalTaskStatus(status: TaskStatus): boolean {
  return TERMINAL_TASK_STATUSES.includes(status);
}

/** POST /api/connections/:id/tasks — tools/call as a task. */
export const RunTaskBody = z.object({
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).default({}),
  /** Requested retention in ms (the server may choose another). */
  ttl: z.number().int().min(1_000).max(86_400_000).optional(),
  /** Timeout of the tools/call that creates the task (not of the task itself). */
  timeoutMs: z.number().int().min(100).max(3_600_000).optional(),
});
export type RunTaskBody = z.infer<typeof RunTaskBody>;

/**
 * Which tasks a record is: the 2025-11-25 core tasks (SEP-1686: `task` param, tasks/result,
 * tasks/list) or the Tasks extension of 2026-07-28 (SEP-2663, `io.modelcontextprotocol/tasks`
 * negotiated in `capabilities.extensions`: the server decides, answering `resultType: "task"`;
 * tasks/get carries the result, tasks/update the answers, no tasks/result or tasks/list).
 */
export type TaskFlavour = "2025-11-25" | "extension";
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

/** Loupe's record of one task: what the server last said about it, plus what Loupe knows. */
export interface TaskRecord {
  taskId: string;
  /** Absent on records written before the extension existed: 2025-11-25. */
  flavour?: TaskFlavour;
  /** Extension tasks in input_required: the keys of the server's questions (in the inbox, answered with tasks/update). */
  inputKeys?: string[];
  connectionId: string;
  /** The MCP session the task belongs to: tasks do not outlive their session on most servers. */
  sessionKey: string | null;
  /** "loupe": created here (tool and args known); "server": only seen in tasks/list or a notification. */
  origin: "loupe" | "server";
  tool: string | null;
  args?: Record<string, unknown>;
  status: TaskStatus;
  statusMessage?: string;
  /** From the server, as epoch ms (the protocol sends ISO strings). */
  createdAt: number;
  lastUpdatedAt: number;
  ttl: number | null;
  /** The server's suggested polling interval in ms. */
  pollInterval?: number;
  /** When Loupe last heard about this task (tasks/get, tasks/list, a status notification). */
  checkedAt: number;
  /** The CallToolResult from tasks/result, once fetched. */
  result?: unknown;
  resultFetchedAt?: number;
  /** A tasks/result request is waiting (it blocks until the task ends; input_required questions travel on it). */
  awaitingResult?: boolean;
  /** The last task request that failed (tasks/get, tasks/result, tasks/cancel). */
  error?: AppErrorBody & { method?: string };
  /** Only on loupe "task" stream entries: the result was left out because it is large. */
  resultOmitted?: boolean;
}

/** GET /api/connections/:id/tasks */
export interface TaskListing {
  support: TaskSupportInfo;
  /** The current MCP session; records with another sessionKey belong to an earlier session. */
  sessionKey: string | null;
  /** Newest first: Loupe's records merged with the server's tasks/list. */
  tasks: TaskRecord[];
  /** tasks/list failed (the records are still returned). */
  listError?: AppErrorBody;
  listedAt: number;
}

export interface TaskSupportInfo {
  /** tools/call may be run as a task (server capability tasks.requests.tools.call, or the extension). */
  toolsCall: boolean;
  list: boolean;
  cancel: boolean;
  /** The server declared the Tasks extension (SEP-2663) in capabilities.extensions (2026-07-28). */
  extension?: boolean;
}

/** What the server declared under capabilities.tasks (ConnectionState.capabilities). */
export function serverTaskSupport(capabilities: Record<string, unknown> | undefined): TaskSupportInfo {
  const extensions = capabilities?.extensions;
  // The extension: any tools/call may come back as a task (the server decides); cancel, no list.
  if (isRecord(extensions) && isRecord(extensions[TASKS_EXTENSION])) return { toolsCall: true, list: false, cancel: true, extension: true };
  const tasks = capabilities?.tasks;
  if (!isRecord(tasks)) return { toolsCall: false, list: false, cancel: false };
  const requests = isRecord(tasks.requests) ? tasks.requests : {};
  const tools = isRecord(requests.tools) ? requests.tools : {};
  return { toolsCall: isRecord(tools.call), list: isRecord(tasks.list), cancel: isRecord(tasks.cancel) };
}

export type ToolTaskSupport = "required" | "optional" | "forbidden";

/** A tool's execution.taskSupport; absent means forbidden (SEP-1686). */
export function toolTaskSupport(tool: { execution?: { taskSupport?: string } } | null | undefined): ToolTaskSupport {
  const s = tool?.execution?.taskSupport;
  return s === "required" || s === "optional" ? s : "forbidden";
}

/**
 * How the tool page offers tasks: "required" (Run always creates a task), "optional" (a "Run as
 * task" choice), or "none" (no option: the server or the tool does not support it).
 */
export function taskRunMode(
  capabilities: Record<string, unknown> | undefined,
  tool: { execution?: { taskSupport?: string } } | null | undefined,
): "required" | "optional" | "none" {
  const support = toolTaskSupport(tool);
  // With the extension the server decides per call whether to make a task, and a plain Run follows
  // one it makes (CallRunner adopts it): a "Run as task" choice would promise what the client cannot
  // ask for, and when the server ran the call at once its result was thrown away.
  if (serverTaskSupport(capabilities).extension) return "none";
  // A required tool is still shown as a task on a server that forgot the capability (a plain call
  // would fail anyway); running it is refused by Loupe with conflict:tasks_unsupported, in words.
  if (support === "required") return "required";
  if (support === "optional" && serverTaskSupport(capabilities).toolsCall) return "optional";
  return "none";
}

/** Why a tool cannot run as a task, in words; null when it can. */
export function taskRefusal(
  serverName: string,
  capabilities: Record<string, unknown> | undefined,
  tool: { name: string; execution?: { taskSupport?: string } },
): string | null {
  if (!serverTaskSupport(capabilities).toolsCall) {
    return `"${serverName}" does not support tasks: it declared no tasks.requests.tools.call capability`;
  }
  if (serverTaskSupport(capabilities).extension) return null;
  if (toolTaskSupport(tool) === "forbidden") {
    const declared = tool.execution?.taskSupport;
    return declared
      ? `Tool "${tool.name}" cannot run as a task (execution.taskSupport is "${declared}")`
      : `Tool "${tool.name}" cannot run as a task: it declares no execution.taskSupport, which means forbidden`;
  }
  return null;
}

/** Parses an ISO time from the server; falls back to `fallback` when absent or invalid. */
export function parseTaskTime(iso: unknown, fallback: number): number {
  if (typeof iso !== "string") return fallback;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : fallback;
}

/** Bounds for polling: the server's pollInterval, never faster than 250 ms nor slower than 30 s. */
export function pollDelay(pollInterval: number | undefined): number {
  const ms = typeof pollInterval === "number" && Number.isFinite(pollInterval) ? pollInterval : 1_000;
  return Math.min(30_000, Math.max(250, ms));
}

/**
 * Merges records into a newest-first list by taskId (a later record of the same task replaces
 * the earlier one, keeping a fetched result and the tool/args Loupe knew).
 */
export function mergeTaskRecords(list: readonly TaskRecord[], incoming: readonly TaskRecord[]): TaskRecord[] {
  const byId = new Map(list.map((t) => [t.taskId, t]));
  for (const t of incoming) byId.set(t.taskId, mergeTaskRecord(byId.get(t.taskId), t));
  return [...byId.values()].sort((a, b) => b.createdAt - a.createdAt || a.taskId.localeCompare(b.taskId));
}

export function mergeTaskRecord(prev: TaskRecord | undefined, next: TaskRecord): TaskRecord {
  if (!prev) return next;
  const merged: TaskRecord = { ...next };
  if (merged.tool === null && prev.tool !== null) {
    merged.tool = prev.tool;
    merged.args = prev.args;
    merged.origin = prev.origin;
  }
  // An entry that left the result out must not wipe a result already held.
  if (next.resultOmitted && prev.result !== undefined) {
    merged.result = prev.result;
    merged.resultOmitted = false;
  }
  return merged;
}
