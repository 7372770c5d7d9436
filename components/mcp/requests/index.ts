export { McpRequestCard, type McpRequestCardProps } from "./mcp-request-card";
export { AnswerableRequestCard, type AnswerableRequestCardProps } from "./answerable-request-card";
export { PendingRequestsForCall, type PendingRequestsForCallProps } from "./pending-for-call";
