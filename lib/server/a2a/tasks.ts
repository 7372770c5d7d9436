import "server-only";
import { randomUUID } from "node:crypto";
import type { A2aHumanRequest, A2aTaskState } from "@/lib/contracts/a2a";
import { A2A_INTERRUPTED_STATES, A2A_TERMINAL_STATES } from "@/lib/contracts/a2a";
import type { A2aItem } from "@/lib/protocols/a2a/frames";
import { messagePrompt, messageSchema, messageText } from "@/lib/protocols/a2a/message";
import { withoutInFlight, type A2aStore } from "@/lib/server/a2a/store";
import { settleLeftAtStart } from "@/lib/server/a2a/answer-in-flight";
import type { Hub } from "@/lib/server/hub";
import { recordA2a } from "@/lib/server/a2a/frame-reader";
import { addArtifactIds, isLateStatus, overRow, reusedFor, type Stored } from "@/lib/server/a2a/task-rows";

/** How long a change within the same state may wait in memory before it is written. */
const TASK_FLUSH_MS = 250;

/**
 * Loupe's own record of every task seen (from any frame: a stream, tasks/get, a push) and the
 * human requests its interrupted states make. Fed only by frames already recorded.
 */
export class A2aTasks {
  /** Requests whose answer is being sent: their task's frames must not make them stale. */
  private readonly answering = new Set<string>();
  private readonly requests = new Map<string, A2aHumanRequest>();
  /** `agentId\ntaskId` → a record changed in memory since it was last written (see write()). */
  private readonly live = new Map<string, Stored>();
  private flushTimer: NodeJS.Timeout | undefined;
  private lastKey = { agentId: "", taskId: "", key: "" };

  constructor(
    private readonly hub: Hub,
    private readonly store: A2aStore,
    private readonly agentName: (agentId: string) => string,
  ) {
    // On a shared store (issue 25) a pending or retried request may be another live instance's: left as it is.
    const shared = store.store.engine.shared;
    for (const row of store.storedRequests()) {
      // Nothing tells Loupe what happened to a task while it was down, nor to an answer (or a Retry) it was sending.
      const settled = shared ? undefined : settleLeftAtStart(store, row);
      if (settled) store.saveRequest(settled);
      this.requests.set(row.id, settled ?? withoutInFlight(row));
    }
  }

  /**
   * On a shared store the requests are read again (another instance raised, answered or closed
   * some): the inbox of every instance lists every instance's. One being answered here stays as it is.
   */
  reload(): void {
    if (!this.store.store.engine.shared) return;
    const rows = this.store.listRequests();
    const ids = new Set(rows.map((r) => r.id));
    for (const id of this.requests.keys()) if (!ids.has(id) && !this.answering.has(id)) this.requests.delete(id);
    for (const r of rows) if (!this.answering.has(r.id)) this.requests.set(r.id, r);
  }

  list(agentId: string): Stored[] {
    this.flush();
    return this.store.listTasks(agentId);
  }

  /** Through the in-memory record when a stream is changing it: never a row behind. */
  get(agentId: string, taskId: string): Stored | undefined {
    return this.live.get(this.keyOf(agentId, taskId)) ?? this.store.getTask(agentId, taskId);
  }

  /** `agentId\ntaskId`: the last one kept, since a stream names the same task thousands of times. */
  private keyOf(agentId: string, taskId: string): string {
    const last = this.lastKey;
    if (last.agentId === agentId && last.taskId === taskId) return last.key;
    this.lastKey = { agentId, taskId, key: `${agentId}\n${taskId}` };
    return this.lastKey.key;
  }

  /**
   * Writes the record now (a new task, a state change, a kept Task object). A change within the
   * same state (an artifact chunk, a status text) stays in memory and is written with the next
   * batch: a row read, parsed and rewritten per chunk cost the relay 14 % of its time.
   */
  private write(rec: Stored, now: boolean): void {
    const key = this.keyOf(rec.agentId, rec.taskId);
    if (!now) {
      this.live.set(key, rec);
      this.flushTimer ??= setTimeout(() => this.flush(), TASK_FLUSH_MS);
      return;
    }
    this.live.delete(key);
    this.writeRow(rec);
  }

  /** One record written; on a shared store, over what another instance wrote meanwhile (`overRow`). */
  private writeRow(rec: Stored): void {
    if (!this.store.store.engine.shared) return this.store.saveTask(rec);
    this.store.store.db.transaction(() => this.store.saveTask(overRow(rec, this.store.getTask(rec.agentId, rec.taskId))))();
  }

