import "server-only";
import { randomUUID } from "node:crypto";
import type { A2aAgentInput, A2aAgentState, A2aAgentView, A2aAnswerBody, A2aHumanRequest } from "@/lib/contracts/a2a";
import { AppError } from "@/lib/errors";
import { maskHeaders, mergeHeaders } from "@/lib/server/adk/mask";
import type { Hub } from "@/lib/server/hub";
import { A2aStore } from "@/lib/server/a2a/store";
import type { A2aAgentConfig } from "@/lib/server/a2a/store";

export interface A2aBuiltinInput {
  id: string;
  name: string;
  url: string;
  headers?: Record<string, string>;
}

interface AgentEntry {
  config: A2aAgentConfig;
  state: A2aAgentState;
}

/** Every saved A2A agent; routes look them up here (STYLE rule 3). */
export class A2aRegistry {
  readonly a2aStore: A2aStore;
  private readonly agents = new Map<string, AgentEntry>();

  constructor(readonly hub: Hub) {
    this.a2aStore = new A2aStore(hub.store);
    for (const config of this.a2aStore.listAgents()) this.agents.set(config.id, { config, state: { status: "unknown" } });
  }

  private view(entry: AgentEntry): A2aAgentView {
    return { ...entry.config, headers: maskHeaders(entry.config.headers), state: entry.state };
  }

  private require(id: string): AgentEntry {
    const entry = this.agents.get(id);
    if (!entry) throw new AppError("not_found:a2a_agent", `No A2A agent with id "${id}"`);
    return entry;
  }

  list(): A2aAgentView[] {
    return [...this.agents.values()].map((e) => this.view(e));
  }

  get(id: string): A2aAgentView {
    return this.view(this.require(id));
  }

  has(id: string): boolean {
    return this.agents.has(id);
  }

  async create(input: A2aAgentInput, opts: { id?: string; builtin?: boolean } = {}): Promise<A2aAgentView> {
    const id = opts.id ?? randomUUID();
    const existing = this.agents.get(id);
    const config: A2aAgentConfig = { ...input, id, createdAt: existing?.config.createdAt ?? Date.now(), ...(opts.builtin ? { builtin: true } : {}) };
    this.a2aStore.saveAgent(config);
    const entry: AgentEntry = existing ?? { config, state: { status: "unknown" } };
    entry.config = config;
    this.agents.set(id, entry);
    return this.view(entry);
  }

  /** Boot's demo peers: saved once under a fixed id, builtin; calling again only updates the URL. */
  registerBuiltin(input: A2aBuiltinInput): Promise<A2aAgentView> {
    return this.create({ name: input.name, url: input.url, headers: input.headers ?? {} }, { id: input.id, builtin: true });
  }

  async update(id: string, input: Partial<A2aAgentInput>): Promise<A2aAgentView> {
    const entry = this.require(id);
    const headers = input.headers ? mergeHeaders(input.headers, entry.config.headers) : entry.config.headers;
    entry.config = { ...entry.config, ...input, headers };
    this.a2aStore.saveAgent(entry.config);
    return this.view(entry);
  }

  remove(id: string): void {
    const entry = this.require(id);
    if (entry.config.builtin) throw new AppError("conflict:a2a_builtin", `"${entry.config.name}" is a demo agent Loupe starts itself`);
    this.agents.delete(id);
    this.a2aStore.deleteAgent(id);
  }

  /** Every human request, pending first. */
  listRequests(): A2aHumanRequest[] {
    const all = this.a2aStore.listRequests();
    return [...all.filter((r) => r.status === "pending"), ...all.filter((r) => r.status !== "pending")];
  }

  async answerRequest(requestId: string, _body: A2aAnswerBody): Promise<A2aHumanRequest> {
    const request = this.a2aStore.listRequests().find((r) => r.id === requestId);
    if (!request) throw new AppError("not_found:a2a_request", `No A2A request with id "${requestId}"`);
    throw new AppError("conflict:a2a_request_stale", "Answering A2A requests is not wired yet");
  }
}
