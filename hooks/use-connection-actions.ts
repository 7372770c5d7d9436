"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConnectionInput, ConnectionView } from "@/lib/contracts/connections";
import {
  connectionApi,
  connectionKeys,
  connectionScope,
  patchConnectionState,
  removeConnection,
  upsertConnection,
} from "@/lib/queries/connections";
import { toolKeys } from "@/lib/queries/tools";

/**
 * Mutations on saved connections. Each answer is a ConnectionView, written straight into the
 * list so the UI does not wait for the matching status entry on the stream.
 */
export function useConnectionActions() {
  const qc = useQueryClient();
  const put = (view: ConnectionView) => {
    qc.setQueryData<ConnectionView[]>(connectionKeys.list(), (list) => upsertConnection(list, view));
  };
  const afterConnect = (view: ConnectionView) => {
    put(view);
    void qc.invalidateQueries({ queryKey: toolKeys.list(view.id) });
  };

  const create = useMutation({ mutationFn: (input: ConnectionInput) => connectionApi.create(input), onSuccess: afterConnect });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: string; input: ConnectionInput }) => connectionApi.update(id, input),
    onSuccess: afterConnect,
  });
  const remove = useMutation({
    mutationFn: (id: string) => connectionApi.remove(id),
    onSuccess: (_void, id) => {
      qc.setQueryData<ConnectionView[]>(connectionKeys.list(), (list) => removeConnection(list, id));
      qc.removeQueries({ queryKey: connectionScope(id) });
    },
  });
  const connect = useMutation({ mutationFn: (id: string) => connectionApi.connect(id), onSuccess: afterConnect });
  const disconnect = useMutation({ mutationFn: (id: string) => connectionApi.disconnect(id), onSuccess: put });
  const reconnect = useMutation({
    mutationFn: async (id: string) => {
      await connectionApi.disconnect(id);
      return connectionApi.connect(id);
    },
    onSuccess: afterConnect,
  });

  return { create, update, remove, connect, disconnect, reconnect };
}

export type ConnectionActions = ReturnType<typeof useConnectionActions>;

/** Pings one connection; the round trip shows at once, the stream's status entry confirms it. */
export function useConnectionPing(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => connectionApi.ping(id),
    onSuccess: ({ ms }) => {
      qc.setQueryData<ConnectionView[]>(connectionKeys.list(), (list) =>
        patchConnectionState(list, id, { lastPing: { at: Date.now(), ms } }),
      );
    },
  });
}

/** Re-detect era: reconnects with a fresh server/discover probe and writes the answer into the list. */
export function useEraRedetect(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => connectionApi.redetectEra(id),
    onSuccess: (view) => qc.setQueryData<ConnectionView[]>(connectionKeys.list(), (list) => upsertConnection(list, view)),
  });
}

/** Runs the connection doctor for one connection and writes the answer (with its steps) into the list. */
export function useConnectionDiagnosis(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => connectionApi.diagnose(id),
    onSuccess: (view) => qc.setQueryData<ConnectionView[]>(connectionKeys.list(), (list) => upsertConnection(list, view)),
  });
}
