import "server-only";

/**
 * MCP tasks: manager.ts holds the TaskManager (create, poll, result, cancel, list; one per
 * process), records.ts the pure record helpers (merging a server report, request errors),
 * handlers.ts wires notifications/tasks/status into an SDK Client.
 */
export { TaskManager, getTaskManager } from "@/lib/server/mcp/tasks/manager";
export { taskRequestError } from "@/lib/server/mcp/tasks/records";
export type { TaskMethod } from "@/lib/server/mcp/tasks/records";
export { installTaskHandlers } from "@/lib/server/mcp/tasks/handlers";
