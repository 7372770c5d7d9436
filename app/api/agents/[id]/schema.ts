import { AgentServerInput } from "@/lib/contracts/agents";

/** PATCH /api/agents/:id: header values equal to SECRET_MASK keep the stored secret. */
export const updateAgentBody = AgentServerInput;
