import "server-only";
import { z } from "zod";
import type { CaseBody, CaseOutcome, CaseSource, CaseTarget } from "@/lib/contracts/testing";
import { caseOutcomeSchema } from "@/lib/contracts/testing";
import { ColumnConfig, ToolSelection } from "@/lib/contracts/playground";
import type { Conversation, PgToolCall, PgTurn } from "@/lib/contracts/playground";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import { AppError } from "@/lib/errors";
import { getHub } from "@/lib/server/hub";
import { connectionFor } from "@/lib/server/mcp/testing/target";
import { getPlayground } from "@/lib/server/playground";
import type { ReplayIO, TestingDriver } from "@/lib/server/testing/driver";
import { errorMessage } from "@/lib/values";

/**
 * The playground's testing driver (issue 24): a case from a playground conversation — one column's
 * user messages, the tool calls its model made (the trajectory) and its last answer. A replay puts
 * the messages to the same model in a new conversation (recorded, so it can be opened in the
 * playground) with the case's servers, the first one swapped for the run's target (another server
 * or version); tools run without asking, as in a model eval.
 */

export const PLAYGROUND_CASE_SOURCES = { conversation: "a playground conversation (one model's column)" } as const;

const ref = z.object({ conversationId: z.string().min(1), columnId: z.string().min(1).optional() });
/** The first step: what the model is given (its system prompt, servers and model). */
const setupInput = z.object({ systemPrompt: z.string(), servers: z.array(ToolSelection).min(1), config: ColumnConfig });
const messageInput = z.object({ text: z.string().min(1) });
const FINAL = new Set<PgToolCall["status"]>(["ok", "tool_error", "rejected", "failed", "unknown_tool", "invalid_arguments"]);
const POLL_MS = 50;
/** The most entries one column's record is read from (a bounded read). */
const MAX_ENTRIES = 50_000;

/** A conversation's scope, as its approvals give it (adapter.ts) and a replay marks it (lib/server/testing/replay-scopes.ts). */
export const playgroundReplayScope = (conversationId: string): string => conversationId;

/** One column's record: its user messages, its ended turns, its tool calls (last state each) and its last text. */
function columnRecord(conversationId: string, columnId: string) {
  const entries = getHub()
    .store.connectionEntriesOfKinds(conversationId, ["pg_user", "pg_turn", "pg_tool_call", "pg_model_response"], undefined, MAX_ENTRIES)
    .filter((e) => e.sessionKey === columnId);
  const users: string[] = [];
  const turns = new Map<number, PgTurn>();
  const calls = new Map<string, PgToolCall>();
  let text: string | null = null;
  for (const e of entries) {
    const user = entryPayload(e, "pg_user");
    if (user) users.push(user.text);
    const turn = entryPayload(e, "pg_turn");
    if (turn && turn.status !== "running") turns.set(turn.turn, turn);
    const call = entryPayload(e, "pg_tool_call");
    if (call) calls.set(call.toolCallId, call);
    const response = entryPayload(e, "pg_model_response");
    if (response?.status === "ok" && response.text.trim()) text = response.text;
  }
  return { users, turns: [...turns.values()], calls: [...calls.values()], text };
}

function outcomeOf(record: ReturnType<typeof columnRecord>, extra: Partial<CaseOutcome> = {}): CaseOutcome {
  const toolCalls = record.calls.map((c) => ({ name: c.tool ?? c.calledAs, args: c.arguments }));
  const failed = record.turns.find((t) => t.status === "error" || t.status === "stopped" || t.status === "max_steps");
  return caseOutcomeSchema.parse({
    result: { finalResponse: record.text, toolCalls, unfinishedCalls: record.calls.filter((c) => !FINAL.has(c.status)).length },
    isError: failed !== undefined || record.calls.some((c) => c.status !== "ok"),
    latencyMs: record.turns.reduce((sum, t) => sum + ((t.endedAt ?? t.startedAt) - t.startedAt), 0),
    toolCalls,
    finalResponse: record.text,
    ...(failed ? { error: `turn ${failed.turn}: ${failed.error ?? failed.status}` } : {}),
    ...extra,
  });
}

