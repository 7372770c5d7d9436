import "server-only";
import type { A2aAgentInput, A2aHumanRequest, A2aPushRegistration, A2aTaskSummary } from "@/lib/contracts/a2a";
import { PeerTable, type PeerConfig } from "@/lib/server/peers/table";
import { parseRecord, query, record, records } from "@/lib/server/rows";
import type { Store } from "@/lib/server/store";
import type { Actor } from "@/lib/contracts/people";

/** A saved A2A agent as persisted (header values in clear; views mask them). */
export type A2aAgentConfig = PeerConfig<A2aAgentInput>;

/**
 * A request as its row keeps it: with `inFlight` while an answer is on its way (sent, the agent's reply
 * not here yet): since when, and who gave it through the route. Only the row says so (never memory, an
 * entry or a route: the reads below drop it): should Loupe stop then, the next start fails the answer,
 * or says why it is stale, and writes the audit's `failed` row under that name (answer-in-flight.ts).
 */
export interface StoredA2aRequest extends A2aHumanRequest {
  inFlight?: { at: number; answeredBy?: Actor };
}

/** Loupe's record of one task (the summary plus the last raw Task object seen). */
export type A2aTaskRecord = Omit<A2aTaskSummary, "streaming" | "push"> & { task?: unknown };

export interface A2aPushRecord {
  pushId: string;
  agentId: string;
  taskId: string;
  /** The per-task token the agent must echo in X-A2A-Notification-Token (never shown). */
  token: string;
  registration: A2aPushRegistration;
}

/** SQLite persistence of the A2A tables (lib/server/a2a/tables.ts). */
export class A2aStore {
  /** Saved agents; deleting one deletes its tasks, requests and push registrations with it. */
  readonly agents: PeerTable<A2aAgentConfig>;

  constructor(readonly store: Store) {
    this.agents = new PeerTable(store, {
      table: "a2a_agents",
      cascade: { a2a_tasks: "agent_id", a2a_requests: "agent_id", a2a_push: "agent_id", a2a_push_counts: "agent_id" },
    });
  }

  listAgents(): A2aAgentConfig[] {
    return this.agents.list();
  }

  saveAgent(config: A2aAgentConfig): void {
    this.agents.save(config);
  }

  deleteAgent(id: string): void {
    this.agents.delete(id);
  }

  listTasks(agentId: string): A2aTaskRecord[] {
    return records<A2aTaskRecord>(this.store, "SELECT record FROM a2a_tasks WHERE agent_id = ? ORDER BY updated_at DESC", agentId);
  }

  getTask(agentId: string, taskId: string): A2aTaskRecord | undefined {
    return record<A2aTaskRecord>(this.store, "SELECT record FROM a2a_tasks WHERE agent_id = ? AND task_id = ?", agentId, taskId);
  }

  saveTask(record: A2aTaskRecord): void {
    this.store
      .prepare(
        `INSERT INTO a2a_tasks (agent_id, task_id, context_id, updated_at, record) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(agent_id, task_id) DO UPDATE SET context_id = excluded.context_id, updated_at = excluded.updated_at, record = excluded.record`,
      )
      .run(record.agentId, record.taskId, record.contextId, record.updatedAt, JSON.stringify(record));
  }

  /** The requests as Loupe keeps them in memory and shows them: an answer's `inFlight` left out. */
  listRequests(): A2aHumanRequest[] {
    return this.storedRequests().map(withoutInFlight);
  }

  /** The rows as stored, an answer's `inFlight` with them (what the start reads: answer-in-flight.ts). */
  storedRequests(): StoredA2aRequest[] {
    return records<StoredA2aRequest>(this.store, "SELECT record FROM a2a_requests ORDER BY created_at DESC, id");
  }

