"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Separator } from "@/components/ui/separator";
import { useConnectionActions } from "@/hooks/use-connection-actions";
import type { ConnectionView, RootEntry } from "@/lib/contracts/connections";
import { clientHints } from "@/lib/protocols/mcp/client-hints";
import {
  capabilitiesOf,
  clientSettingsApi,
  clientSettingsKeys,
  connectionInputOf,
  connectionRequestsQuery,
  rootsQuery,
} from "@/lib/queries/client-settings";
import { toolsQuery } from "@/lib/queries/tools";
import { connectionKeys, upsertConnection } from "@/lib/queries/connections";
import { CapabilitiesForm } from "./capabilities-form";
import { RootsEditor } from "./roots-editor";

/** The "Client" tab: what Loupe declares to this server, and the roots it answers. */
export function ClientPanel({ connection: c }: { connection: ConnectionView }) {
  const qc = useQueryClient();
  const { update } = useConnectionActions();
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const choice = capabilitiesOf(c);
  const connected = c.state.status === "connected";
  const roots = useQuery({ ...rootsQuery(c.id), refetchInterval: 5_000 });
  // What this server asked of Loupe and lists, for the hints beside each capability.
  const requests = useQuery({ ...connectionRequestsQuery(c.id), refetchInterval: 5_000 });
  const tools = useQuery({ ...toolsQuery(c.id), enabled: connected });
  const hints = clientHints({
    connection: c,
    requests: requests.data ?? null,
    rootsAsked: roots.data?.requests.count ?? null,
    toolCount: tools.data?.tools.length ?? null,
  });
  const saveRoots = useMutation({
    mutationFn: (next: RootEntry[]) => clientSettingsApi.saveRoots(c.id, next),
    onSuccess: (view) => {
      qc.setQueryData<ConnectionView[]>(connectionKeys.list(), (list) => upsertConnection(list, view));
      void qc.invalidateQueries({ queryKey: clientSettingsKeys.roots(c.id) });
      setSavedNote(
        choice.roots && view.state.status === "connected"
          ? "Saved; the server was sent notifications/roots/list_changed."
          : "Saved; the server gets them the next time it asks.",
      );
    },
  });
  const capsPending = update.isPending && update.variables?.id === c.id;
  const capsError = update.isError && update.variables?.id === c.id ? update.error : null;
  return (
    <div className="flex max-w-3xl flex-col gap-5 p-4" data-testid="client-panel">
      <CapabilitiesForm
        // A saved change comes back as new props: start the draft over from them.
        key={JSON.stringify(choice)}
        connection={c}
        hints={hints}
        saving={capsPending}
        error={capsError}
        onSave={(next) => update.mutate({ id: c.id, input: { ...connectionInputOf(c), clientCapabilities: next } })}
      />
      <Separator />
      <RootsEditor
        key={JSON.stringify(c.roots ?? [])}
        roots={c.roots ?? []}
        enabled={choice.roots}
        connected={connected}
        requests={roots.data?.requests}
        saving={saveRoots.isPending}
        error={saveRoots.error}
        savedNote={savedNote}
        onSave={(next) => saveRoots.mutate(next)}
      />
    </div>
  );
}
