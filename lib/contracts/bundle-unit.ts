import { z } from "zod";
import { wireString } from "@/lib/contracts/wire-strings";

/** An id in a bundle unit's ref: as the recording Loupe named it. */
export const unitId = wireString().min(1).max(1000);

/**
 * One exportable unit type as its protocol declares it in its own contract file: the type, the
 * label people read, and the ref that names one unit (the body of POST /api/bundles/export, a
 * bundle's `unit`). lib/contracts/protocols.ts composes every protocol's.
 */
export function bundleUnitContract<T extends string, S extends z.ZodRawShape>(type: T, label: string, shape: S) {
  return { type, label, ref: z.object({ type: z.literal(type), ...shape }) };
}