  /** The agent's rows an answer may be on its way in (pending, or failed and retried), as stored (a take-over: answer-in-flight.ts). */
  storedRequestsOf(agentId: string): StoredA2aRequest[] {
    const sql = "SELECT record FROM a2a_requests WHERE agent_id = ? AND status IN ('pending', 'failed') ORDER BY created_at, id";
    return records<StoredA2aRequest>(this.store, sql, agentId);
  }

  getRequest(id: string): A2aHumanRequest | undefined {
    const row = record<StoredA2aRequest>(this.store, "SELECT record FROM a2a_requests WHERE id = ?", id);
    return row && withoutInFlight(row);
  }

  saveRequest(request: StoredA2aRequest): void {
    this.store
      .prepare(
        `INSERT INTO a2a_requests (id, agent_id, status, created_at, record) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET status = excluded.status, record = excluded.record`,
      )
      .run(request.id, request.agentId, request.status, request.createdAt, JSON.stringify(request));
  }

  listPush(): A2aPushRecord[] {
    return query<PushRow>(this.store, PUSH_ROWS).all().map(pushOf);
  }

  getPush(pushId: string): A2aPushRecord | undefined {
    const row = query<PushRow>(this.store, `${PUSH_ROWS} WHERE p.push_id = ?`).get(pushId);
    return row ? pushOf(row) : undefined;
  }

  /** The task's webhook (the first registered, when there were several). */
  pushOfTask(agentId: string, taskId: string): A2aPushRecord | undefined {
    const row = query<PushRow>(
      this.store,
      `${PUSH_ROWS} WHERE p.agent_id = ? AND p.task_id = ? ORDER BY json_extract(p.record, '$.registration.registeredAt') LIMIT 1`,
    ).get(agentId, taskId);
    return row ? pushOf(row) : undefined;
  }

  deletePush(pushId: string): void {
    this.store.db.transaction(() => {
      this.store.prepare("DELETE FROM a2a_push WHERE push_id = ?").run(pushId);
      this.store.prepare("DELETE FROM a2a_push_counts WHERE push_id = ?").run(pushId);
    })();
  }

  /**
   * One more update received by the webhook, added in the database in one statement, so that pushes
   * landing at once on several instances each count (issue 25); answers the count now. A webhook
   * without a count row yet starts from its record's (`counted`, what an older Loupe wrote there).
   */
  countPush(record: A2aPushRecord, counted: number): number {
    this.store
      .prepare(
        `INSERT INTO a2a_push_counts (push_id, agent_id, received) VALUES (?, ?, ?)
         ON CONFLICT(push_id) DO UPDATE SET received = a2a_push_counts.received + 1`,
      )
      .run(record.pushId, record.agentId, counted + 1);
    const row = query<{ received: number }>(this.store, "SELECT received FROM a2a_push_counts WHERE push_id = ?").get(record.pushId);
    return Number(row?.received ?? counted + 1);
  }

  /** The registration (the count of its record is not kept there: a2a_push_counts holds it). */
  savePush(record: A2aPushRecord): void {
    this.store
      .prepare(
        `INSERT INTO a2a_push (push_id, agent_id, task_id, token, record) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(push_id) DO UPDATE SET record = excluded.record`,
      )
      .run(record.pushId, record.agentId, record.taskId, record.token, JSON.stringify(record));
  }
}

/** A request as it leaves the store: an answer in flight is said in the store only (its `inFlight`). */
export function withoutInFlight(request: StoredA2aRequest): A2aHumanRequest {
  const { inFlight: _inFlight, ...shown } = request;
  return shown;
}

interface PushRow {
  record: string;
  received: number | null;
}

/** Each webhook's record and its count, when it has one (a2a_push_counts). */
const PUSH_ROWS = "SELECT p.record, c.received FROM a2a_push p LEFT JOIN a2a_push_counts c ON c.push_id = p.push_id";

function pushOf(row: PushRow): A2aPushRecord {
  const push = parseRecord<A2aPushRecord>(row.record);
  if (row.received === null) return push;
  return { ...push, registration: { ...push.registration, received: Number(row.received) } };
}
