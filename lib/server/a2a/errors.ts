import "server-only";
import { AppError } from "@/lib/errors";
import { errorMessage } from "@/lib/values";

/** JSON-RPC / REST error codes of the A2A spec → Loupe's error codes. */
export function agentError(err: { code: number | string; message: string; data?: unknown }): AppError {
  const details = { code: err.code, message: err.message, ...(err.data !== undefined ? { data: err.data } : {}) };
  if (err.code === -32001 || err.code === 404 || err.code === "NOT_FOUND")
    return new AppError("not_found:a2a_task", `The agent has no such task: ${err.message}`, details);
  if (err.code === -32002)
    return new AppError("conflict:a2a_not_cancelable", `The agent will not cancel this task: ${err.message}`, details);
  if (err.code === -32003)
    return new AppError("conflict:a2a_push_unsupported", `The agent does not take push notifications: ${err.message}`, details);
  return new AppError("upstream:a2a_error", `The agent answered with an error: ${err.message} (${err.code})`, details);
}

export function transportError(e: unknown, url: string): AppError {
  if (e instanceof AppError) return e;
  const cause = (e as { cause?: { code?: string } }).cause;
  const message = errorMessage(e);
  if (cause?.code === "ECONNREFUSED" || cause?.code === "ECONNRESET" || cause?.code === "ENOTFOUND" || message === "fetch failed") {
    return new AppError("upstream:a2a_unreachable", `The agent at ${url} did not answer (${cause?.code ?? message})`);
  }
  return new AppError("upstream:a2a_protocol", `The agent's answer could not be used: ${message}`);
}
