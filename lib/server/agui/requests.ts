import "server-only";
import { randomUUID } from "node:crypto";
import type { RunAgentInput } from "@ag-ui/core";
import type { AguiAnswerBody, AguiHumanRequest } from "@/lib/contracts/agui";
import { AppError } from "@/lib/errors";
import { answerClaimOf, answeredConflict, answerOnce, roundOf } from "@/lib/server/inbox/answer-claims";
import type { AguiAgentConfig, AguiStore } from "@/lib/server/agui/agui-store";
import { saveAguiRequest, shownAguiRequest } from "@/lib/server/agui/record";
import type { AguiAgentLookup, AguiRuns } from "@/lib/server/agui/runs";
import type { Hub } from "@/lib/server/hub";
import { answeringActor } from "@/lib/server/people/actor-context";
import { isRecord } from "@/lib/values";

const toolContent = (result: unknown): string => (typeof result === "string" ? result : JSON.stringify(result ?? null));

/** Why a request a test replay left is stale. */
const LEFT_BY_REPLAY = "its test replay ended before answering it";

/** A request the user answered: its answer is set (the group sent on the next run is made of these). */
type Answered = AguiHumanRequest & { answer: AguiAnswerBody };
const hasAnswer = (r: AguiHumanRequest): r is Answered => r.answer !== undefined;

/**
 * AG-UI human requests (issue 11 §3): front-end tool calls and interrupts a run left, answered by
 * starting the next run of the thread with the answers of the whole run together.
 */
export class AguiRequests {
  constructor(
    private readonly hub: Hub,
    private readonly store: AguiStore,
    private readonly runs: AguiRuns,
    private readonly agent: AguiAgentLookup,
  ) {}

  private save(request: AguiHumanRequest): AguiHumanRequest {
    return saveAguiRequest(this.hub, this.store, request);
  }

  list(): AguiHumanRequest[] {
    return this.store.listRequests().map(shownAguiRequest);
  }

  /** The request as the routes show it (without who answered: read the store to save it back). */
  get(requestId: string): AguiHumanRequest {
    const r = this.store.getRequest(requestId);
    if (!r) throw new AppError("not_found:agui_request", `No AG-UI request with id "${requestId}"`);
    return shownAguiRequest(r);
  }

  /**
   * Answers one request. Exactly one answer wins (the status flips before anything awaits). The
   * answers of one run travel together on the next run, as the interrupt spec requires ("a single
   * resume array must address every open interrupt"): until the last is answered, the others wait.
   * A failed answer may be given again; the group is then re-sent with the answers it had. Returns
   * the request as stored (with who answered: AguiService.answerRequest shows it without).
   */
  answer(requestId: string, body: AguiAnswerBody): AguiHumanRequest {
    const r = this.get(requestId);
    if (r.status === "answered") {
      const who = answerClaimOf(this.hub.store, { source: "agui", requestId, round: r.answerRound });
      throw who
        ? answeredConflict("conflict:agui_request_answered", who)
        : new AppError("conflict:agui_request_answered", "This request was already answered");
    }
    if (r.status === "stale") throw new AppError("conflict:agui_request_stale", `This request is stale: ${r.reason ?? "its run is gone"}`);
    if (r.kind === "tool" && body.kind !== "tool_result")
      throw new AppError("bad_request:agui_answer_kind", 'A front-end tool call is answered with { kind: "tool_result", result }');
    if (r.kind === "interrupt" && body.kind !== "resume")
      throw new AppError("bad_request:agui_answer_kind", 'An interrupt is answered with { kind: "resume", status, payload? }');
    if (
      r.kind === "interrupt" &&
      body.kind === "resume" &&
      body.status === "resolved" &&
      r.interrupt?.expiresAt &&
      Date.parse(r.interrupt.expiresAt) < Date.now()
    ) {
      throw new AppError(
        "conflict:agui_interrupt_expired",
        `The interrupt expired at ${r.interrupt.expiresAt}; it can only be cancelled now`,
      );
    }
    const entry = this.agent(r.agentId);
    if (!entry) {
      this.save({ ...r, status: "stale", reason: "The agent was removed" });
      throw new AppError("conflict:agui_request_stale", "This request's agent was removed");
    }
    this.runs.assertIdle(r.agentId, r.threadId);
    // One conditional write in the database decides between two answers, on any instance.
    const target = { source: "agui", requestId, round: roundOf(r) };
    return answerOnce(this.hub.store, target, "conflict:agui_request_answered", ({ answeredAt }) => {
      const answered = this.save({
        ...r,
        status: "answered",
        answeredAt,
        answerRound: target.round,
        answer: body,
        error: undefined,
        reason: undefined,
        answeredByRunId: undefined,
        // Kept for the audit's failed row should Loupe stop before the run carrying it ends (agui-store.ts).
        answeredBy: answeringActor(),
      });
      const group = this.store.threadRequests(r.agentId, r.threadId).filter((x) => x.runId === r.runId);
      const waiting = group.filter((x) => x.status === "pending");
      if (waiting.length > 0) {
        const reason = `Sent with the ${waiting.length} other request${waiting.length === 1 ? "" : "s"} of this run once ${waiting.length === 1 ? "it is" : "they are"} answered`;
        return this.save({ ...answered, reason });
      }
      const carried = group
        .filter(hasAnswer)
        .filter((x) => (x.status === "answered" || x.status === "failed") && !(x.status === "answered" && x.answeredByRunId));
      return this.continueThread(entry.config, r, carried);
    });
  }

