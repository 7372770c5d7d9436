import "server-only";
import { z } from "zod";
import type { CaseBody, CaseOutcome, CaseSource, CaseTarget, PauseMet } from "@/lib/contracts/testing";
import { caseOutcomeSchema } from "@/lib/contracts/testing";
import { ApprovalPolicy, ToolPolicies } from "@/lib/contracts/approvals";
import { ColumnConfig, ToolSelection } from "@/lib/contracts/playground";
import type { Conversation, PgToolCall, PgTurn } from "@/lib/contracts/playground";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import { AppError } from "@/lib/errors";
import { getHub } from "@/lib/server/hub";
import { connectionFor } from "@/lib/server/mcp/testing/target";
import { getPlayground } from "@/lib/server/playground";
import { answerWaitingApprovals, recordedApprovals } from "@/lib/server/playground/testing-approvals";
import type { ReplayIO, TestingDriver } from "@/lib/server/testing/driver";
import { getReplayScopes } from "@/lib/server/testing/replay-scopes";
import { errorMessage } from "@/lib/values";

/**
 * The playground's testing driver (issue 24): a case from a playground conversation — one column's
 * user messages, the tool calls its model made (the trajectory), the decisions the user gave at its
 * approval gate (the recorded answers) and its last answer. A replay puts the messages to the same
 * model in a new conversation (recorded, so it can be opened in the playground) with the case's
 * servers, the first one swapped for the run's target (another server or version), and the recorded
 * approval policy: each call the gate holds is answered with the case's next decision
 * (testing-approvals.ts). A case saved before decisions were kept has no policy: tools run without asking.
 */

export const PLAYGROUND_CASE_SOURCES = { conversation: "a playground conversation (one model's column)" } as const;

const ref = z.object({ conversationId: z.string().min(1), columnId: z.string().min(1).optional() });
/** The first step: what the model is given (its system prompt, servers and model) and when its gate asks. */
const setupInput = z.object({
  systemPrompt: z.string(),
  servers: z.array(ToolSelection).min(1),
  config: ColumnConfig,
  policy: ApprovalPolicy.default("never"),
  toolPolicies: ToolPolicies.default({}),
});
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
  const approvals = recordedApprovals(record.calls);
  return {
    name: `${conversation.title} (${model})`,
    protocol: "playground",
    target: { kind: "saved", id: first.connectionId },
    steps: [
      {
        kind: "setup",
        input: {
          systemPrompt: conversation.systemPrompt,
          servers: conversation.servers,
          config: column.config,
          policy: conversation.policy,
          toolPolicies: conversation.toolPolicies,
        },
        label: model,
      },
      ...record.users.map((text) => ({ kind: "message", input: { text }, label: `user: ${text.slice(0, 80)}` })),
    ],
    answers: approvals.answers,
    recorded: outcomeOf(record, { pauses: approvals.pauses }),
    assertions: [{ type: "trajectory", mode: "exact", args: "exact" }],
    source: { protocol: "playground", from: "conversation", ref: { conversationId: conversation.id, columnId: column.id } },
  };
}

/**
 * Until the column has ended `count` turns, answering each call its gate holds meanwhile from the
 * case (testing-approvals.ts); false when the replay must stop there (a pause it did not expect, a
 * refused answer, the signal).
 */
async function turnsEnded(
  at: { conversationId: string; columnId: string },
  count: number,
  io: ReplayIO,
  state: ApprovalState,
): Promise<boolean> {
  for (;;) {
    if (io.signal.aborted) return false;
    const record = columnRecord(at.conversationId, at.columnId);
    if (!answerWaitingApprovals(record.calls, state.handled, io, state.pauses)) return false;
    if (record.turns.length >= count) return true;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

interface ApprovalState {
  handled: Set<string>;
  pauses: PauseMet[];
}

/** Per-tool policies keyed `<connectionId>/<tool>`: the first server's moved to the run's target with it. */
function policiesFor(policies: ToolPolicies, from: string, to: string): ToolPolicies {
  return Object.fromEntries(
    Object.entries(policies).map(([key, p]) => [key.startsWith(`${from}/`) ? `${to}/${key.slice(from.length + 1)}` : key, p]),
  );
}

async function replay(testCase: CaseBody, target: CaseTarget, io: ReplayIO): Promise<CaseOutcome> {
  const [first, ...rest] = testCase.steps;
  const setup = setupInput.safeParse(first?.input);
  if (first?.kind !== "setup" || !setup.success)
    return caseOutcomeSchema.parse({ result: null, error: "The case has no setup step (model and servers) first" });
  let conversationId: string | null = null;
  try {
    const server = (await connectionFor(target)).id;
    const recorded = setup.data.servers[0]?.connectionId ?? server;
    const conversation = getPlayground().create({
      title: `test ${testCase.name}`.slice(0, 200),
      systemPrompt: setup.data.systemPrompt,
      servers: setup.data.servers.map((s, i) => (i === 0 ? { ...s, connectionId: server } : s)),
      policy: setup.data.policy,
      toolPolicies: policiesFor(setup.data.toolPolicies, recorded, server),
      columns: [setup.data.config],
    });
    conversationId = conversation.id;
    // Marked before its first message: the calls its gate holds are the case's to answer, never the inbox's.
    getReplayScopes().mark("playground", playgroundReplayScope(conversationId));
    const columnId = conversation.columns[0]?.id;
    if (!columnId) throw new Error("the replay's conversation has no column");
    const state: ApprovalState = { handled: new Set(), pauses: [] };
    let sent = 0;
    let going = true;
    for (const step of rest) {
      const message = messageInput.safeParse(step.input);
      if (step.kind !== "message" || !message.success) continue;
      getPlayground().send(conversationId, { text: message.data.text, columnIds: [columnId] });
      going = await turnsEnded({ conversationId, columnId }, ++sent, io, state);
      if (!going) break;
    }
    // Ended early (its time, a pause it did not expect, a refused answer): the turn is stopped, what waits at its gate goes stale.
    if (!going) getPlayground().stop(conversationId);
    return outcomeOf(columnRecord(conversationId, columnId), {
      pauses: state.pauses,
      ...(io.signal.aborted ? { error: "stopped: the case's time ran out or the run was cancelled" } : {}),
    });
  } catch (e) {
    if (conversationId) getPlayground().stop(conversationId);
    return caseOutcomeSchema.parse({ result: null, error: errorMessage(e) });
  }
}

export const playgroundTesting = { sources: PLAYGROUND_CASE_SOURCES, caseFrom, replay } satisfies TestingDriver;
