"use client";

import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { Field } from "@/components/elements/field";
import { DraftTextField, type FieldsProps } from "@/components/mcp/connections/connection-fields";
import { ClientAuthMethod, JwtSigningAlgorithm, OAuthGrant, SECRET_MASK } from "@/lib/contracts/connections";

const GRANT_LABEL: Record<OAuthGrant, string> = {
  authorization_code: "Authorization code — a user signs in in the browser (PKCE)",
  client_credentials: "Client credentials — Loupe asks as the client itself, no browser",
};

const CLIENT_AUTH_LABEL: Record<ClientAuthMethod, string> = {
  client_secret_basic: "Client secret, in an Authorization: Basic header",
  client_secret_post: "Client secret, in the request body",
  private_key_jwt: "Private key JWT — a signed assertion (RFC 7523)",
};

/** Which OAuth grant gets the tokens. */
export function OAuthGrantField({ draft, onChange }: Pick<FieldsProps, "draft" | "onChange">) {
  return (
    <Field id="oauthGrant" label="Grant" hint="Client credentials suit servers that authorize a machine client, not a person">
      <NativeSelect
        id="oauthGrant"
        data-testid="oauth-grant"
        className="text-xs"
        value={draft.oauthGrant}
        onChange={(e) => onChange({ oauthGrant: OAuthGrant.parse(e.target.value) })}
      >
        {OAuthGrant.options.map((g) => (
          <option key={g} value={g}>
            {GRANT_LABEL[g]}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/** The client-credentials grant's client: its id and how it proves itself (secret or private key). */
export function ClientCredentialsFields({ draft, errors, onChange }: FieldsProps) {
  const jwt = draft.oauthClientAuth === "private_key_jwt";
  return (
    <>
      <DraftTextField
        field="oauthClientId"
        label="Client ID"
        hint="The id the authorization server issued for this client"
        {...{ draft, errors, onChange }}
      />
      <Field id="oauthClientAuth" label="Client authentication" error={errors.oauthClientAuth}>
        <NativeSelect
          id="oauthClientAuth"
          data-testid="oauth-client-auth"
          className="text-xs"
          value={draft.oauthClientAuth}
          onChange={(e) => onChange({ oauthClientAuth: ClientAuthMethod.parse(e.target.value) })}
        >
          {ClientAuthMethod.options.map((m) => (
            <option key={m} value={m}>
              {CLIENT_AUTH_LABEL[m]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {!jwt && (
        <DraftTextField
          field="oauthClientSecret"
          label="Client secret"
          hint="Stored on the Loupe server and shown masked"
          secret
          {...{ draft, errors, onChange }}
        />
      )}
      {jwt && <PrivateKeyFields draft={draft} errors={errors} onChange={onChange} />}
    </>
  );
}

/** private_key_jwt: the PEM key (never shown again once saved), its key id and the signing algorithm. */
function PrivateKeyFields({ draft, errors, onChange }: FieldsProps) {
  const stored = draft.oauthPrivateKey === SECRET_MASK;
  return (
    <>
      <Field
        id="oauthPrivateKey"
        label="Private key (PEM)"
        hint={
          stored
            ? "A key is stored (not shown): paste a new one to replace it"
            : "Stored on the Loupe server; the browser never sees it again"
        }
        error={errors.oauthPrivateKey}
      >
        <Textarea
          id="oauthPrivateKey"
          data-testid="oauth-private-key"
          className="h-24 font-mono text-[11px]"
          value={stored ? "" : draft.oauthPrivateKey}
          placeholder={stored ? `${SECRET_MASK} (stored)` : "-----BEGIN PRIVATE KEY-----"}
          onChange={(e) => onChange({ oauthPrivateKey: e.target.value === "" && stored ? SECRET_MASK : e.target.value })}
          autoComplete="off"
        />
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <DraftTextField field="oauthKeyId" label="Key ID (optional)" hint="Sent as the assertion's kid" {...{ draft, errors, onChange }} />
        <Field id="oauthSigningAlgorithm" label="Algorithm" error={errors.oauthSigningAlgorithm}>
          <NativeSelect
            id="oauthSigningAlgorithm"
            data-testid="oauth-signing-algorithm"
            className="text-xs"
            value={draft.oauthSigningAlgorithm}
            onChange={(e) => onChange({ oauthSigningAlgorithm: JwtSigningAlgorithm.parse(e.target.value) })}
          >
            {JwtSigningAlgorithm.options.map((alg) => (
              <option key={alg} value={alg}>
                {alg}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
    </>
  );
}
