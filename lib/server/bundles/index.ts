import "server-only";
import { randomUUID } from "node:crypto";
import packageJson from "@/package.json";
import type { Bundle, BundleUnitRef, BundleUnitRefOf, BundleUnitType, ImportedBundle, ImportedBundleSummary } from "@/lib/contracts/bundle";
import { BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION } from "@/lib/contracts/bundle";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { AppError } from "@/lib/errors";
import { knownSecrets, scrubSecrets } from "@/lib/server/bundles/secrets";
import { unitOf } from "@/lib/server/bundles/units";
import type { BundleParts } from "@/lib/server/bundles/units/types";
import { readBundleText } from "@/lib/server/bundles/validate";
import { getStore, type Store } from "@/lib/server/store";

export const LOUPE_VERSION: string = packageJson.version;

/** The distinct kinds of `entries`, in order of first appearance. */
export function entryKindsOf(entries: Bundle["entries"]): string[] {
  const seen = new Set<string>();
  for (const entry of entries) seen.add(entry.kind);
  return [...seen];
}

/**
 * Bundles (issue 12): export one recorded unit as a self-describing file with every secret this
 * Loupe knows masked; import a file (a Loupe bundle or a known foreign format) after checking all
 * of it; keep imported bundles in the `bundles` table, read-only.
 */
export class BundleService {
  constructor(
    private readonly store: Store,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async exportUnit(ref: BundleUnitRef): Promise<Bundle> {
    const unit = unitOf(ref.type);
    const typedRef = ref as BundleUnitRefOf<BundleUnitType>;
    const parts = await unit.export(typedRef);
    const secrets = [...unit.secretValues(typedRef), ...knownSecrets(this.store)];
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

  /** Checks the whole file, then stores it in one INSERT: anything wrong throws `bad_request:bundle` and stores nothing. */
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
    this.store
      .prepare("INSERT INTO bundles (id, summary, json, imported_at) VALUES (?, ?, ?, ?)")
      .run(summary.id, JSON.stringify(summary), kept, importedAt);
    return summary;
  }

  /** Newest first. */
  list(): ImportedBundleSummary[] {
    const rows = this.store.prepare("SELECT summary FROM bundles ORDER BY imported_at DESC, rowid DESC").all() as { summary: string }[];
    return rows.map((r) => JSON.parse(r.summary) as ImportedBundleSummary);
  }

  get(id: string): ImportedBundle {
    const row = this.store.prepare("SELECT summary, json FROM bundles WHERE id = ?").get(id) as
      { summary: string; json: string } | undefined;
    if (!row) throw new AppError("not_found:bundle", `No imported bundle "${id}"`);
    return { summary: JSON.parse(row.summary) as ImportedBundleSummary, bundle: JSON.parse(row.json) as Bundle };
  }

  remove(id: string): void {
    const info = this.store.prepare("DELETE FROM bundles WHERE id = ?").run(id);
    if (info.changes === 0) throw new AppError("not_found:bundle", `No imported bundle "${id}"`);
  }
}

const BUNDLES_KEY = Symbol.for("loupe.bundles");
type BundlesGlobal = typeof globalThis & { [BUNDLES_KEY]?: BundleService };

/** The process's bundle service (STYLE rule 3: on globalThis, like the registry). */
export function getBundles(): BundleService {
  const g = globalThis as BundlesGlobal;
  g[BUNDLES_KEY] ??= new BundleService(getStore());
  return g[BUNDLES_KEY];
}
