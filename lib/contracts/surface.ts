import { z } from "zod";
import type { SurfaceDiff, SurfaceList, SurfaceSnapshot } from "@/lib/surface";

/** Surface snapshots kept per connection (issue 24): the oldest beyond this go when one is taken. */
export const KEEP_SNAPSHOTS = 20;

/** One kept snapshot, without its lists (the history). */
export interface SnapshotSummary {
  id: string;
  connectionId: string;
  /** Epoch ms. */
  takenAt: number;
  label?: string;
  server: SurfaceSnapshot["server"];
  protocolVersion: string | null;
  counts: Record<SurfaceList, number>;
  notes: string[];
}

export interface StoredSnapshot extends SnapshotSummary {
  snapshot: SurfaceSnapshot;
}

/** `POST /api/connections/:id/snapshots` */
export const TakeSnapshotBody = z.object({ label: z.string().trim().max(200).optional() });
export type TakeSnapshotBody = z.infer<typeof TakeSnapshotBody>;

/** The side of a diff that is the server as it is now. */
export const LIVE = "live";

/** `GET /api/connections/:id/snapshots/diff?from=<id>&to=<id|live>` */
export const SurfaceDiffQuery = z.object({ from: z.string().min(1).max(100), to: z.string().min(1).max(100) });

/** One side of a diff: a kept snapshot, or the live server at the time of the diff. */
export interface DiffSide {
  id: string;
  takenAt: number;
  label?: string;
}

export interface SurfaceDiffView {
  from: DiffSide;
  to: DiffSide;
  diff: SurfaceDiff;
}
