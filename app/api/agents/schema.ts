import { AgentServerInput } from "@/lib/contracts/agents";

/** POST /api/agents: a new agent server. */
export const createAgentBody = AgentServerInput;
