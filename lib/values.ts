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

/**
 * Whether JSON nests deeper than `limit` levels. JSON.parse takes any depth, but JSON.stringify
 * overflows the stack a few thousand levels down: deeper input is refused where it comes in.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  // Iterative on purpose: a recursive walk would overflow on exactly the input it looks for.
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}
