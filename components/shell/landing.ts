/**
 * What the workbench opens when the URL does not say: pure, so the choices are unit-tested.
 */
import type { WorkbenchLocation } from "@/lib/workbench/location";

interface Landing {
  location: WorkbenchLocation;
  /** null while the list is still loading (or failed): nothing is decided before both answer. */
  connectionIds: string[] | null;
  agentIds: string[] | null;
}

/**
 * Where to go when nothing (or something deleted) is open: the first MCP server; when there is
 * none but there are agent servers (`--no-demo --agent URL`), the first agent. null = stay.
 */
export function landingPatch({ location, connectionIds, agentIds }: Landing): Partial<WorkbenchLocation> | null {
  if (location.view || location.agentId) return null;
  if (connectionIds === null) return null;
  if (location.connectionId && connectionIds.includes(location.connectionId)) return null;
  const firstServer = connectionIds[0];
  if (firstServer) return { connectionId: firstServer, tool: null };
  if (agentIds === null) return null;
  const firstAgent = agentIds[0];
  return firstAgent ? { agentId: firstAgent } : null;
}
