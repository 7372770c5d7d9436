import type { BundlePage, ImportedBundle } from "@/lib/contracts/bundle";
import { isRecord } from "@/lib/values";

/** The array at `path` in `value` (a snapshot), or null when there is none there. */
export function listAt(value: unknown, path: readonly string[]): unknown[] | null {
  let at = value;
  for (const key of path) {
    if (!isRecord(at)) return null;
    at = at[key];
  }
  return Array.isArray(at) ? at : null;
}

/** `value` with the array at `path` replaced by `list` (copies along the path; `value` is untouched). */
export function withListAt(value: unknown, path: readonly string[], list: unknown[]): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return list;
  if (!isRecord(value)) return value;
  return { ...value, [key]: withListAt(value[key], rest, list) };
}

/**
 * The imported bundle as far as the browser has read it (issue 23): the first answer's bundle with
 * each later page's entries appended, and its items appended to the snapshot's long list.
 */
export function joinBundlePages(first: ImportedBundle, more: readonly BundlePage[]): ImportedBundle {
  if (!more.length) return first;
  const entries = first.bundle.entries.concat(...more.map((p) => p.entries));
  const path = first.listPath;
  const items = path ? (listAt(first.bundle.snapshot, path) ?? []).concat(...more.map((p) => p.items)) : null;
  const snapshot = path && items ? withListAt(first.bundle.snapshot, path, items) : first.bundle.snapshot;
  return { ...first, bundle: { ...first.bundle, entries, snapshot }, nextCursor: more[more.length - 1]!.nextCursor };
}
