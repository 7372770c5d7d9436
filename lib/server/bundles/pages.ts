import "server-only";
import type { Bundle, BundleEntry, BundlePage } from "@/lib/contracts/bundle";
import { BUNDLE_PAGE_SIZE } from "@/lib/contracts/bundle";
import { parseRecord, query } from "@/lib/server/rows";
import type { Store } from "@/lib/server/store";
import { listAt, withListAt } from "@/lib/bundle-pages";

/** Which list a stored item belongs to: the bundle's entries or its snapshot's long list. */
const ENTRY = 0;
const ITEM = 1;

/** A bundle without its long lists: what the first page sends whole. */
/** The bundle without its entries and list items; `entries` kept (empty) so a page read back keeps the file's key order. */
export type BundleHead = Bundle;

/**
 * An imported bundle kept in pages (issue 23: a 300,000-entry bundle read back whole took 126 s and
 * +190 MiB): the envelope and snapshot once, each entry (and each item of the snapshot's long list,
 * the one the unit names, e.g. an ADK session's events) in its own row, read a page at a time.
 */
export class BundlePages {
  constructor(private readonly store: Store) {}

  /** Stores `bundle` under `id` (run inside the caller's transaction). */
  write(id: string, bundle: Bundle, listPath: readonly string[] | undefined): void {
    const items = listPath ? listAt(bundle.snapshot, listPath) : null;
    const path = items && listPath ? listPath : null;
    const { entries } = bundle;
    const head: BundleHead = { ...bundle, entries: [], snapshot: path ? withListAt(bundle.snapshot, path, []) : bundle.snapshot };
    this.store
      .prepare("INSERT INTO bundle_heads (bundle_id, head, list_path, entry_count, item_count) VALUES (?, ?, ?, ?, ?)")
      .run(id, JSON.stringify(head), path ? JSON.stringify(path) : null, entries.length, items?.length ?? 0);
    const insert = this.store.prepare("INSERT INTO bundle_items (bundle_id, part, idx, json) VALUES (?, ?, ?, ?)");
    entries.forEach((entry, i) => insert.run(id, ENTRY, i, JSON.stringify(entry)));
    items?.forEach((item, i) => insert.run(id, ITEM, i, JSON.stringify(item)));
  }

  has(id: string): boolean {
    return query<{ n: number }>(this.store, "SELECT 1 AS n FROM bundle_heads WHERE bundle_id = ?").get(id) !== undefined;
  }

  /** The bundle with only its first page of entries and list items; null when it is not kept in pages. */
  first(id: string, limit = BUNDLE_PAGE_SIZE): { bundle: Bundle; listPath: string[] | null; nextCursor: number | null } | null {
    const row = query<{ head: string; list_path: string | null }>(
      this.store,
      "SELECT head, list_path FROM bundle_heads WHERE bundle_id = ?",
    ).get(id);
    const page = this.page(id, 0, limit);
    if (!row || !page) return null;
    const head = parseRecord<BundleHead>(row.head);
    const listPath = row.list_path ? parseRecord<string[]>(row.list_path) : null;
    const snapshot = listPath ? withListAt(head.snapshot, listPath, page.items) : head.snapshot;
    return { bundle: { ...head, snapshot, entries: page.entries }, listPath, nextCursor: page.nextCursor };
  }

  /** Entries and list items [cursor, cursor + limit) of each list; null when the bundle is not kept in pages. */
  page(id: string, cursor: number, limit: number): BundlePage | null {
    const counts = query<{ entry_count: number; item_count: number }>(
      this.store,
      "SELECT entry_count, item_count FROM bundle_heads WHERE bundle_id = ?",
    ).get(id);
    if (!counts) return null;
    const read = (part: number) =>
      query<{ json: string }>(
        this.store,
        "SELECT json FROM bundle_items WHERE bundle_id = ? AND part = ? AND idx >= ? ORDER BY idx LIMIT ?",
      )
        .all(id, part, cursor, limit)
        .map((row) => row.json);
    const end = cursor + limit;
    return {
      entries: read(ENTRY).map((json) => parseRecord<BundleEntry>(json)),
      items: read(ITEM).map((json) => parseRecord<unknown>(json)),
      nextCursor: end < Math.max(counts.entry_count, counts.item_count) ? end : null,
    };
  }

  remove(id: string): void {
    this.store.prepare("DELETE FROM bundle_items WHERE bundle_id = ?").run(id);
    this.store.prepare("DELETE FROM bundle_heads WHERE bundle_id = ?").run(id);
  }
}
