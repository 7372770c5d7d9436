import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { CaseStep } from "@/lib/contracts/testing";
import { GetPromptBody } from "@/lib/contracts/resources";
import { errorMessage, isRecord } from "@/lib/values";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getPrompt, readResource } from "@/lib/server/mcp/resources";
import type { StepOutcome } from "@/lib/server/mcp/testing/outcome";

/**
 * One recorded MCP step sent again through the connection (so it is recorded, and in Traffic):
 * a tool call through the call runner, a resource read, a prompt get, or — for a tapped client's
 * exchange — any other request as the client sent it.
 */

const toolCallInput = z.object({ name: z.string().min(1), arguments: z.record(z.string(), z.unknown()).default({}) });
const readInput = z.object({ uri: z.string().min(1) });
/** The methods the connection itself sends (a replay opens its own session). */
export const SESSION_METHODS = new Set(["initialize", "notifications/initialized", "ping"]);

const anyResult = z.looseObject({});

/** Told each tool call's id before the call is sent. */
export interface CallIds {
  add(callId: string): void;
}

async function toolCall(connectionId: string, input: unknown, signal: AbortSignal, calls?: CallIds): Promise<StepOutcome> {
  const body = toolCallInput.parse(input);
  const callId = randomUUID();
  calls?.add(callId);
  const registry = getRegistry();
  const cancel = () => registry.cancelCall(connectionId, callId, "the test case was stopped");
  signal.addEventListener("abort", cancel, { once: true });
  try {
    const call = await registry.callTool(connectionId, { callId, name: body.name, arguments: body.arguments });
    const latencyMs = (call.endedAt ?? Date.now()) - call.startedAt;
    const toolCall = { name: body.name, args: body.arguments };
    if (call.status === "ok" || call.status === "tool_error")
      return { kind: "tools/call", result: call.result, isError: call.status === "tool_error", latencyMs, toolCall };
    if (call.status === "rpc_error") return { kind: "tools/call", result: { error: call.error }, isError: true, latencyMs, toolCall };
    return {
      kind: "tools/call",
      result: { error: call.error },
      isError: true,
      latencyMs,
      toolCall,
      error: `${body.name}: ${call.error?.message ?? call.status}`,
    };
  } finally {
    signal.removeEventListener("abort", cancel);
  }
}

/** `calls` collects the ids of the tool calls it makes (whose server requests are this replay's pauses). */
export async function runStep(connectionId: string, step: CaseStep, signal: AbortSignal, calls?: CallIds): Promise<StepOutcome> {
  const conn = getRegistry().connection(connectionId);
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    if (step.kind === "tools/call") return await toolCall(connectionId, step.input, signal, calls);
    if (step.kind === "resources/read") {
      const read = await readResource(conn, readInput.parse(step.input).uri);
      return { kind: step.kind, result: read.result, isError: false, latencyMs: read.ms };
    }
    if (step.kind === "prompts/get") {
      const got = await getPrompt(conn, GetPromptBody.parse(step.input));
      return { kind: step.kind, result: got.result, isError: false, latencyMs: got.ms };
    }
    const params = isRecord(step.input) ? step.input : undefined;
    const result = await conn.requireClient().request({ method: step.kind, ...(params ? { params } : {}) }, anyResult, { signal });
    return { kind: step.kind, result, isError: false, latencyMs: ms() };
  } catch (e) {
    // A JSON-RPC error answer is an outcome to assert on (isError); a bad recorded input is not.
    if (e instanceof z.ZodError)
      return {
        kind: step.kind,
        result: null,
        isError: true,
        latencyMs: ms(),
        error: `step ${step.kind}: the recorded input is not valid: ${e.issues[0]?.message ?? ""}`,
      };
    return { kind: step.kind, result: { error: errorMessage(e) }, isError: true, latencyMs: ms() };
  }
}
