import "server-only";
import type { A2aAgentInput, A2aHumanRequest, A2aPushRegistration, A2aTaskSummary } from "@/lib/contracts/a2a";
import { PeerTable, type PeerConfig } from "@/lib/server/peers/table";
import { record, records } from "@/lib/server/rows";
import type { Store } from "@/lib/server/store";

/** A saved A2A agent as persisted (header values in clear; views mask them). */
export type A2aAgentConfig = PeerConfig<A2aAgentInput>;

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
      cascade: { a2a_tasks: "agent_id", a2a_requests: "agent_id", a2a_push: "agent_id" },
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

  listRequests(): A2aHumanRequest[] {
    return records<A2aHumanRequest>(this.store, "SELECT record FROM a2a_requests ORDER BY created_at DESC, id");
  }

  getRequest(id: string): A2aHumanRequest | undefined {
    return record<A2aHumanRequest>(this.store, "SELECT record FROM a2a_requests WHERE id = ?", id);
  }

  saveRequest(request: A2aHumanRequest): void {
    this.store
      .prepare(
        `INSERT INTO a2a_requests (id, agent_id, status, created_at, record) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET status = excluded.status, record = excluded.record`,
      )
      .run(request.id, request.agentId, request.status, request.createdAt, JSON.stringify(request));
  }

  listPush(): A2aPushRecord[] {
    return records<A2aPushRecord>(this.store, "SELECT record FROM a2a_push");
  }

  getPush(pushId: string): A2aPushRecord | undefined {
    return record<A2aPushRecord>(this.store, "SELECT record FROM a2a_push WHERE push_id = ?", pushId);
  }

  deletePush(pushId: string): void {
    this.store.prepare("DELETE FROM a2a_push WHERE push_id = ?").run(pushId);
  }

  savePush(record: A2aPushRecord): void {
    this.store
      .prepare(
        `INSERT INTO a2a_push (push_id, agent_id, task_id, token, record) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(push_id) DO UPDATE SET record = excluded.record`,
      )
      .run(record.pushId, record.agentId, record.taskId, record.token, JSON.stringify(record));
  }
}
