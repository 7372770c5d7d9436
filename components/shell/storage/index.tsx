"use client";

import { useQuery } from "@tanstack/react-query";
import { storageQuery } from "@/lib/queries/storage";
import { RecordingBanner } from "@/components/shell/storage/recording-banner";
import { StorageFigureButton } from "@/components/shell/storage/storage-figure";

/** The store's figure in the shell's header (GET /api/storage, polled). Nothing until it answers. */
export function StorageStatus() {
  const { data, dataUpdatedAt } = useQuery(storageQuery());
  return data ? <StorageFigureButton figure={data} now={dataUpdatedAt} /> : null;
}

/** The banner under the header while recording is paused; gone once recording resumes. */
export function StorageBanner() {
  const { data, dataUpdatedAt } = useQuery(storageQuery());
  return data ? <RecordingBanner figure={data} now={dataUpdatedAt} /> : null;
}
