import { z } from "zod";

/*
 * The schemas use z.object, not z.looseObject: a parse still accepts fields a schema does not
 * name (a newer server's), parseEntry hands out the raw as recorded (nothing stripped), and the
 * inferred types stay exact, so the server's own interfaces are assignable to them.
 */

/**
 * The schema of a payload the server records as the contract type `T` (a CallRecord, a
 * ConnectionState…). It checks the fields readers rely on, and only small ones: a raw over
 * 64 KB travels as a preview that keeps top-level fields up to 1 KB (lib/server/preview.ts), and
 * such a preview must still parse. It is typed as `T` because the typed `record()` holds the
 * server to writing whole `T` values; a reader of a previewed entry (`entry.truncated`) must not
 * trust fields that can be large.
 */
export function recordOf<T>(check: z.ZodType): z.ZodType<T> {
  return check as unknown as z.ZodType<T>;
}

/** A JSON object (not null, not an array). */
export const jsonObject = z.record(z.string(), z.unknown());
