import { isRecord, type JsonRecord } from "@/lib/values";
/**
 * Small guards for reading ADK JSON. ADK servers speak camelCase, but Python also accepts (and some
 * of its payloads, e.g. `adk_request_credential` args from JS LlmAgent tools, carry) snake_case, so
 * every field read here goes through `field()` which tries both spellings (adk.md §4, §6.3).
 */

export type { JsonRecord };

const snakeCache = new Map<string, string>();

/** camelCase → snake_case ("invocationId" → "invocation_id"); memoized, it runs per field read. */
export function snakeCase(name: string): string {
  let snake = snakeCache.get(name);
  if (snake === undefined) {
    snake = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    snakeCache.set(name, snake);
  }
  return snake;
}

/** The value under the camelCase name, else under its snake_case spelling. */
export function field(obj: JsonRecord, camel: string): unknown {
  if (camel in obj) return obj[camel];
  const snake = snakeCase(camel);
  return snake === camel ? undefined : obj[snake];
}

export function hasField(obj: JsonRecord, camel: string): boolean {
  return camel in obj || snakeCase(camel) in obj;
}

export function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

export function rec(value: unknown): JsonRecord | undefined {
  return isRecord(value) ? value : undefined;
}

export function strList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string => typeof v === "string");
}

/**
 * Epoch milliseconds from an ADK timestamp. JS sends integer ms, Python float seconds (adk.md §0.5):
 * anything below 1e11 is taken as seconds (1e11 s is the year 5138; 1e11 ms is 1973).
 */
export function toEpochMs(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) {
    return value < 1e11 ? Math.round(value * 1000) : Math.round(value);
  }
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    if (Number.isFinite(n)) return toEpochMs(n);
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

/** Deep structural equality for JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  }
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => k in b && jsonEqual(a[k], b[k]));
  }
  return false;
}
