import { field, rec, str } from "@/lib/protocols/adk/guards";
import type { ItemOf } from "./form-types";
import { ReadOnlyJson } from "@/components/elements/json-text-field";

/** What is being asked for, so the user knows which secret to paste (never the secret itself). */
export function CredentialDetails({ item }: { item: ItemOf<"credential"> }) {
  const scheme = rec(field(item.authConfig, "authScheme")) ?? {};
  const rows: [string, string | undefined][] = [
    ["Credential key", item.credentialKey],
    ["Scheme", item.schemeType],
    ["Sent in", str(scheme.in)],
    ["Name", str(scheme.name)],
    ["HTTP scheme", str(scheme.scheme)],
    ["OpenID configuration", str(field(scheme, "openIdConnectUrl"))],
    ["For tool call", item.functionCallId],
  ];
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs" data-testid="credential-details">
        {rows.map(([label, value]) =>
          value === undefined ? null : (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-mono break-all">{value}</dd>
            </div>
          ),
        )}
      </dl>
      <ReadOnlyJson label="Auth config" value={item.authConfig} collapsed />
    </div>
  );
}
