import "server-only";

export { remoteTransportAuth } from "@/lib/server/mcp/oauth/connection-auth";
export { authLog, authSummary, completeAuthorization, handleOAuthCallback, signOut, startAuthorization } from "@/lib/server/mcp/oauth/flow";
export type { CallbackOutcome } from "@/lib/server/mcp/oauth/flow";
export { AuthorizationRequiredError } from "@/lib/server/mcp/oauth/provider";
export { OAUTH_CALLBACK_PATH, redirectUrl } from "@/lib/server/mcp/oauth/redirect-url";