async function caseFrom(source: CaseSource): Promise<CaseBody> {
  if (source.from !== "conversation")
    throw new AppError("bad_request:case_source", `A playground case comes from a conversation, not "${source.from}"`);
  const parsed = ref.safeParse(source.ref);
  if (!parsed.success)
    throw new AppError(
      "bad_request:case_source",
      `Invalid ref: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`,
    );
  let conversation: Conversation;
  try {
    conversation = getPlayground().get(parsed.data.conversationId);
  } catch {
    throw new AppError("not_found:case_source", `No playground conversation "${parsed.data.conversationId}"`);
  }
  const column = parsed.data.columnId ? conversation.columns.find((c) => c.id === parsed.data.columnId) : conversation.columns[0];
  if (!column) throw new AppError("not_found:case_source", `No column "${parsed.data.columnId}" in “${conversation.title}”`);
  const first = conversation.servers[0];
  if (!first)
    throw new AppError(
      "bad_request:case_source",
      `“${conversation.title}” gives the model no MCP server's tools: there is nothing to replay against`,
    );
  const record = columnRecord(conversation.id, column.id);
  if (record.users.length === 0) throw new AppError("bad_request:case_source", `“${conversation.title}” has no message yet`);
  const model = `${column.config.provider} ${column.config.model}`;
  return {
    name: `${conversation.title} (${model})`,
    protocol: "playground",
    target: { kind: "saved", id: first.connectionId },
    steps: [
      {
        kind: "setup",
        input: { systemPrompt: conversation.systemPrompt, servers: conversation.servers, config: column.config },
        label: model,
      },
      ...record.users.map((text) => ({ kind: "message", input: { text }, label: `user: ${text.slice(0, 80)}` })),
    ],
    answers: [],
    recorded: outcomeOf(record),
    assertions: [{ type: "trajectory", mode: "exact", args: "exact" }],
    source: { protocol: "playground", from: "conversation", ref: { conversationId: conversation.id, columnId: column.id } },
  };
}

/** Until the column has ended `count` turns, or the signal aborts. */
async function turnsEnded(conversationId: string, columnId: string, count: number, signal: AbortSignal): Promise<void> {
  while (!signal.aborted && columnRecord(conversationId, columnId).turns.length < count) await new Promise((r) => setTimeout(r, POLL_MS));
}

async function replay(testCase: CaseBody, target: CaseTarget, io: ReplayIO): Promise<CaseOutcome> {
  const [first, ...rest] = testCase.steps;
  const setup = setupInput.safeParse(first?.input);
  if (first?.kind !== "setup" || !setup.success)
    return caseOutcomeSchema.parse({ result: null, error: "The case has no setup step (model and servers) first" });
  let conversationId: string | null = null;
  try {
    const server = (await connectionFor(target)).id;
    const conversation = getPlayground().create({
      title: `test ${testCase.name}`.slice(0, 200),
      systemPrompt: setup.data.systemPrompt,
      servers: setup.data.servers.map((s, i) => (i === 0 ? { ...s, connectionId: server } : s)),
      policy: "never",
      toolPolicies: {},
      columns: [setup.data.config],
    });
    conversationId = conversation.id;
    const columnId = conversation.columns[0]?.id;
    if (!columnId) throw new Error("the replay's conversation has no column");
    let sent = 0;
    for (const step of rest) {
      const message = messageInput.safeParse(step.input);
      if (step.kind !== "message" || !message.success) continue;
      getPlayground().send(conversationId, { text: message.data.text, columnIds: [columnId] });
      await turnsEnded(conversationId, columnId, ++sent, io.signal);
      if (io.signal.aborted) break;
    }
    if (io.signal.aborted) getPlayground().stop(conversationId);
    return outcomeOf(
      columnRecord(conversationId, columnId),
      io.signal.aborted ? { error: "stopped: the case's time ran out or the run was cancelled" } : {},
    );
  } catch (e) {
    if (conversationId) getPlayground().stop(conversationId);
    return caseOutcomeSchema.parse({ result: null, error: errorMessage(e) });
  }
}

export const playgroundTesting = { sources: PLAYGROUND_CASE_SOURCES, caseFrom, replay } satisfies TestingDriver;