  /** Writes every record changed in memory (a stream's end, a list, shutdown), in one transaction. */
  flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const pending = [...this.live.values()];
    this.live.clear();
    // A store closed meanwhile (shutdown, tests) has nothing left to write to.
    if (pending.length === 0 || !this.store.store.db.open) return;
    this.store.store.db.transaction(() => pending.forEach((rec) => this.writeRow(rec)))();
  }

  /** Applies one frame's item to the task it names (no-op for items without a task). */
  apply(agentId: string, item: A2aItem): void {
    if (item.type !== "task" && item.type !== "status" && item.type !== "artifact") return;
    if (item.type === "artifact" && this.chunk(agentId, item)) return;
    const now = Date.now();
    const prev = this.unlessReused(this.get(agentId, item.taskId), item.contextId);
    const rec: Stored = prev ?? {
      agentId,
      taskId: item.taskId,
      contextId: item.contextId,
      state: "unknown",
      createdAt: now,
      updatedAt: now,
      artifactCount: 0,
      artifactIds: [],
    };
    rec.updatedAt = now;
    // The agent speaks of the task again: it is not lost any more.
    const found = rec.lost !== undefined;
    delete rec.lost;
    if (!rec.contextId && item.contextId) rec.contextId = item.contextId;
    addArtifactIds(
      rec,
      item.type === "artifact" ? [item.artifact.artifactId] : item.type === "task" ? item.artifacts.map((a) => a.artifactId) : [],
    );
    if ((item.type === "task" || item.type === "status") && prev && isLateStatus(rec, item)) {
      this.write(rec, false);
      return;
    }
    if (item.type === "task" || item.type === "status") {
      if (item.type === "status" && item.timestamp) rec.statusAt = item.timestamp;
      const text = messageText(item.message);
      const changed = item.state !== rec.state;
      rec.state = item.state;
      if (text) rec.statusText = text;
      else if (changed) delete rec.statusText;
      this.write(rec, changed || !prev || found);
      this.onState(rec, item);
      return;
    }
    this.write(rec, !prev || found);
  }

  /**
   * An artifact chunk of a task held in memory (a stream's thousands of them), not lost: updated in
   * place, as the general path below would, without its keys and arrays (2 µs a chunk, issue 23).
   * False when the task is not in memory, or lost (the general path then writes it).
   */
  private chunk(agentId: string, item: Extract<A2aItem, { type: "artifact" }>): boolean {
    const rec = this.live.get(this.keyOf(agentId, item.taskId));
    if (!rec || rec.lost !== undefined || reusedFor(rec, item.contextId)) return false;
    rec.updatedAt = Date.now();
    if (!rec.contextId && item.contextId) rec.contextId = item.contextId;
    addArtifactIds(rec, [item.artifact.artifactId]);
    return true;
  }

  /**
   * The record of a task id, unless the agent now uses that id in another conversation (an agent
   * restarted and numbering its tasks anew, or one that reuses ids): that is a new task, and the old
   * one's waiting questions can no longer be answered (said in words). Undefined then: a new record.
   */
  private unlessReused(rec: Stored | undefined, contextId: string): Stored | undefined {
    if (!rec || !reusedFor(rec, contextId)) return rec;
    const reason = `The agent reused task id ${rec.taskId} for another conversation (${contextId}): this task is gone`;
    for (const r of this.requests.values())
      if (r.agentId === rec.agentId && r.taskId === rec.taskId && r.status === "pending") this.save({ ...r, status: "stale", reason });
    return undefined;
  }

  /** The agent stopped answering before the task ended: said on the task (written now). False when it had ended. */
  markLost(agentId: string, taskId: string, reason: string): boolean {
    const rec = this.get(agentId, taskId);
    if (!rec || A2A_TERMINAL_STATES.includes(rec.state)) return false;
    // The first reason stays (the stream's end says more than a later refresh that got no answer).
    if (rec.lost) return true;
    const at = Date.now();
    this.write({ ...rec, updatedAt: at, lost: { at, reason } }, true);
    return true;
  }

  /** Keeps the raw Task object a tasks/get or a stream's task frame carried. */
  keepTask(agentId: string, taskId: string, task: unknown): void {
    const rec = this.get(agentId, taskId);
    if (!rec) return;
    this.write({ ...rec, task }, true);
  }

  private onState(rec: Stored, item: Extract<A2aItem, { type: "task" | "status" }>): void {
    // An interruption seen here (a push, a tasks/get) may already be another instance's request.
    if (A2A_INTERRUPTED_STATES.includes(item.state)) this.reload();
    const pending = [...this.requests.values()].filter(
      (r) => r.agentId === rec.agentId && r.taskId === rec.taskId && r.status === "pending",
    );
    for (const r of pending) {
      if (this.answering.has(r.id)) continue;
      const same = (r.kind === "input" && item.state === "input-required") || (r.kind === "auth" && item.state === "auth-required");
      if (!same) this.save({ ...r, status: "stale", reason: `The task moved on to ${item.state} without an answer from Loupe` });
    }
    if (!A2A_INTERRUPTED_STATES.includes(item.state)) return;
    const kind = item.state === "auth-required" ? "auth" : "input";
    // A tasks/get, a push or a continuation's first task frame repeating the same interruption
    // (the same status message) is the same request, answered or not. Not a stale one: a task
    // still waiting after Loupe restarted (seen again on refresh) must get a request to answer.
    if (pending.some((r) => r.kind === kind && !this.answering.has(r.id))) return;
    // Same id and same parts: an agent that keeps one message id per task for each of its questions
    // asks a new one under the old id (a follow-up question after an answer must be answerable).
    const messageId = item.message?.messageId;
    const parts = messageId ? JSON.stringify(item.message?.parts) : "";
    if (
      messageId &&
      [...this.requests.values()].some((r) => {
        const asked = r.message as { messageId?: string; parts?: unknown } | undefined;
        return (
          r.status !== "stale" &&
          r.agentId === rec.agentId &&
          r.taskId === rec.taskId &&
          r.contextId === rec.contextId &&
          asked?.messageId === messageId &&
          JSON.stringify(asked.parts) === parts
        );
      })
    )
      return;
    const prompt = messagePrompt(item.message);
    const schema = messageSchema(item.message);
    this.save({
      id: randomUUID(),
      agentId: rec.agentId,
      agentName: this.agentName(rec.agentId),
      taskId: rec.taskId,
      contextId: rec.contextId,
      kind,
      ...(prompt ? { prompt } : {}),
      ...(schema !== undefined ? { schema } : {}),
      ...(item.message ? { message: item.message } : {}),
      createdAt: Date.now(),
      status: "pending",
    });
  }

  save(request: A2aHumanRequest): A2aHumanRequest {
    this.requests.set(request.id, request);
    this.store.saveRequest(request);
    recordA2a(this.hub, request.agentId, request.contextId || null, "a2a_request_state", "local", request);
    return request;
  }

  listRequests(): A2aHumanRequest[] {
    this.reload();
    const all = [...this.requests.values()].sort((a, b) => b.createdAt - a.createdAt);
    return [...all.filter((r) => r.status === "pending"), ...all.filter((r) => r.status !== "pending")];
  }

  getRequest(id: string): A2aHumanRequest | undefined {
    if (this.store.store.engine.shared && !this.answering.has(id)) {
      const row = this.store.getRequest(id);
      if (row) this.requests.set(id, row);
      else this.requests.delete(id);
    }
    return this.requests.get(id);
  }

  /** Claims a request for answering (exactly once); the reason it cannot be, as an error code. */
  claim(id: string, taskState: A2aTaskState | undefined): "ok" | "answering" | "answered" | "stale" {
    const r = this.requests.get(id);
    if (!r) return "stale";
    // Another answer is on its way now: it may still fail (then the request can be answered again).
    if (this.answering.has(id)) return "answering";
    if (r.status === "answered") return "answered";
    if (r.status === "stale") return "stale";
    const waiting = r.kind === "auth" ? "auth-required" : "input-required";
    if (taskState !== undefined && (taskState !== waiting || A2A_TERMINAL_STATES.includes(taskState))) {
      this.save({ ...r, status: "stale", reason: `The task is ${taskState} now` });
      return "stale";
    }
    this.answering.add(id);
    return "ok";
  }

  /** Whether an answer to the request is being sent from this instance now (a take-over leaves it be). */
  readonly answeringHere = (id: string): boolean => this.answering.has(id);

  release(id: string): void {
    this.answering.delete(id);
  }

  dropAgent(agentId: string): void {
    for (const [id, r] of this.requests) if (r.agentId === agentId) this.requests.delete(id);
    // Its rows went with it: a later flush must not write them back.
    for (const [key, rec] of this.live) if (rec.agentId === agentId) this.live.delete(key);
  }
}
