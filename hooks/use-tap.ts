"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AggregateTapInput, TapSecret, TapSettings } from "@/lib/contracts/taps";
import { connectionKeys } from "@/lib/queries/connections";
import { tapApi, tapKeys } from "@/lib/queries/taps";

/**
 * Mutations on one connection's tap. Each answer (a TapSecret) goes straight into the tap's cache
 * entry; the connection list is read again because its views carry `tap`.
 */
export function useConnectionTap(connectionId: string) {
  const qc = useQueryClient();
  const put = (secret: TapSecret | null) => {
    qc.setQueryData(tapKeys.connection(connectionId), secret);
    void qc.invalidateQueries({ queryKey: connectionKeys.list() });
    void qc.invalidateQueries({ queryKey: tapKeys.all() });
  };
  const turnOn = useMutation({ mutationFn: () => tapApi.set(connectionId), onSuccess: put });
  const turnOff = useMutation({ mutationFn: () => tapApi.off(connectionId), onSuccess: () => put(null) });
  const rotate = useMutation({ mutationFn: () => tapApi.set(connectionId, { rotate: true }), onSuccess: put });
  const settings = useMutation({ mutationFn: (s: Omit<TapSettings, "rotate">) => tapApi.set(connectionId, s), onSuccess: put });
  return { turnOn, turnOff, rotate, settings };
}

/** Creating, changing and removing aggregate taps (several connections served as one). */
export function useAggregateTaps() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: tapKeys.all() });
  const create = useMutation({
    mutationFn: (input: AggregateTapInput) => tapApi.createAggregate(input),
    onSuccess: (secret) => {
      qc.setQueryData(tapKeys.one(secret.tap.id), secret);
      refresh();
    },
  });
  const patch = useMutation({
    mutationFn: ({ tapId, settings }: { tapId: string; settings: TapSettings }) => tapApi.patch(tapId, settings),
    onSuccess: (_view, { tapId }) => {
      void qc.invalidateQueries({ queryKey: tapKeys.one(tapId) });
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (tapId: string) => tapApi.remove(tapId),
    onSuccess: (_void, tapId) => {
      qc.removeQueries({ queryKey: tapKeys.one(tapId) });
      refresh();
    },
  });
  return { create, patch, remove };
}
