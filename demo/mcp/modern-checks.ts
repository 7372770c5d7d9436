import type { Tool } from "@modelcontextprotocol/server";
import type { DemoRuntime } from "./server";
import { HEADER_MISMATCH, paramHeaderProblem } from "../../lib/protocols/mcp/param-header-check";
import { answerTasksRequest, asRequest, isTasksMessage } from "./tasks/extension";

/**
 * What the demo server over HTTP (serve-http.ts) answers on 2026-07-28 before the SDK's handler:
 * the Tasks extension's messages (SEP-2663, tasks/extension.ts) after the same Mcp-Method /
 * Mcp-Name checks the SDK makes, and the SEP-2243 Mcp-Param-* headers of a tools/call against its
 * body (lib/protocols/mcp/param-header-check.ts).
 */

/** SEP-2663 routing: these carry `Mcp-Name: <taskId>`. */
const NAMED_TASK_METHODS = new Set(["tasks/get", "tasks/update", "tasks/cancel"]);
const REMOVED_TASK_METHODS = new Set(["tasks/result", "tasks/list"]);

/** The Tasks extension's messages (2026-07-28 only), answered as JSON; undefined for any other request. */
export async function tasksExtensionAnswer(request: Request, runtime: DemoRuntime): Promise<Response | undefined> {
  if (request.method !== "POST") return undefined;
  // Only a request routed as a task message (by its headers) is parsed here; any other body goes
  // to the SDK, which refuses headers that disagree with it.
  const routed = request.headers.get("mcp-method")?.trim() ?? "";
  const named = request.headers.get("mcp-name")?.trim() ?? "";
  if (!routed.startsWith("tasks/") && !(routed === "tools/call" && runtime.toolsByName.get(named)?.task)) return undefined;
  const message = asRequest(
    await request
      .clone()
      .json()
      .catch(() => undefined),
  );
  if (!message || !isTasksMessage(message, runtime.toolsByName)) return undefined;
  // SEP-2243 as the SDK applies it: Mcp-Method mirrors the method, Mcp-Name the taskId on tasks/*.
  const method = request.headers.get("mcp-method")?.trim();
  const name = request.headers.get("mcp-name")?.trim();
  const taskId = message.params?.taskId;
  // A removed method (tasks/result, tasks/list) is -32601 whatever its headers say.
  const problem =
    method !== message.method && !REMOVED_TASK_METHODS.has(message.method)
      ? `Mcp-Method ${method === undefined ? "is missing" : `"${method}" does not match the body's method "${message.method}"`}`
      : NAMED_TASK_METHODS.has(message.method) && typeof taskId === "string" && name !== taskId
        ? `Mcp-Name ${name === undefined ? "is missing" : `"${name}" does not match params.taskId`}`
        : undefined;
  if (problem) {
    return Response.json(
      { jsonrpc: "2.0", id: message.id, error: { code: HEADER_MISMATCH, message: `Header mismatch: ${problem}` } },
      { status: 400 },
    );
  }
  const answer = answerTasksRequest(message, runtime.tasks, runtime.toolsByName);
  return answer ? Response.json(answer) : undefined;
}

/** SEP-2243 Mcp-Param-* headers of a tools/call against its body: a 400 when they disagree. */
export async function paramHeaderMismatch(request: Request, tools: ReadonlyMap<string, Tool>): Promise<Response | undefined> {
  if (request.method !== "POST" || request.headers.get("mcp-method")?.trim() !== "tools/call") return undefined;
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => undefined);
  const problem = paramHeaderProblem(body, request.headers, (name) => tools.get(name));
  if (!problem) return undefined;
  const id = typeof body === "object" && body !== null && "id" in body ? (body.id ?? null) : null;
  return Response.json({ jsonrpc: "2.0", id, error: { code: HEADER_MISMATCH, message: `Header mismatch: ${problem}` } }, { status: 400 });
}
