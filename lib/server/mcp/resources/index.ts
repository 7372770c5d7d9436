import "server-only";

/**
 * MCP resources, prompts and completion: resources.ts lists, reads and subscribes to resources,
 * prompts.ts lists and gets prompts and answers completion/complete, errors.ts maps MCP errors to
 * AppErrors, checks capabilities and follows nextCursor, handlers.ts wires the list_changed and
 * resources/updated notifications into an SDK Client.
 */
export { MAX_LIST_PAGES, collectPages } from "@/lib/server/mcp/resources/errors";
export {
  LARGE_READ_BYTES,
  contentsByteLength,
  listResourceTemplates,
  listResources,
  listSubscriptions,
  readResource,
  restoreSubscriptions,
  subscribe,
  unsubscribe,
} from "@/lib/server/mcp/resources/resources";
export type { ListOptions, RestoredSubscriptions } from "@/lib/server/mcp/resources/resources";
export { complete, getPrompt, listPrompts } from "@/lib/server/mcp/resources/prompts";
export { installResourceHandlers } from "@/lib/server/mcp/resources/handlers";
