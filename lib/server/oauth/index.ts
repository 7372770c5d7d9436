import "server-only";

export { remoteTransportAuth } from "@/lib/server/oauth/connection-auth";
export {
  authLog,
  authSummary,
  completeAuthorization,
  handleOAuthCallback,
  signOut,
  startAuthorization,
} from "@/lib/server/oauth/flow";
export type { CallbackOutcome } from "@/lib/server/oauth/flow";
export { AuthorizationRequiredError } from "@/lib/server/oauth/provider";
export { OAUTH_CALLBACK_PATH, redirectUrl } from "@/lib/server/oauth/redirect-url";
