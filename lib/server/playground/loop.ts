import "server-only";
import type { LanguageModelV3Message } from "@ai-sdk/provider";
import type { ColumnConfig, PgModelRequest, PgTurn, PlaygroundSettings, TokenUsage } from "@/lib/contracts/playground";
import { AppError } from "@/lib/errors";
import type { Hub } from "@/lib/server/hub";
import { getRegistry } from "@/lib/server/mcp/registry";
import { assistantMessage, historyOf, toolMessage } from "@/lib/server/playground/history";
import type { Declarations, LoopDeps, PortabilityFinding, ToolSource } from "@/lib/server/playground/loop-deps";
import { runModelStep, StepHooks } from "@/lib/server/playground/model-step";
import { columnHistoryEntries, recordPg } from "@/lib/server/playground/recorder";
import { runToolCalls } from "@/lib/server/playground/tool-step";
import { errorMessage } from "@/lib/values";

export interface TurnContext {
  hub: Hub;
  deps: LoopDeps;
  conversationId: string;
  title: string;
  /** The conversation's settings when the turn started (a PATCH applies from the next turn). */
  settings: PlaygroundSettings;
  columnId: string;
  /** "column 2 · openai gpt-4o" when the conversation has several columns: approvals say it. */
  columnLabel?: string;
  config: ColumnConfig;
  turn: number;
  text: string;
  signal: AbortSignal;
  onWaiting(delta: 1 | -1): void;
  /** Called with the turn record when it starts and when it ends (persisted by the caller). */
  onTurn(turn: PgTurn): void;
}

export function addUsage(a: TokenUsage, b: TokenUsage | null): TokenUsage {
  if (!b) return a;
  const sum: TokenUsage = { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens };
  if (a.cachedInputTokens !== undefined || b.cachedInputTokens !== undefined)
    sum.cachedInputTokens = (a.cachedInputTokens ?? 0) + (b.cachedInputTokens ?? 0);
  if (a.reasoningTokens !== undefined || b.reasoningTokens !== undefined)
    sum.reasoningTokens = (a.reasoningTokens ?? 0) + (b.reasoningTokens ?? 0);
  return sum;
}

/**
 * The selected servers' tools, as listed now. A server that is gone, not connected or whose
 * listing fails is left out and said so (per server name) with the request's findings.
 */
async function selectedTools(settings: PlaygroundSettings): Promise<{ tools: ToolSource[]; problems: PgModelRequest["findings"] }> {
  const registry = getRegistry();
  const tools: ToolSource[] = [];
  const problems: PgModelRequest["findings"] = {};
  for (const selection of settings.servers) {
    const view = registry.get(selection.connectionId);
    if (!view) {
      problems[selection.connectionId] = [
        { severity: "unavailable", message: "No connection with this id: its tools were not given to the model" },
      ];
      continue;
    }
    try {
      const listing = await registry.listTools(selection.connectionId);
      const wanted = selection.tools === "all" ? null : new Set(selection.tools);
      for (const t of listing.tools) {
        if (wanted && !wanted.has(t.name)) continue;
        const tool = {
          name: t.name,
          ...(t.description !== undefined ? { description: t.description } : {}),
          inputSchema: t.inputSchema,
          ...(t.annotations ? { annotations: { ...t.annotations } } : {}),
        };
        tools.push({ connectionId: view.id, connectionName: view.name, tool });
      }
    } catch (error) {
      const why = errorMessage(error);
      problems[view.name] = [
        { severity: "unavailable", message: `The tools of "${view.name}" could not be listed (${why}): they were not given to the model` },
      ];
    }
  }
  return { tools, problems };
}

const shown = (f: PortabilityFinding) => ({ severity: f.severity, message: f.reason });

/** Per declared name, its findings that were not lossless; per left-out tool, why it was left out. */
function findingsOf(declarations: Declarations, problems: PgModelRequest["findings"]): PgModelRequest["findings"] {
  const findings: PgModelRequest["findings"] = { ...problems };
  for (const d of declarations.declared) {
    const lossy = d.findings.filter((f) => f.severity !== "lossless");
    if (lossy.length > 0) findings[d.name] = lossy.map(shown);
  }
  for (const t of declarations.leftOut ?? []) {
    const why = t.findings.filter((f) => f.severity === "rejected").map(shown);
    findings[`${t.tool} (left out)`] = why.length > 0 ? why : t.findings.map(shown);
  }
  return findings;
}

