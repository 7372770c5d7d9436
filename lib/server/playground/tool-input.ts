import "server-only";
import type { PgModelToolCall } from "@/lib/contracts/playground";
import { errorMessage, isRecord } from "@/lib/values";

/**
 * A tool call as the model wrote it: `input` is its text, kept as is; `arguments` only when that
 * text is a JSON object (MCP tools/call takes nothing else), else `parseError` says why in words.
 */
export function readToolCall(toolCallId: string, name: string, input: string): PgModelToolCall {
  const call: PgModelToolCall = { toolCallId, name, input };
  // Some providers send an empty input for a tool without parameters.
  if (input.trim() === "") return { ...call, arguments: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch (error) {
    return { ...call, parseError: `not valid JSON (${errorMessage(error)})` };
  }
  if (!isRecord(parsed)) {
    const kind = parsed === null ? "null" : Array.isArray(parsed) ? "an array" : `a ${typeof parsed}`;
    return { ...call, parseError: `${kind}, not a JSON object` };
  }
  return { ...call, arguments: parsed };
}

/** What the model is told about arguments Loupe could not send. */
export function invalidArgumentsText(call: PgModelToolCall): string {
  return `error: the arguments of this call to "${call.name}" are ${call.parseError ?? "invalid"}; the tool was not called. You wrote: ${call.input}`;
}
