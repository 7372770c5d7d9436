import "server-only";
import type { AguiAgentInput, AguiAgentView, AguiAnswerBody, AguiHumanRequest } from "@/lib/contracts/agui";
import { AppError } from "@/lib/errors";

/**
 * The AG-UI service (issue 11 §3): saved agents, runs, thread state and human requests.
 * Entry point for routes and the inbox; the body grows in the modules beside this file.
 */
export class AguiService {
  private readonly agents = new Map<string, AguiAgentView>();

  list(): AguiAgentView[] {
    return [...this.agents.values()];
  }

  get(id: string): AguiAgentView {
    const agent = this.agents.get(id);
    if (!agent) throw new AppError("not_found:agui_agent", `No AG-UI agent with id "${id}"`);
    return agent;
  }

  create(input: AguiAgentInput): AguiAgentView {
    const id = crypto.randomUUID();
    const view: AguiAgentView = { ...input, id, createdAt: Date.now(), state: { status: "unknown" } };
    this.agents.set(id, view);
    return view;
  }

  registerBuiltin(spec: { id: string; name: string; url: string }): AguiAgentView {
    const view: AguiAgentView = { ...spec, headers: {}, tools: [], id: spec.id, createdAt: Date.now(), builtin: true, state: { status: "unknown" } };
    this.agents.set(spec.id, view);
    return view;
  }

  listRequests(): AguiHumanRequest[] {
    return [];
  }

  answerRequest(requestId: string, body: AguiAnswerBody): Promise<AguiHumanRequest> {
    void body;
    return Promise.reject(new AppError("not_found:agui_request", `No AG-UI request with id "${requestId}"`));
  }
}

const KEY = Symbol.for("loupe.agui");
type WithAgui = typeof globalThis & { [KEY]?: AguiService };

export function getAgui(): AguiService {
  const g = globalThis as WithAgui;
  return (g[KEY] ??= new AguiService());
}
