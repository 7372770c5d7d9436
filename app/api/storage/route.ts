import { AppError } from "@/lib/errors";
import { handle } from "@/lib/server/http";
import { getRetention } from "@/lib/server/retention-run";
import { errorMessage } from "@/lib/values";

export const dynamic = "force-dynamic";

/**
 * The store's figure (StorageFigure, lib/contracts/storage.ts): its size on disk, the cap, the
 * oldest entry kept, the last prune, and whether recording is paused for lack of room. A store
 * that cannot be read answers 500 `internal:storage` with SQLite's own message (it takes no input:
 * there is no client error to answer).
 */
export function GET(): Promise<Response> {
  return handle(() => {
    try {
      return Response.json(getRetention().figure());
    } catch (error) {
      throw new AppError("internal:storage", `Loupe could not read its store: ${errorMessage(error)}`);
    }
  });
}
