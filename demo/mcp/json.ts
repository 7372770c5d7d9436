/** A JSON object (not null, not an array): how the demo server reads what a client sent. */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value when it is a JSON object, else undefined. */
export function asObject(value: unknown): JsonObject | undefined {
  return isObject(value) ? value : undefined;
}
