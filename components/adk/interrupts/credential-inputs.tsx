"use client";

import { useState } from "react";
import { ExternalLinkIcon, EyeIcon, EyeOffIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { InterruptAnswer } from "@/lib/contracts/agents";
import { BusyButton } from "@/components/elements/busy-button";

interface CredentialInputProps {
  id: string;
  busy: boolean;
  onAnswer: (answer: InterruptAnswer) => void;
}

/** An API key (or HTTP token): masked by default, since inboxes get screen-shared. */
export function ApiKeyInput({ id, busy, onAnswer }: CredentialInputProps) {
  const [key, setKey] = useState("");
  const [shown, setShown] = useState(false);
  const submit = () => key !== "" && onAnswer({ kind: "credential", apiKey: key });
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Label htmlFor={`${id}-key`} className="text-xs">
        API key
      </Label>
      <div className="flex gap-1.5">
        <Input
          id={`${id}-key`}
          data-testid="api-key"
          type={shown ? "text" : "password"}
          autoComplete="off"
          value={key}
          disabled={busy}
          onChange={(e) => setKey(e.target.value)}
        />
        <Button
          variant="outline"
          size="icon"
          aria-label={shown ? "Hide API key" : "Show API key"}
          aria-pressed={shown}
          data-testid="toggle-api-key"
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <EyeOffIcon /> : <EyeIcon />}
        </Button>
      </div>
      <BusyButton type="submit" className="w-fit" data-testid="submit-credential" busy={busy} disabled={key === ""}>
        Send credential
      </BusyButton>
    </form>
  );
}

interface OAuthInputProps extends CredentialInputProps {
  authUri?: string;
  /** The redirect URI the agent registered, if it sent one. */
  redirectUri?: string;
}

/**
 * OAuth2 / OpenID Connect (adk.md §6.3): open the agent's authUri in a new tab, sign in, then paste
 * the full URL the provider redirected to; ADK exchanges the code itself.
 */
export function OAuthInput({ id, busy, onAnswer, authUri, redirectUri }: OAuthInputProps) {
  const [response, setResponse] = useState("");
  const [redirect, setRedirect] = useState(redirectUri ?? "");
  const answer: InterruptAnswer = {
    kind: "credential_oauth",
    authResponseUri: response.trim(),
    ...(redirect.trim() ? { redirectUri: redirect.trim() } : {}),
  };
  // The server parses answers with this same schema, so the check here cannot disagree with it.
  const valid = InterruptAnswer.safeParse(answer).success;
  const showError = response.trim() !== "" && !valid;
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onAnswer(answer);
      }}
    >
      {authUri ? (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          data-testid="open-auth-uri"
          onClick={() => window.open(authUri, "_blank", "noopener,noreferrer")}
        >
          <ExternalLinkIcon />
          Open the sign-in page
        </Button>
      ) : (
        <p className="text-xs text-muted-foreground">The agent sent no sign-in URL; paste the redirect URL you obtained yourself.</p>
      )}
      <Label htmlFor={`${id}-response`} className="text-xs">
        Redirect URL after sign-in
      </Label>
      <Input
        id={`${id}-response`}
        data-testid="auth-response-uri"
        placeholder="https://…/callback?code=…&state=…"
        value={response}
        disabled={busy}
        aria-invalid={showError}
        onChange={(e) => setResponse(e.target.value)}
      />
      {showError && (
        <p role="alert" className="text-xs text-destructive" data-testid="auth-response-error">
          Paste the full URL, starting with https://
        </p>
      )}
      <Label htmlFor={`${id}-redirect`} className="text-xs">
        Redirect URI (optional)
      </Label>
      <Input
        id={`${id}-redirect`}
        data-testid="redirect-uri"
        value={redirect}
        disabled={busy}
        onChange={(e) => setRedirect(e.target.value)}
      />
      <BusyButton type="submit" className="w-fit" data-testid="submit-credential" busy={busy} disabled={!valid}>
        Send sign-in result
      </BusyButton>
    </form>
  );
}
