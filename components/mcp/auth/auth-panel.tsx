"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { LogOutIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { AuthStatus, ConnectionView } from "@/lib/contracts/connections";
import { authApi, authLogQuery, authSummaryQuery } from "@/lib/queries/auth";
import { QueryError } from "@/components/elements/query-error";
import { AuthSteps } from "@/components/mcp/auth/auth-log";
import { AuthExchanges } from "@/components/mcp/auth/auth-exchanges";
import { AuthorizeButton } from "@/components/mcp/auth/authorize-button";
import { formatClock } from "@/lib/format";

const STATUS_LABEL: Record<AuthStatus, string> = {
  none: "Not authorized",
  needs_authorization: "Authorization needed",
  authorizing: "Authorizing…",
  authorized: "Authorized",
  error: "Failed",
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-all">{children}</dd>
    </>
  );
}

function expiry(at: number | undefined): string {
  if (!at) return "no expiry given";
  const s = Math.round((at - Date.now()) / 1000);
  const when = new Date(at).toLocaleString();
  return s > 0 ? `${when} (in ${s >= 120 ? `${Math.round(s / 60)} min` : `${s} s`})` : `${when} (expired: refreshed on the next request)`;
}

/** Client credentials get a token at once (no page to open); the authorization code grant sends the user to sign in. */
function authorizeLabel(machine: boolean, status: AuthStatus): string {
  if (machine) return status === "authorized" ? "Get a new token" : "Get a token";
  return status === "authorized" ? "Authorize again" : "Authorize";
}

/** OAuth of one remote connection: status, token facts (never the token), and each step of the flow. */
/** What the client proves itself with: a private_key_jwt client holds a key, not a secret. */
function clientCredential(client: { hasSecret: boolean; authMethod?: string }): string {
  if (!client.hasSecret) return "public";
  return client.authMethod === "private_key_jwt" ? "with a private key" : "with a secret";
}

export function AuthPanel({ connection: c }: { connection: ConnectionView }) {
  const summary = useQuery(authSummaryQuery(c.id));
  const log = useQuery(authLogQuery(c.id));
  const signOut = useMutation({ mutationFn: () => authApi.signOut(c.id) });
  const auth = c.state.auth;
  const status: AuthStatus = auth?.status ?? "none";
  const enabled = c.transport !== "stdio" && Boolean(c.oauth?.enabled);
  const s = summary.data;
  const machine = c.transport !== "stdio" && c.oauth?.grant === "client_credentials";

  return (
    <div className="flex max-w-5xl flex-col gap-4 p-4 text-sm" data-testid="auth-panel">
      <section className="flex flex-wrap items-center gap-3">
        <h2 className="text-sm font-semibold">OAuth 2.1</h2>
        <Badge variant={status === "authorized" ? "default" : "secondary"} data-testid="auth-status" data-status={status}>
          {enabled ? STATUS_LABEL[status] : "Off"}
        </Badge>
        {enabled && status !== "authorizing" && <AuthorizeButton connectionId={c.id} label={authorizeLabel(machine, status)} />}
        {enabled && s?.token && (
          <Button size="sm" variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending} data-testid="auth-sign-out">
            <LogOutIcon /> Sign out
          </Button>
        )}
      </section>
      {!enabled && (
        <p className="text-xs text-muted-foreground" data-testid="auth-off">
          OAuth 2.1 is off for this connection. Turn it on with Edit → OAuth 2.1 if the server answers 401.
        </p>
      )}
      {auth?.message && status !== "authorized" && (
        <p role={status === "error" ? "alert" : "status"} className="rounded-md border bg-muted/30 p-2 text-xs" data-testid="auth-message">
          {auth.message}
        </p>
      )}
      {s?.conflictingAuthorizationHeader && (
        <p
          role="status"
          className="rounded-md bg-amber-500/10 p-2 text-xs text-amber-700 dark:text-amber-400"
          data-testid="auth-header-conflict"
        >
          This connection also sets its own Authorization header. While OAuth is on, Loupe sends the OAuth access token to the server
          instead, and never sends that header to the authorization server.
        </p>
      )}
      {signOut.isError && <QueryError title="Could not sign out" error={signOut.error} />}
      {summary.isError && (
        <QueryError title="Could not load the authorization" error={summary.error} onRetry={() => void summary.refetch()} />
      )}
      {s && enabled && (
        <dl className="grid grid-cols-[12rem_1fr] gap-x-4 gap-y-1 text-xs" data-testid="auth-summary">
          <Row label="Token">
            {s.token ? (
              <span data-testid="auth-token">
                {s.token.tokenType}
                {s.token.scope ? ` · scope "${s.token.scope}"` : ""} ·{" "}
                {s.token.hasRefreshToken ? "with a refresh token" : "no refresh token"}
              </span>
            ) : (
              "none"
            )}
          </Row>
          {s.token && <Row label="Expires">{expiry(s.token.expiresAt)}</Row>}
          <Row label="Client">
            {s.client
              ? `${s.client.clientId} (${s.client.registration}, ${clientCredential(s.client)}${s.client.authMethod ? `, ${s.client.authMethod}` : ""})`
              : "not registered yet"}
          </Row>
          <Row label="Authorization server">{s.authorizationServer ?? "not discovered yet"}</Row>
          {s.grant === "client_credentials" ? (
            <Row label="Grant">
              <span data-testid="auth-grant">client credentials: Loupe asks for tokens as the client, no browser sign-in</span>
            </Row>
          ) : (
            <Row label="Redirect URL">
              <span className="font-mono">{s.redirectUrl}</span>
            </Row>
          )}
          {s.pending && <Row label="Waiting since">the authorization page was opened (valid until {formatClock(s.pending.expiresAt)})</Row>}
        </dl>
      )}
      <section className="flex flex-col gap-2">
        <h3 className="text-xs font-semibold text-muted-foreground uppercase">Steps</h3>
        {log.isError ? (
          <QueryError title="Could not load the auth log" error={log.error} onRetry={() => void log.refetch()} />
        ) : (
          <AuthSteps entries={log.data ?? []} />
        )}
      </section>
      <section className="flex flex-col gap-2">
        <h3 className="text-xs font-semibold text-muted-foreground uppercase">HTTP exchanges</h3>
        <AuthExchanges entries={log.data ?? []} />
      </section>
    </div>
  );
}
