import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/elements/field";
import { DraftTextField, type FieldsProps } from "@/components/mcp/connections/connection-fields";
import { hasAuthorizationHeader } from "@/components/mcp/connections/connection-draft";
import { KeyValueRows } from "@/components/elements/key-value-rows";
import { ClientCredentialsFields, OAuthGrantField } from "@/components/mcp/connections/oauth-grant-fields";

/** A remote server's fields: URL, headers and the OAuth 2.1 section. */
export function RemoteFields({ draft, errors, onChange }: FieldsProps) {
  return (
    <>
      <Field id="url" label="URL" error={errors.url}>
        <Input
          id="url"
          className="font-mono text-xs"
          value={draft.url}
          onChange={(e) => onChange({ url: e.target.value })}
          placeholder="http://127.0.0.1:3001/mcp"
        />
      </Field>
      <Field
        id="headers"
        label="Headers"
        hint="Sent to the server on every request (e.g. Authorization); shown masked"
        error={errors.headers}
      >
        <KeyValueRows label="header" rows={draft.headers} onChange={(headers) => onChange({ headers })} keyPlaceholder="Authorization" />
      </Field>
      <OAuthFields draft={draft} errors={errors} onChange={onChange} />
    </>
  );
}

/** The "OAuth 2.1" section of a remote server: the SDK's auth provider, tokens kept by Loupe. */
export function OAuthFields({ draft, errors, onChange }: FieldsProps) {
  const conflict = draft.oauthEnabled && hasAuthorizationHeader(draft);
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border p-2.5" data-testid="oauth-fields">
      <legend className="px-1 text-xs font-medium">OAuth 2.1</legend>
      <div className="flex items-center gap-2">
        <Checkbox
          id="oauthEnabled"
          checked={draft.oauthEnabled}
          onCheckedChange={(v) => onChange({ oauthEnabled: v === true })}
          data-testid="oauth-enabled"
        />
        <Label htmlFor="oauthEnabled" className="text-xs">
          Authorize with OAuth 2.1 (discovery, then a browser sign-in or client credentials)
        </Label>
      </div>
      {conflict && (
        <p
          role="status"
          className="rounded bg-amber-500/10 px-2 py-1 text-[11px] text-amber-700 dark:text-amber-400"
          data-testid="oauth-header-conflict"
        >
          This server also has an Authorization header: while OAuth is on, Loupe sends the OAuth access token instead of it.
        </p>
      )}
      {draft.oauthEnabled && <OAuthGrantField draft={draft} onChange={onChange} />}
      {draft.oauthEnabled && draft.oauthGrant === "client_credentials" && (
        <>
          <ClientCredentialsFields draft={draft} errors={errors} onChange={onChange} />
          <ScopeField draft={draft} errors={errors} onChange={onChange} />
        </>
      )}
      {draft.oauthEnabled && draft.oauthGrant !== "client_credentials" && (
        <>
          <DraftTextField
            field="oauthClientId"
            label="Client ID (optional)"
            hint="Empty: Loupe registers itself with the authorization server (dynamic client registration)"
            {...{ draft, errors, onChange }}
          />
          <DraftTextField
            field="oauthClientSecret"
            label="Client secret (optional)"
            hint="Only for a pre-registered confidential client; stored on the Loupe server and shown masked"
            secret
            {...{ draft, errors, onChange }}
          />
          <ScopeField draft={draft} errors={errors} onChange={onChange} />
          <Field
            id="oauthClientMetadataUrl"
            label="Client metadata URL (optional)"
            hint="An https Client ID Metadata Document you host; used as client id where the server supports it, instead of registering"
            error={errors.oauthClientMetadataUrl}
          >
            <Input
              id="oauthClientMetadataUrl"
              className="font-mono text-xs"
              value={draft.oauthClientMetadataUrl}
              onChange={(e) => onChange({ oauthClientMetadataUrl: e.target.value })}
              placeholder="https://example.com/loupe-client.json"
            />
          </Field>
        </>
      )}
    </fieldset>
  );
}

function ScopeField({ draft, errors, onChange }: FieldsProps) {
  return (
    <Field id="oauthScope" label="Scope (optional)" hint="Space-separated; empty: what the server advertises" error={errors.oauthScope}>
      <Input
        id="oauthScope"
        className="font-mono text-xs"
        value={draft.oauthScope}
        onChange={(e) => onChange({ oauthScope: e.target.value })}
        placeholder="mcp:read"
      />
    </Field>
  );
}
