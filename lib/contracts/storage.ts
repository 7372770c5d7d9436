import { z } from "zod";

/**
 * The store's figure (GET /api/storage, issue 22 "bounded disk"): how big Loupe's SQLite store is,
 * the cap retention keeps it under, the oldest traffic still kept, the last prune, and whether
 * recording is paused for lack of room.
 */

/** Why recording stopped: the disk, the store's own page limit, or a cap that everything kept fills. */
export const RecordingPauseReason = z.enum(["disk_full", "store_full", "cap_full"]);
export type RecordingPauseReason = z.infer<typeof RecordingPauseReason>;

export const RecordingState = z.discriminatedUnion("state", [
  z.object({ state: z.literal("recording") }),
  z.object({ state: z.literal("paused"), reason: RecordingPauseReason, since: z.number(), message: z.string() }),
]);
export type RecordingState = z.infer<typeof RecordingState>;

/** What one prune did: rows removed, and the capped size before and after. */
export const PruneReport = z.object({
  at: z.number(),
  /** What ran it: Loupe's start, the hourly run, writes that grew the store past its cap, a paused recording's retry. */
  trigger: z.enum(["start", "interval", "growth", "retry"]),
  entries: z.number(),
  /** Rows of the protocols' history tables (call rows, run records) that went with the traffic. */
  records: z.number(),
  bytesBefore: z.number(),
  bytesAfter: z.number(),
});
export type PruneReport = z.infer<typeof PruneReport>;

export const StorageFigure = z.object({
  /** The database file and its WAL on disk. */
  fileBytes: z.number(),
  walBytes: z.number(),
  /** What the cap is measured on: pages in use plus the WAL. */
  usedBytes: z.number(),
  /** null: no cap (LOUPE_RETENTION_MB=off). */
  capBytes: z.number().nullable(),
  maxAgeDays: z.number().nullable(),
  /** received_at of the oldest entry kept; null: no traffic recorded. */
  oldestEntryAt: z.number().nullable(),
  lastPrune: PruneReport.nullable(),
  recording: RecordingState,
});
export type StorageFigure = z.infer<typeof StorageFigure>;
