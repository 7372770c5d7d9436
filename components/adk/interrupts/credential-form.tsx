"use client";

import { field, rec, str } from "@/lib/protocols/adk/guards";
import type { AnswerFormProps } from "./form-types";
import { CredentialDetails } from "./credential-details";
import { ApiKeyInput, OAuthInput } from "./credential-inputs";

const OAUTH_SCHEMES = new Set(["oauth2", "openIdConnect"]);

/**
 * Answer to `adk_request_credential` (adk.md §6.3). API key / HTTP / unknown schemes take a
 * secret; OAuth2 and OpenID Connect take the redirect URL of a sign-in done in another tab.
 */
export function CredentialForm({ item, onAnswer, busy }: AnswerFormProps<"credential">) {
  const id = `credential-${item.id}`;
  const oauth = item.schemeType !== undefined && OAUTH_SCHEMES.has(item.schemeType);
  const exchanged = rec(field(item.authConfig, "exchangedAuthCredential"));
  const oauth2 = exchanged ? rec(exchanged.oauth2) : undefined;
  const redirectUri = oauth2 ? str(field(oauth2, "redirectUri")) : undefined;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm" data-testid="credential-prompt">
        {item.prompt}
      </p>
      <CredentialDetails item={item} />
      {oauth ? (
        <OAuthInput id={id} busy={busy} onAnswer={onAnswer} authUri={item.authUri} redirectUri={redirectUri} />
      ) : (
        <ApiKeyInput id={id} busy={busy} onAnswer={onAnswer} />
      )}
    </div>
  );
}
