import { z } from "zod";
import { bundleUnitContract, unitId } from "@/lib/contracts/bundle-unit";

/** Which part of an MCP connection's traffic: all of it, entries received in [from, to] (ms), or chosen seqs. */
export const mcpTrafficScopeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("all") }),
  z.object({ kind: z.literal("range"), from: z.number().int().nonnegative(), to: z.number().int().nonnegative() }),
  z.object({ kind: z.literal("selection"), seqs: z.array(z.number().int().positive()).min(1).max(100_000) }),
]);
export type McpTrafficScope = z.infer<typeof mcpTrafficScopeSchema>;

/** MCP's exportable unit: a connection's traffic in a scope. */
export const MCP_TRAFFIC_UNIT = bundleUnitContract("mcp-traffic", "MCP traffic", { connectionId: unitId, scope: mcpTrafficScopeSchema });
