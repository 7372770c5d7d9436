import "server-only";
import { randomUUID } from "node:crypto";
import packageJson from "@/package.json";
import type { Bundle, BundlePage, BundleUnitRef, ImportedBundle, ImportedBundleSummary } from "@/lib/contracts/bundle";
import { BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION, BUNDLE_PAGE_SIZE } from "@/lib/contracts/bundle";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { AppError } from "@/lib/errors";
import { knownSecrets } from "@/lib/server/bundles/known-secrets";
import { BundlePages } from "@/lib/server/bundles/pages";
import { scrubSecrets } from "@/lib/server/bundles/secrets";
import { BUNDLE_UNITS, unitOf, unitTable, type BundleUnitLookup } from "@/lib/server/bundles/units";
import type { BundleParts } from "@/lib/server/bundles/units/types";
import { readBundleText } from "@/lib/server/bundles/validate";
import { bundleRoom, checkBundleRoom, type BundleRoom } from "@/lib/server/bundles/room";
import { PROTOCOL_ADAPTERS } from "@/lib/server/protocols/registry";
import type { ProtocolRegistry } from "@/lib/server/protocols/types";
import { parseRecord, query, records } from "@/lib/server/rows";
import { getStore, type Store } from "@/lib/server/store";

export const LOUPE_VERSION: string = packageJson.version;

/** The distinct kinds of `entries`, in order of first appearance. */
export function entryKindsOf(entries: Bundle["entries"]): string[] {
  const seen = new Set<string>();
  for (const entry of entries) seen.add(entry.kind);
  return [...seen];
}

/** A bundle of a unit named by `Ref` (a BundleUnitRef, or a unit of a protocol the contracts do not list: a test's). */
export type BundleOf<Ref> = Omit<Bundle, "unit"> & { unit: Ref };

/**
 * Bundles (issue 12): export one recorded unit as a self-describing file with every secret this
 * Loupe knows masked; import a file (a Loupe bundle or a known foreign format) after checking all
 * of it; keep imported bundles in the `bundles` table, read-only. The units and the secrets come
 * from the protocols' adapters: the registry's (`registry` given), or BUNDLE_UNITS as it is now.
 */
export class BundleService<Ref extends { type: string } = BundleUnitRef> {
  private readonly units: BundleUnitLookup;
  private readonly registry: ProtocolRegistry;
  private readonly pages: BundlePages;

  constructor(
    private readonly store: Store,
    private readonly now: () => Date = () => new Date(),
    registry?: ProtocolRegistry,
    private readonly room: BundleRoom = bundleRoom(),
  ) {
    this.units = registry ? unitTable(registry) : BUNDLE_UNITS;
    this.registry = registry ?? PROTOCOL_ADAPTERS;
    this.pages = new BundlePages(store);
  }

  async exportUnit(ref: Ref): Promise<BundleOf<Ref>> {
    // The unit of the ref's own type: it is handed only refs of that type.
    const unit = unitOf(ref.type, this.units);
    const parts = await unit.export(ref);
    const secrets = [...unit.secretValues(ref), ...knownSecrets(this.store, this.registry)];
    const { value, masked } = scrubSecrets<BundleParts>(parts, secrets);
    return {
      format: BUNDLE_FORMAT,
      formatVersion: BUNDLE_FORMAT_VERSION,
      loupeVersion: LOUPE_VERSION,
      exportedAt: this.now().toISOString(),
      title: value.title,
      unit: ref,
      origin: { kind: "loupe" },
      connection: value.connection,
      entryKinds: entryKindsOf(value.entries),
      entries: value.entries,
      snapshot: value.snapshot,
      inbox: value.inbox,
      secrets: { masked, mask: SECRET_MASK },
    };
  }

