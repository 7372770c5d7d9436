import { isRecord } from "@/lib/values";

/** One changed place of a JSON value, addressed by JSON Pointer (RFC 6901). */
export interface JsonChange {
  path: string;
  kind: "added" | "removed" | "changed";
  before?: unknown;
  after?: unknown;
}

const token = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * What changed from `before` to `after`, leaf by leaf: objects and arrays are walked, anything
 * else compared by value. Stops after `limit` changes (a 10 MB snapshot must not freeze the
 * page); `truncated` says so.
 */
export function diffJson(before: unknown, after: unknown, limit = 200): { changes: JsonChange[]; truncated: boolean } {
  const changes: JsonChange[] = [];
  let truncated = false;
  const walk = (a: unknown, b: unknown, path: string): void => {
    if (changes.length >= limit) {
      truncated = true;
      return;
    }
    if (a === b) return;
    if (isRecord(a) && isRecord(b)) {
      for (const key of Object.keys(a)) {
        if (!(key in b)) changes.push({ path: `${path}/${token(key)}`, kind: "removed", before: a[key] });
        else walk(a[key], b[key], `${path}/${token(key)}`);
      }
      for (const key of Object.keys(b)) if (!(key in a)) changes.push({ path: `${path}/${token(key)}`, kind: "added", after: b[key] });
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      const n = Math.max(a.length, b.length);
      for (let i = 0; i < n; i++) {
        if (i >= a.length) changes.push({ path: `${path}/${i}`, kind: "added", after: b[i] });
        else if (i >= b.length) changes.push({ path: `${path}/${i}`, kind: "removed", before: a[i] });
        else walk(a[i], b[i], `${path}/${i}`);
      }
      return;
    }
    if (a === undefined) changes.push({ path: path || "/", kind: "added", after: b });
    else if (b === undefined) changes.push({ path: path || "/", kind: "removed", before: a });
    else if (JSON.stringify(a) !== JSON.stringify(b)) changes.push({ path: path || "/", kind: "changed", before: a, after: b });
  };
  walk(before, after, "");
  if (changes.length > limit) {
    changes.length = limit;
    truncated = true;
  }
  return { changes, truncated };
}
