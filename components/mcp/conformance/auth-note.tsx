import { KeyRoundIcon } from "lucide-react";

export interface AuthNoteProps {
  /** Names of the connection's static headers (values are never shown). */
  headerNames: string[];
  hasOAuthToken: boolean;
}

/**
 * Says plainly what the suite's requests carry: its `server` command takes only a URL (no header
 * or token option in 0.2.0-alpha.12), so a server that needs credentials fails with 401s.
 */
export function AuthNote({ headerNames, hasOAuthToken }: AuthNoteProps) {
  const creds = [...headerNames.map((h) => `the ${h} header`), ...(hasOAuthToken ? ["the OAuth access token"] : [])];
  if (creds.length === 0) {
    return (
      <p className="text-xs text-muted-foreground" data-testid="conformance-auth-note" data-carried="none">
        The suite connects to the URL with no credentials, as this connection does.
      </p>
    );
  }
  return (
    <p
      className="flex items-start gap-1.5 rounded border border-amber-500/40 bg-amber-500/10 p-2 text-xs"
      data-testid="conformance-auth-note"
      data-carried="false"
    >
      <KeyRoundIcon className="mt-0.5 size-3.5 shrink-0" />
      <span>
        Not sent by the suite: {creds.join(", ")}. The suite&apos;s server command takes only a URL, so its requests carry none of this
        connection&apos;s credentials; a server that requires them answers 401 to every scenario.
      </span>
    </p>
  );
}