  /**
   * Checks the whole file, then stores it in one transaction (the file as imported, for Download, and
   * the same bundle in pages, for reading): anything wrong throws `bad_request:bundle` and stores nothing.
   */
  importText(text: string, fileName?: string): ImportedBundleSummary {
    const { bundle, text: kept } = readBundleText(text, fileName);
    const importedAt = this.now().getTime();
    const summary: ImportedBundleSummary = {
      id: randomUUID(),
      title: bundle.title,
      unitType: bundle.unit.type,
      origin: bundle.origin.kind,
      fileName: fileName ?? bundle.origin.fileName ?? null,
      loupeVersion: bundle.loupeVersion,
      exportedAt: bundle.exportedAt,
      importedAt,
      entryCount: bundle.entries.length,
      bytes: Buffer.byteLength(kept),
    };
    this.store.db.transaction(() => {
      checkBundleRoom(this.store, this.room, summary.bytes);
      this.store
        .prepare("INSERT INTO bundles (id, summary, json, imported_at) VALUES (?, ?, ?, ?)")
        .run(summary.id, JSON.stringify(summary), kept, importedAt);
      this.pages.write(summary.id, bundle, this.listPathOf(bundle.unit.type));
    })();
    return summary;
  }

  /** Newest first. */
  list(): ImportedBundleSummary[] {
    return records<ImportedBundleSummary>(this.store, "SELECT summary AS record FROM bundles ORDER BY imported_at DESC, rowid DESC");
  }

  /** The summary and the bundle with its first page of entries (issue 23: never the whole of a large bundle). */
  get(id: string, limit = BUNDLE_PAGE_SIZE): ImportedBundle {
    const row = query<{ summary: string }>(this.store, "SELECT summary FROM bundles WHERE id = ?").get(id);
    if (!row) throw notFound(id);
    this.keepInPages(id);
    const first = this.pages.first(id, limit);
    if (!first) throw notFound(id);
    return { summary: parseRecord<ImportedBundleSummary>(row.summary), ...first };
  }

  /** Entries (and snapshot list items) from `cursor` on, `limit` of each. */
  page(id: string, cursor: number, limit = BUNDLE_PAGE_SIZE): BundlePage {
    this.keepInPages(id);
    const page = this.pages.page(id, cursor, limit);
    if (!page) throw notFound(id);
    return page;
  }

  /** The file as it was imported (Download), as text: never parsed here. */
  file(id: string): { text: string; summary: ImportedBundleSummary } {
    const row = query<{ summary: string; json: string }>(this.store, "SELECT summary, json FROM bundles WHERE id = ?").get(id);
    if (!row) throw notFound(id);
    return { text: row.json, summary: parseRecord<ImportedBundleSummary>(row.summary) };
  }

  remove(id: string): void {
    const info = this.store.db.transaction(() => {
      this.pages.remove(id);
      return this.store.prepare("DELETE FROM bundles WHERE id = ?").run(id);
    })();
    if (info.changes === 0) throw notFound(id);
  }

  private listPathOf(type: string): readonly string[] | undefined {
    return this.units[type]?.snapshotList;
  }

  /** A bundle imported before pages existed is split into them once, on its first read. */
  private keepInPages(id: string): void {
    if (this.pages.has(id)) return;
    const row = query<{ json: string }>(this.store, "SELECT json FROM bundles WHERE id = ?").get(id);
    if (!row) throw notFound(id);
    const bundle = parseRecord<Bundle>(row.json);
    this.store.db.transaction(() => this.pages.write(id, bundle, this.listPathOf(bundle.unit.type)))();
  }
}

function notFound(id: string): AppError {
  return new AppError("not_found:bundle", `No imported bundle "${id}"`);
}

const BUNDLES_KEY = Symbol.for("loupe.bundles");
type BundlesGlobal = typeof globalThis & { [BUNDLES_KEY]?: BundleService };

/** The process's bundle service (STYLE rule 3: on globalThis, like the registry). */
export function getBundles(): BundleService {
  const g = globalThis as BundlesGlobal;
  g[BUNDLES_KEY] ??= new BundleService(getStore());
  return g[BUNDLES_KEY];
}