  /** A test replay ended early: what it left waiting on its thread is no one's to answer (stale). */
  closeLeftByReplay(agentId: string, threadId: string): void {
    for (const r of this.store.threadRequests(agentId, threadId))
      if (r.status === "pending" || r.status === "failed") this.save({ ...r, status: "stale", reason: LEFT_BY_REPLAY });
  }

  private continueThread(config: AguiAgentConfig, r: AguiHumanRequest, group: Answered[]): AguiHumanRequest {
    const thread = this.store.getThread(config.id, r.threadId);
    const runId = randomUUID();
    const toolIds = new Set(group.filter((g) => g.kind === "tool").map((g) => g.toolCallId));
    // A retried answer replaces the tool result its failed attempt left after the call. Only after
    // the newest assistant message making that call: agents that number calls per run reuse ids, and
    // an earlier run's answer under the same id stays in the history.
    const all = thread?.messages ?? [];
    const lastCall = new Map<string, number>();
    all.forEach((m, i) => {
      if (!isRecord(m) || m.role !== "assistant" || !Array.isArray(m.toolCalls)) return;
      for (const c of m.toolCalls) if (isRecord(c) && typeof c.id === "string" && toolIds.has(c.id)) lastCall.set(c.id, i);
    });
    const messages = all.filter((m, i) => {
      const id = isRecord(m) && m.role === "tool" && typeof m.toolCallId === "string" ? m.toolCallId : undefined;
      return !(id !== undefined && toolIds.has(id) && i > (lastCall.get(id) ?? -1));
    });
    const resume: NonNullable<RunAgentInput["resume"]> = [];
    for (const g of group) {
      const a = g.answer;
      if (a.kind === "tool_result")
        messages.push({ id: randomUUID(), role: "tool", toolCallId: g.toolCallId, content: toolContent(a.result) });
      else if (g.interrupt)
        resume.push({
          interruptId: g.interrupt.id,
          status: a.status,
          ...(a.status === "resolved" && a.payload !== undefined ? { payload: a.payload } : {}),
        });
    }
    const tools = thread?.tools ?? config.tools;
    const input = {
      threadId: r.threadId,
      runId,
      state: thread?.state ?? {},
      messages,
      tools,
      context: [],
      forwardedProps: {},
      ...(resume.length ? { resume } : {}),
    } as RunAgentInput;
    let mine = r;
    for (const g of group) {
      const saved = this.save({
        ...(this.store.getRequest(g.id) ?? g),
        status: "answered",
        answeredByRunId: runId,
        reason: undefined,
        error: undefined,
      });
      if (g.id === r.id) mine = saved;
    }
    this.runs.launch(
      config,
      input,
      tools,
      group.map((g) => g.id),
    );
    return mine;
  }
}
