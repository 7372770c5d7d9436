import "server-only";
import { randomUUID } from "node:crypto";
import type { PgModelToolCall, PgToolCall, PlaygroundSettings } from "@/lib/contracts/playground";
import type { Hub } from "@/lib/server/hub";
import { getRegistry } from "@/lib/server/mcp/registry";
import type { GateOutcome } from "@/lib/server/approvals/gate";
import type { LoopDeps } from "@/lib/server/playground/loop-deps";
import { recordPg } from "@/lib/server/playground/recorder";
import { invalidArgumentsText } from "@/lib/server/playground/tool-input";
import { errorMessage } from "@/lib/values";

/** Everything one step's tool calls need to know about where they come from. */
export interface ToolStepContext {
  hub: Hub;
  deps: LoopDeps;
  conversationId: string;
  title: string;
  columnId: string;
  /** Said on the approval card when the conversation has several columns. */
  columnLabel?: string;
  turn: number;
  step: number;
  settings: PlaygroundSettings;
  toolMap: Record<string, { connectionId: string; tool: string }>;
  signal: AbortSignal;
  /** +1 when a call starts waiting for the user, -1 when its answer came. */
  onWaiting(delta: 1 | -1): void;
}

export const STOPPED_TEXT = "error: the turn was stopped before this tool call ran";

/**
 * Runs one step's tool calls: each is checked (arguments, name), gated and run on its own, all at
 * once, so an approval waiting for the user never holds another call's decision or run. Every
 * status change is a pg_tool_call entry. Returns each call's final record, by toolCallId.
 */
export async function runToolCalls(ctx: ToolStepContext, calls: PgModelToolCall[]): Promise<Map<string, PgToolCall>> {
  const finals = await Promise.all(calls.map((call) => runOne(ctx, call)));
  return new Map(finals.map((f) => [f.toolCallId, f]));
}

function record(ctx: ToolStepContext, call: PgToolCall): PgToolCall {
  recordPg(ctx.hub, ctx.conversationId, ctx.columnId, "pg_tool_call", call);
  return call;
}

async function runOne(ctx: ToolStepContext, call: PgModelToolCall): Promise<PgToolCall> {
  const base: PgToolCall = {
    turn: ctx.turn,
    step: ctx.step,
    toolCallId: call.toolCallId,
    calledAs: call.name,
    connectionId: null,
    tool: null,
    arguments: call.arguments ?? {},
    status: "invalid_arguments",
  };
  if (!call.arguments) return record(ctx, { ...base, result: invalidArgumentsText(call), error: `The arguments are ${call.parseError}` });
  // Own names only: a model's "constructor" or "__proto__" must not find Object.prototype's.
  const target = Object.hasOwn(ctx.toolMap, call.name) ? ctx.toolMap[call.name] : undefined;
  if (!target) {
    const names = Object.keys(ctx.toolMap);
    const offered = names.length > 0 ? `the tools are: ${names.join(", ")}` : "no tools were given";
    return record(ctx, {
      ...base,
      status: "unknown_tool",
      result: `error: there is no tool named "${call.name}"; ${offered}`,
      error: `No tool named "${call.name}" was declared`,
    });
  }
  const mapped: PgToolCall = { ...base, connectionId: target.connectionId, tool: target.tool };
  if (ctx.signal.aborted) return record(ctx, { ...mapped, status: "failed", result: STOPPED_TEXT, error: "The turn was stopped" });
  const decision = await gate(ctx, mapped);
  if (decision.action === "reject") {
    return record(ctx, { ...mapped, status: "rejected", approvalId: decision.approvalId, result: `rejected: ${decision.reason}` });
  }
  if (decision.action === "stale") {
    const approval = decision.approvalId ? { approvalId: decision.approvalId } : {};
    return record(ctx, { ...mapped, status: "failed", ...approval, result: `error: ${decision.reason}`, error: decision.reason });
  }
  const approved: PgToolCall = {
    ...mapped,
    arguments: decision.arguments,
    ...(decision.approvalId ? { approvalId: decision.approvalId } : {}),
  };
  if (ctx.signal.aborted) return record(ctx, { ...approved, status: "failed", result: STOPPED_TEXT, error: "The turn was stopped" });
  return execute(ctx, approved, target);
}

/**
 * The gate answers only when the user did; the moment the call starts waiting, the gate hands
 * over its approval (onPending), so the call shows "awaiting approval" with its own approval's
 * id (the card answered inline), even when another call of the step is identical.
 */
async function gate(ctx: ToolStepContext, call: PgToolCall): Promise<GateOutcome> {
  let waiting = false;
  try {
    return await ctx.deps.gate({
      connectionId: call.connectionId!,
      tool: call.tool!,
      ...(call.calledAs !== call.tool ? { calledAs: call.calledAs } : {}),
      arguments: call.arguments,
      origin: {
        kind: "playground",
        conversationId: ctx.conversationId,
        title: ctx.title,
        columnId: ctx.columnId,
        ...(ctx.columnLabel ? { columnLabel: ctx.columnLabel } : {}),
        toolCallId: call.toolCallId,
      },
      policy: ctx.settings.policy,
      toolPolicies: ctx.settings.toolPolicies,
      signal: ctx.signal,
      onPending: (approval) => {
        if (waiting) return;
        waiting = true;
        record(ctx, { ...call, status: "awaiting_approval", approvalId: approval.id });
        ctx.onWaiting(1);
      },
    });
  } catch (error) {
    const reason = `The approval gate failed: ${errorMessage(error)}`;
    return { action: "stale", reason, approvalId: "" };
  } finally {
    if (waiting) ctx.onWaiting(-1);
  }
}

async function execute(ctx: ToolStepContext, call: PgToolCall, target: { connectionId: string; tool: string }): Promise<PgToolCall> {
  const callId = randomUUID();
  record(ctx, { ...call, status: "running", callId });
  const registry = getRegistry();
  const started = Date.now();
  try {
    const done = await registry.callTool(
      target.connectionId,
      { callId, name: target.tool, arguments: call.arguments },
      {
        origin: { kind: "playground", conversationId: ctx.conversationId, columnId: ctx.columnId, toolCallId: call.toolCallId },
        ...(call.approvalId ? { approvalId: call.approvalId } : {}),
        // Stopping the turn cancels the call upstream (notifications/cancelled).
        signal: ctx.signal,
      },
    );
    const latencyMs = (done.endedAt ?? Date.now()) - done.startedAt;
    if (done.status === "ok" || done.status === "tool_error") {
      return record(ctx, { ...call, callId, status: done.status, result: done.result, latencyMs });
    }
    const why = done.error?.message ?? (done.status === "task" ? `the server made the call a task (${done.taskId})` : done.status);
    return record(ctx, { ...call, callId, status: "failed", result: `error: the call failed: ${why}`, error: why, latencyMs });
  } catch (error) {
    const why = errorMessage(error);
    return record(ctx, {
      ...call,
      callId,
      status: "failed",
      result: `error: the call failed: ${why}`,
      error: why,
      latencyMs: Date.now() - started,
    });
  }
}
