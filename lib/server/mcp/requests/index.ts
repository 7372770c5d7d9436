import "server-only";

/**
 * Server → client requests (sampling, elicitation, roots, tasks/* for task-augmented ones):
 * answers.ts maps a user's answer to what the server receives, registry.ts tracks every request
 * process-wide, handlers.ts wires both into an SDK Client, roots.ts saves a connection's roots.
 */
export {
  SAMPLING_REJECTED_CODE,
  elicitationOutcome,
  parseAnswer,
  requestKind,
  rootsForWire,
  samplingOutcome,
  withSchemaDefaults,
} from "@/lib/server/mcp/requests/answers";
export type { WireOutcome } from "@/lib/server/mcp/requests/answers";
export { ClientRequests, getClientRequests } from "@/lib/server/mcp/requests/registry";
export { clientCapabilities, installClientRequestHandlers, setServerRequestRouter } from "@/lib/server/mcp/requests/handlers";
export type { ServerRequestRouter } from "@/lib/server/mcp/requests/handlers";
export { saveRoots, tellRootsChanged } from "@/lib/server/mcp/requests/roots";
export type { RootsNotice } from "@/lib/server/mcp/requests/roots";
