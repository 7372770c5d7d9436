import "server-only";
import type { CallRecord } from "@/lib/contracts/calls";
import type { Entry } from "@/lib/contracts/entries";
import { isRecord } from "@/lib/values";

/**
 * Where a call's large result is stored: in the recorded response frame `seq`, whose `result`
 * carries these top-level keys of it (the client may drop protocol fields of the frame, such as
 * 2026-07-28's `resultType`, from the result it returns; reading back takes only these keys).
 */
export interface ResultRef {
  seq: number;
  keys: string[];
}

/**
 * The reference to store instead of a second copy of `result`, when the recorded response frame
 * holds exactly that result under its keys; undefined otherwise (the call row then keeps it).
 * A walk over the values, not a serialization: the strings compare by content in one pass.
 */
export function resultRefOf(response: Entry | undefined, result: CallRecord["result"]): ResultRef | undefined {
  if (!response || !isRecord(result)) return undefined;
  const frame = isRecord(response.raw) ? response.raw.result : undefined;
  if (!isRecord(frame)) return undefined;
  const keys = Object.keys(result);
  return keys.every((k) => Object.hasOwn(frame, k) && sameJson(frame[k], result[k])) ? { seq: response.seq, keys } : undefined;
}

/** The result as the call returned it, from the frame's `result`. */
export function resultFromFrame(frameResult: unknown, keys: string[]): Record<string, unknown> | undefined {
  if (!isRecord(frameResult)) return undefined;
  return Object.fromEntries(keys.filter((k) => Object.hasOwn(frameResult, k)).map((k) => [k, frameResult[k]]));
}

/** Equal as JSON (undefined members ignored, as JSON.stringify does). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => sameJson(v, b[i]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const ka = Object.keys(a).filter((k) => a[k] !== undefined);
  const kb = Object.keys(b).filter((k) => b[k] !== undefined);
  return ka.length === kb.length && kb.every((k) => Object.hasOwn(a, k) && sameJson(a[k], b[k]));
}
