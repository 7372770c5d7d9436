import "server-only";
import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { A2aPushRegistration } from "@/lib/contracts/a2a";
import type { A2aFrameResult } from "@/lib/protocols/a2a/frames";
import { readFrame } from "@/lib/protocols/a2a/frames";
import type { A2aExchanges } from "@/lib/server/a2a/exchanges";
import type { A2aPushRecord, A2aStore } from "@/lib/server/a2a/store";
import type { A2aTasks } from "@/lib/server/a2a/tasks";
import { recordA2a } from "@/lib/server/a2a/frame-reader";
import type { Hub } from "@/lib/server/hub";
import { maskWireHeaders } from "@/lib/server/secrets";
import { MAX_JSON_DEPTH } from "@/lib/server/http";
import { nestedDeeperThan } from "@/lib/values";

const PUSH_PATH = "/a2a-push/";

/** Push notification webhooks (issue 11 §2): Loupe's URL per task with a random per-task token. */
export class A2aPush {
  private readonly push = new Map<string, A2aPushRecord>();

  constructor(
    private readonly hub: Hub,
    private readonly store: A2aStore,
    private readonly tasks: A2aTasks,
    private readonly exchanges: A2aExchanges,
  ) {
    for (const p of store.listPush()) this.push.set(p.pushId, p);
  }

  /**
   * The registration of the task's webhook, if Loupe registered one. On a shared store it is read
   * from the store, count included: another instance may have registered it, and the agent's
   * updates reach every instance, not only this one.
   */
  forTask(agentId: string, taskId: string): A2aPushRegistration | undefined {
    if (this.store.store.engine.shared) return this.store.pushOfTask(agentId, taskId)?.registration;
    return [...this.push.values()].find((p) => p.agentId === agentId && p.taskId === taskId)?.registration;
  }

  /**
   * The webhook `pushId`. On a shared store (issue 25) it is read from the store each time: another
   * instance may have registered it after this one started (a load balancer hands the agent's POST to
   * any instance), and its count of received updates is the one every instance adds to. A prepared
   * webhook not bound yet lives only in the memory of the instance that sent its message.
   */
  private find(pushId: string): A2aPushRecord | undefined {
    if (!this.store.store.engine.shared) return this.push.get(pushId);
    const row = this.store.getPush(pushId);
    if (!row) {
      // Only a prepared webhook lives in memory alone; a bound one gone from the store was removed
      // with its agent, on whichever instance: it answers no more.
      const prepared = this.push.get(pushId);
      if (prepared?.taskId === "") return prepared;
      this.push.delete(pushId);
      return undefined;
    }
    this.push.set(pushId, row);
    return row;
  }

  /** The agent was removed: its webhooks answer no more (their rows went with it). */
  dropAgent(agentId: string): void {
    for (const [pushId, p] of this.push) if (p.agentId === agentId) this.push.delete(pushId);
  }

  /** A new webhook with a random token; known before the agent answers (some post the first notification at once). */
  private mint(agentId: string, taskId: string): A2aPushRecord {
    const pushId = randomUUID();
    const token = randomBytes(24).toString("base64url");
    const url = `http://127.0.0.1:${process.env.LOUPE_PORT ?? "3000"}${PUSH_PATH}${pushId}`;
    const registration: A2aPushRegistration = { pushId, url, registeredAt: Date.now(), received: 0 };
    const record: A2aPushRecord = { pushId, agentId, taskId, token, registration };
    this.push.set(pushId, record);
    return record;
  }

  /**
   * A webhook for a push config sent with a message (issue 23), whose task the agent has not named
   * yet: it is bound to the task the send's answer names, or the first update that reaches it.
   */
  prepare(agentId: string): { id: string; url: string; token: string } {
    const record = this.mint(agentId, "");
    return { id: record.pushId, url: record.registration.url, token: record.token };
  }

  /** Binds a prepared webhook to its task (a no-op once bound: the token was issued for one task). */
  bind(pushId: string, taskId: string, record = this.find(pushId)): void {
    if (!record || record.taskId !== "") return;
    record.taskId = taskId;
    this.store.savePush(record);
  }

  /** A prepared webhook whose send failed, or named no task: it answers no more. */
  discard(pushId: string): void {
    if (this.push.get(pushId)?.taskId === "") this.push.delete(pushId);
  }

  /** Registers Loupe's webhook for the task, with a random per-task token. */
  async register(agentId: string, taskId: string): Promise<A2aPushRegistration> {
    const record = this.mint(agentId, taskId);
    const { pushId, token, registration } = record;
    // Saved before the agent hears of it: it may post at once, to any instance sharing the store.
    this.store.savePush(record);
    try {
      await this.exchanges.unary(agentId, (c) =>
        c.createTaskPushNotificationConfig({ tenant: "", id: pushId, taskId, url: registration.url, token, authentication: undefined }),
      );
    } catch (e) {
      this.push.delete(pushId);
      this.store.deletePush(pushId);
      throw e;
    }
    return record.registration;
  }

  /**
   * One webhook POST (the launcher's /a2a-push/:pushId, outside the Loupe token): the per-task
   * token is compared in constant time; the body is recorded as it came and applied to the task.
   */
  receive(pushId: string, headers: Record<string, string>, bodyText: string): { status: number; message: string } {
    const record = this.find(pushId);
    const given = Buffer.from(headers["x-a2a-notification-token"] ?? "");
    const want = Buffer.from(record?.token ?? randomBytes(24).toString("base64url"));
    const ok = given.length === want.length && timingSafeEqual(given, want);
    if (!record || !ok) return { status: 401, message: "Unknown webhook or wrong X-A2A-Notification-Token" };
    let body: unknown = bodyText;
    let read: A2aFrameResult | undefined;
    let deep = false;
    try {
      body = JSON.parse(bodyText);
      // Kept as its text: recorded whole it would overflow the stack (JSON.stringify), a 500.
      deep = nestedDeeperThan(body, MAX_JSON_DEPTH);
      if (deep) {
        body = bodyText;
        read = { ok: false, error: `the body is nested deeper than ${MAX_JSON_DEPTH} levels` };
      } else read = readFrame(body);
    } catch {
      read = { ok: false, error: "the body is not JSON" };
    }
    // The token was issued for one task: an update naming another (even of the same agent) must
    // not change it or open a human request for it. Recorded as it came, then refused.
    const named = read.ok && "taskId" in read.item ? read.item.taskId : undefined;
    if (named !== undefined) this.bind(pushId, named, record);
    const foreign =
      named !== undefined && named !== record.taskId
        ? `The update names task "${named}"; this webhook is for task "${record.taskId}" only`
        : undefined;
    if (foreign) read = { ok: false, error: foreign };
    const rec = this.tasks.get(record.agentId, record.taskId);
    recordA2a(this.hub, record.agentId, rec?.contextId ?? null, "a2a_push", "in", {
      pushId,
      taskId: record.taskId,
      headers: maskWireHeaders(headers),
      body,
      ...(read.ok ? { kind: read.item.type } : { error: read.error }),
    });
    if (foreign) return { status: 400, message: foreign };
    if (deep && !read.ok) return { status: 400, message: `Recorded as text: ${read.error}` };
    if (read.ok) this.tasks.apply(record.agentId, read.item);
    // Added in the database, not written back as read: another instance may be counting one too.
    const received = this.store.countPush(record, record.registration.received);
    record.registration = { ...record.registration, received };
    return { status: 200, message: "recorded" };
  }
}
