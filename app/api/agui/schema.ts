import { z } from "zod";
import { AguiAgentInput, AguiToolDeclaration } from "@/lib/contracts/agui";

/** PATCH /api/agui/agents/:id: only the fields given change (no defaults filled in). */
export const updateAguiAgentBody = z.object({
  name: AguiAgentInput.shape.name.optional(),
  url: AguiAgentInput.shape.url.optional(),
  headers: z.record(z.string(), z.string()).optional(),
  tools: z.array(AguiToolDeclaration).optional(),
});
