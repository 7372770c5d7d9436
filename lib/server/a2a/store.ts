import "server-only";
import type { A2aAgentInput, A2aHumanRequest, A2aPushRegistration, A2aTaskSummary } from "@/lib/contracts/a2a";
import type { Store } from "@/lib/server/store";

/** A saved A2A agent as persisted (header values in clear; views mask them). */
export type A2aAgentConfig = A2aAgentInput & { id: string; createdAt: number; builtin?: boolean };

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

/** SQLite persistence of the A2A tables (lib/server/store-schema.ts). */
export class A2aStore {
  constructor(readonly store: Store) {}

  listAgents(): A2aAgentConfig[] {
    const rows = this.store.prepare("SELECT config FROM a2a_agents ORDER BY created_at, id").all() as { config: string }[];
    return rows.map((r) => JSON.parse(r.config) as A2aAgentConfig);
  }

  saveAgent(config: A2aAgentConfig): void {
    this.store
      .prepare(
        `INSERT INTO a2a_agents (id, config, builtin, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET config = excluded.config, builtin = excluded.builtin`,
      )
      .run(config.id, JSON.stringify(config), config.builtin ? 1 : 0, config.createdAt);
  }

  deleteAgent(id: string): void {
    this.store.db.transaction(() => {
      this.store.prepare("DELETE FROM a2a_agents WHERE id = ?").run(id);
      this.store.prepare("DELETE FROM a2a_tasks WHERE agent_id = ?").run(id);
      this.store.prepare("DELETE FROM a2a_requests WHERE agent_id = ?").run(id);
      this.store.prepare("DELETE FROM a2a_push WHERE agent_id = ?").run(id);
    })();
  }

  listTasks(agentId: string): A2aTaskRecord[] {
    const rows = this.store.prepare("SELECT record FROM a2a_tasks WHERE agent_id = ? ORDER BY updated_at DESC").all(agentId) as {
      record: string;
    }[];
    return rows.map((r) => JSON.parse(r.record) as A2aTaskRecord);
  }

  getTask(agentId: string, taskId: string): A2aTaskRecord | undefined {
    const row = this.store.prepare("SELECT record FROM a2a_tasks WHERE agent_id = ? AND task_id = ?").get(agentId, taskId) as
      { record: string } | undefined;
    return row ? (JSON.parse(row.record) as A2aTaskRecord) : undefined;
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
    const rows = this.store.prepare("SELECT record FROM a2a_requests ORDER BY created_at DESC, id").all() as { record: string }[];
    return rows.map((r) => JSON.parse(r.record) as A2aHumanRequest);
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
    const rows = this.store.prepare("SELECT record FROM a2a_push").all() as { record: string }[];
    return rows.map((r) => JSON.parse(r.record) as A2aPushRecord);
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
