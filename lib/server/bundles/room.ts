import "server-only";
import { AppError } from "@/lib/errors";
import { formatBytes } from "@/lib/format";
import { retentionFromEnv, type RetentionPolicy } from "@/lib/server/retention";
import { query } from "@/lib/server/rows";
import type { Store } from "@/lib/server/store";

/** A bundle is stored as its file and again as its pages. */
const STORED_PER_FILE_BYTE = 2;

/** The most imported bundles kept at once. */
export const BUNDLES_MAX_COUNT = 500;

/**
 * What imported bundles may take. They are the user's files, kept until deleted (retention prunes
 * recorded traffic, never them), so they are bounded when imported: at most BUNDLES_MAX_COUNT, and
 * at most half the store's cap together (a store filled with imports would pause live recording).
 * 6,275 imports of a 100 KB file had taken 632 MB of a 1 GiB store.
 */
export interface BundleRoom {
  maxCount: number;
  /** null: the store has no cap (LOUPE_RETENTION_MB=off). */
  maxBytes: number | null;
}

export function bundleRoom(policy: RetentionPolicy = retentionFromEnv()): BundleRoom {
  return { maxCount: BUNDLES_MAX_COUNT, maxBytes: policy.maxMb === null ? null : Math.floor((policy.maxMb * 1024 * 1024) / 2) };
}

/** Refuses an import of `bytes` that would pass the room, in words (413 too_large:bundles); nothing is stored then. */
export function checkBundleRoom(store: Store, room: BundleRoom, fileBytes: number): void {
  const row = query<{ n: number; total: number | null }>(store, "SELECT COUNT(*) AS n, SUM(LENGTH(json)) AS total FROM bundles").get();
  const count = Number(row?.n ?? 0);
  // A bundle is kept twice: the file as imported (Download) and its pages (reading): twice its size.
  const total = STORED_PER_FILE_BYTE * Number(row?.total ?? 0);
  const bytes = STORED_PER_FILE_BYTE * fileBytes;
  if (count >= room.maxCount)
    throw new AppError(
      "too_large:bundles",
      `${count} bundles are imported, the most Loupe keeps: delete some in Bundles before importing more`,
    );
  if (room.maxBytes !== null && total + bytes > room.maxBytes)
    throw new AppError(
      "too_large:bundles",
      `Imported bundles take ${formatBytes(total)} (each kept as its file and its pages); this one (${formatBytes(bytes)}) would pass the ${formatBytes(room.maxBytes)} they may use (half the store's cap): delete some in Bundles before importing more`,
    );
}