/**
 * One user turn of one column: model steps until the model answers without tool calls, the
 * column's maxSteps is reached, the provider fails or the user stops it. Each step's tool calls
 * are gated and run by Loupe (tool-step.ts) and their results go back in the next step.
 */
export async function runTurn(ctx: TurnContext): Promise<PgTurn> {
  const { hub, conversationId, columnId, turn } = ctx;
  const messages: LanguageModelV3Message[] = historyOf(columnHistoryEntries(hub, conversationId, columnId));
  recordPg(hub, conversationId, columnId, "pg_user", { turn, text: ctx.text }, "out");
  messages.push({ role: "user", content: [{ type: "text", text: ctx.text }] });
  const record: PgTurn = { turn, status: "running", startedAt: Date.now(), usage: { inputTokens: 0, outputTokens: 0 }, costUsd: 0 };
  recordPg(hub, conversationId, columnId, "pg_turn", record);
  ctx.onTurn(record);

  let final: PgTurn = record;
  try {
    final = await steps(ctx, messages, record);
  } catch (error) {
    // Not the provider's answer (that is a response with status error): a setup problem said in
    // its own words (an AppError: a key removed meanwhile, a bad endpoint), or Loupe's own failure.
    // Either way the turn ends instead of hanging as running.
    const words = error instanceof AppError ? error.message : `Loupe failed during the turn: ${errorMessage(error)}`;
    final = { ...record, status: "error", error: words };
  }
  final = { ...final, endedAt: Date.now() };
  recordPg(hub, conversationId, columnId, "pg_turn", final);
  ctx.onTurn(final);
  return final;
}

async function steps(ctx: TurnContext, messages: LanguageModelV3Message[], start: PgTurn): Promise<PgTurn> {
  const { hub, conversationId, columnId, config, turn, deps } = ctx;
  let usage = start.usage;
  let cost: number | null = 0;
  const done = (status: PgTurn["status"], error?: string): PgTurn => ({
    ...start,
    status,
    usage,
    costUsd: cost,
    ...(error ? { error } : {}),
  });

  const { tools, problems } = await selectedTools(ctx.settings);
  const declarations = deps.declareTools(config.provider, config.strict, tools);
  const findings = findingsOf(declarations, problems);
  const hooks = new StepHooks();
  const created = deps.createModel(config, hooks.hooks);
  const model = created.model;
  const system: LanguageModelV3Message[] = ctx.settings.systemPrompt ? [{ role: "system", content: ctx.settings.systemPrompt }] : [];

  for (let step = 1; step <= config.maxSteps; step++) {
    if (ctx.signal.aborted) return done("stopped");
    const { response, stopped } = await runModelStep({
      hub,
      conversationId,
      columnId,
      config,
      turn,
      step,
      model,
      settled: created.settled,
      hooks,
      prompt: [...system, ...messages],
      tools: declarations.declared.map((d) => ({
        type: "function" as const,
        name: d.name,
        ...(d.description !== undefined ? { description: d.description } : {}),
        inputSchema: d.inputSchema,
      })),
      toolMap: declarations.toolMap,
      findings,
      signal: ctx.signal,
      costOf: (u) => deps.costOf(config.provider, config.model, u),
    });
    usage = addUsage(usage, response.usage);
    cost = cost === null || response.costUsd === null ? (response.usage ? null : cost) : cost + response.costUsd;
    if (stopped) return done("stopped");
    if (response.status === "error") return done("error", response.error?.message ?? "The provider answered with an error");
    const assistant = assistantMessage(response.text, response.toolCalls);
    if (assistant) messages.push(assistant);
    if (response.toolCalls.length === 0) return done("done");
    const finals = await runToolCalls(
      {
        hub,
        deps,
        conversationId,
        title: ctx.title,
        columnId,
        columnLabel: ctx.columnLabel,
        turn,
        step,
        settings: ctx.settings,
        toolMap: declarations.toolMap,
        signal: ctx.signal,
        onWaiting: ctx.onWaiting,
      },
      response.toolCalls,
    );
    messages.push(toolMessage(response.toolCalls, finals));
    if (ctx.signal.aborted) return done("stopped");
  }
  return done("max_steps", `The model was still calling tools after ${config.maxSteps} steps`);
}
