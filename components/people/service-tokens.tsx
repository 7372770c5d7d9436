"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRoundIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { ROLES, type CreatedServiceToken, type Role } from "@/lib/contracts/people";
import { peopleApi, peopleKeys, tokensQuery } from "@/lib/queries/people";

/**
 * Service tokens for automation (issue 25), an admin's: each has a name and a role and is sent as
 * `Authorization: Bearer …`. Its secret is shown once, right after it is made; Loupe keeps a hash.
 */
export function ServiceTokens() {
  const client = useQueryClient();
  const tokens = useQuery(tokensQuery());
  const [name, setName] = useState("");
  const [role, setRole] = useState<Role>("responder");
  const [created, setCreated] = useState<CreatedServiceToken | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: peopleKeys.tokens() });
  const create = useMutation({
    mutationFn: () => peopleApi.createToken(name, role),
    onSuccess: (made) => {
      setCreated(made);
      setName("");
      void refresh();
    },
  });
  const revoke = useMutation({ mutationFn: peopleApi.revokeToken, onSuccess: () => void refresh() });
  return (
    <section className="m-3 space-y-2 rounded-md border p-3 text-sm" data-testid="service-tokens">
      <h3 className="flex items-center gap-2 font-semibold">
        <KeyRoundIcon className="size-4 text-muted-foreground" aria-hidden /> Service tokens
      </h3>
      <p className="text-xs text-muted-foreground">
        For the CLI and CI: sent as Authorization: Bearer &lt;token&gt;, acting with the token&apos;s role.
      </p>
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Input
          className="h-8 w-48"
          placeholder="name (e.g. ci)"
          value={name}
          onChange={(e) => setName(e.target.value)}
          data-testid="token-name"
        />
        <div className="w-36">
          <NativeSelect
            value={role}
            onChange={(e) => setRole(ROLES.find((r) => r === e.target.value) ?? "viewer")}
            data-testid="token-role"
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" size="sm" disabled={!name.trim() || create.isPending} data-testid="token-create">
          Create token
        </Button>
        {create.error && <span className="text-xs text-destructive">{create.error.message}</span>}
      </form>
      {created && (
        <div className="rounded border border-amber-500/40 bg-amber-500/10 p-2 text-xs" data-testid="token-secret">
          <p>
            The secret of <strong>{created.token.name}</strong>, shown this once (copy it now):
          </p>
          <code className="block font-mono break-all select-all">{created.secret}</code>
        </div>
      )}
      <ul className="divide-y text-xs">
        {(tokens.data ?? []).map((t) => (
          <li key={t.id} className="flex items-center gap-2 py-1.5" data-testid="token-row">
            <span className="font-medium">{t.name}</span>
            <span className="text-muted-foreground">{t.role}</span>
            <span className="text-muted-foreground">
              made by {t.createdBy}, {t.lastUsedAt ? `last used ${new Date(t.lastUsedAt).toLocaleString()}` : "never used"}
            </span>
            <Button variant="ghost" size="xs" className="ml-auto" onClick={() => revoke.mutate(t.id)} disabled={revoke.isPending}>
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
