"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LIVE } from "@/lib/contracts/surface";
import type { StoredSnapshot, TakeSnapshotBody } from "@/lib/contracts/surface";
import type { AppError } from "@/lib/errors";
import { snapshotsQuery, surfaceApi, surfaceDiffQuery, surfaceKeys } from "@/lib/queries/surface";

/** The sides the user picked; null = the default. */
export interface PickedSides {
  from: string | null;
  to: string | null;
}

/**
 * The Surface tab's data: kept snapshots, Take, Delete, and the diff of two sides, by default the
 * newest snapshot against the live server (or against the one before it when not connected).
 */
export function useSurface(connectionId: string, picked: PickedSides, connected: boolean) {
  const qc = useQueryClient();
  const list = useQuery(snapshotsQuery(connectionId));
  const kept = list.data ?? [];
  const from = picked.from ?? kept[0]?.id ?? null;
  const to = picked.to ?? (connected ? LIVE : (kept[1]?.id ?? null));
  const pair = from && to && from !== to ? { from, to } : null;
  const diff = useQuery({ ...surfaceDiffQuery(connectionId, pair?.from ?? "", pair?.to ?? ""), enabled: pair !== null });
  const key = surfaceKeys.list(connectionId);
  const take = useMutation<StoredSnapshot, AppError, TakeSnapshotBody>({
    mutationFn: (body) => surfaceApi.take(connectionId, body),
    onSettled: () => void qc.invalidateQueries({ queryKey: key }),
  });
  const remove = useMutation<void, AppError, string>({
    mutationFn: (id) => surfaceApi.remove(connectionId, id),
    onSettled: () => void qc.invalidateQueries({ queryKey: key }),
  });
  return { list, kept, from, to, pair, diff, take, remove };
}
