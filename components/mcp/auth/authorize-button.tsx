"use client";

import { useMutation } from "@tanstack/react-query";
import { KeyRoundIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ConnectionView } from "@/lib/contracts/connections";
import { authApi } from "@/lib/queries/auth";

/**
 * Asks Loupe for the authorization URL (discovery and registration happen server-side) and sends
 * this tab there; the authorization server brings it back to /oauth/callback, which returns to
 * the connection's Auth tab.
 */
export function AuthorizeButton({
  connectionId,
  label = "Authorize",
  size = "sm",
}: {
  connectionId: string;
  label?: string;
  size?: "sm" | "xs";
}) {
  const authorize = useMutation({
    mutationFn: () => authApi.authorize(connectionId),
    onSuccess: (r) => {
      if (r.authorizationUrl) window.location.assign(r.authorizationUrl);
    },
  });
  return (
    <span className="inline-flex flex-col gap-1">
      <Button size={size} onClick={() => authorize.mutate()} disabled={authorize.isPending} data-testid="authorize">
        <KeyRoundIcon /> {authorize.isPending ? "Preparing…" : label}
      </Button>
      {authorize.isError && (
        <span role="alert" className="text-xs text-destructive" data-testid="authorize-error">
          {authorize.error.message}
        </span>
      )}
    </span>
  );
}

/** Whether the connection waits for the user to authorize (or its last flow failed). */
export function needsAuthorization(c: ConnectionView): boolean {
  const status = c.state.auth?.status;
  return c.transport !== "stdio" && Boolean(c.oauth?.enabled) && (status === "needs_authorization" || status === "error");
}

/** For the connection overview: what the server wants, and the Authorize button. */
export function AuthNotice({ connection: c }: { connection: ConnectionView }) {
  if (c.transport === "stdio") return null;
  const auth = c.state.auth;
  if (!auth || (auth.status !== "needs_authorization" && auth.status !== "error")) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-md border border-amber-500/40 bg-amber-500/5 p-3 text-sm"
      data-testid="auth-notice"
    >
      <p className="min-w-0 flex-1">{auth.message ?? (auth.status === "error" ? "Authorization failed" : "Authorization needed")}</p>
      {c.oauth?.enabled && <AuthorizeButton connectionId={c.id} />}
    </div>
  );
}
