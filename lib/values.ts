/**
 * The two value checks every layer needs (browser and server alike), in one place: whether an
 * unknown JSON value is an object to read fields from, and the words of a thrown value.
 */

export type JsonRecord = Record<string, unknown>;

/** A plain JSON object: not null, not an array (arrays are objects to `typeof`, never records here). */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The message of anything thrown: an Error's message, else the value as text (a thrown string stays as is). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
