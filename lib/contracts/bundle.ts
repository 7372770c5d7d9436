import { z } from "zod";
import { ENTRY_PROTOCOLS, bundleUnitRefSchema, type BundleUnitType } from "@/lib/contracts/protocols";
import type { BundleUnitRef } from "@/lib/contracts/protocols";

/**
 * Bundles (issue 12): one recorded unit — each protocol declares its own (lib/contracts/protocols.ts:
 * a session, a connection's traffic, a conversation, a task, a run…) — as one self-describing JSON file. Exported with every secret masked; imported read-only into any Loupe.
 *
 * The envelope is checked here; what `snapshot` holds is the unit type's own business and is checked
 * by its module (lib/server/<protocol>/bundle-unit.ts, `snapshotSchema`). Import validates the whole
 * file first and stores it in one statement: a file that fails anywhere imports nothing, and the
 * error names the part (`entries[12].raw`, `snapshot.events[3].id`, …).
 */
export const BUNDLE_FORMAT = "loupe-bundle";
export const BUNDLE_FORMAT_VERSION = 1;

export { BUNDLE_UNIT_LABEL, bundleUnitRefSchema } from "@/lib/contracts/protocols";
export type { BundleUnitRef, BundleUnitType } from "@/lib/contracts/protocols";
export { mcpTrafficScopeSchema } from "@/lib/contracts/mcp-traffic";
export type { McpTrafficScope } from "@/lib/contracts/mcp-traffic";

/** Every unit type this Loupe knows (each protocol declares its own: lib/contracts/protocols.ts). */
export const BUNDLE_UNIT_TYPES: readonly BundleUnitType[] = bundleUnitRefSchema.options.map((o) => o.shape.type.value);

export function isBundleUnitType(type: unknown): type is BundleUnitType {
  return typeof type === "string" && (BUNDLE_UNIT_TYPES as readonly string[]).includes(type);
}

export type BundleUnitRefOf<T extends BundleUnitType> = Extract<BundleUnitRef, { type: T }>;

/** Where the file came from: a Loupe export, or a format people already have, converted on import. */
export const BUNDLE_ORIGINS = ["loupe", "adk-web", "adk-session-json", "mcp-inspector-log"] as const;
export type BundleOrigin = (typeof BUNDLE_ORIGINS)[number];

export const BUNDLE_ORIGIN_LABEL: Record<BundleOrigin, string> = {
  loupe: "Loupe bundle",
  "adk-web": "adk-web session export",
  "adk-session-json": "ADK session JSON (GET …/sessions/{id})",
  "mcp-inspector-log": "MCP Inspector protocol log",
};

const protocolSchema = z.enum(ENTRY_PROTOCOLS);

/**
 * One recorded entry, whole (never the 64 KB preview), in the order it was recorded. `seq` is the
 * seq it had where it was recorded: the read-only view uses it as the entry's key.
 */
export const bundleEntrySchema = z.object({
  seq: z.number().int(),
  connectionId: z.string(),
  sessionKey: z.string().nullable(),
  receivedAt: z.number(),
  sourceTime: z.number().nullable(),
  direction: z.enum(["out", "in", "local"]),
  protocol: protocolSchema,
  kind: z.string().min(1),
  raw: z.unknown(),
});
export type BundleEntry = z.infer<typeof bundleEntrySchema>;

/** The connection or agent the unit was recorded on, as the API shows it (secrets already masked). */
export const bundleConnectionSchema = z
  .object({
    protocol: protocolSchema,
    id: z.string(),
    name: z.string(),
    /** URL, command line or model — whatever names where the peer was; masked like the API masks it. */
    target: z.string().optional(),
    transport: z.string().optional(),
  })
  .passthrough();
export type BundleConnection = z.infer<typeof bundleConnectionSchema>;

export const bundleSchema = z.object({
  format: z.literal(BUNDLE_FORMAT),
  formatVersion: z.literal(BUNDLE_FORMAT_VERSION),
  loupeVersion: z.string(),
  /** ISO 8601. */
  exportedAt: z.string(),
  title: z.string(),
  unit: bundleUnitRefSchema,
  origin: z.object({ kind: z.enum(BUNDLE_ORIGINS), fileName: z.string().optional() }),
  connection: bundleConnectionSchema,
  /** The distinct entry kinds in `entries`, in order of first appearance (what a reader must know). */
  entryKinds: z.array(z.string()),
  entries: z.array(bundleEntrySchema),
  /** The unit's own record at export time (ADK: the stored session; A2A: the task; …), per unit type. */
  snapshot: z.unknown(),
  /** The unit's human requests as the inbox showed them at export (InboxRow[]), answers included. */
  inbox: z.array(z.unknown()),
  /** How many values the exporter masked, and the words the file shows instead of them. */
  secrets: z.object({ masked: z.number().int().nonnegative(), mask: z.string() }),
});
export type Bundle = z.infer<typeof bundleSchema>;

/** A bundle kept by this Loupe (GET /api/bundles lists these; the bundle itself is read whole by id). */
export interface ImportedBundleSummary {
  id: string;
  title: string;
  unitType: BundleUnitType;
  origin: BundleOrigin;
  fileName: string | null;
  loupeVersion: string;
  exportedAt: string;
  importedAt: number;
  entryCount: number;
  bytes: number;
}

/**
 * An imported bundle as GET /api/bundles/:id answers it (issue 23): the envelope with only the first
 * page of its entries and of its snapshot's long list (at `listPath`, e.g. an ADK session's events);
 * the rest is read with GET /api/bundles/:id/entries?cursor=<nextCursor> (null: nothing more).
 */
export interface ImportedBundle {
  summary: ImportedBundleSummary;
  bundle: Bundle;
  listPath: string[] | null;
  nextCursor: number | null;
}

/** How many entries (and list items) one page holds unless asked otherwise, and at most. */
export const BUNDLE_PAGE_SIZE = 500;
export const BUNDLE_PAGE_MAX = 5000;

/** Entries and snapshot list items [cursor, cursor + limit) of a kept bundle; `nextCursor` null at the end. */
export interface BundlePage {
  entries: BundleEntry[];
  /** Items of the snapshot's long list (at ImportedBundle.listPath). */
  items: unknown[];
  nextCursor: number | null;
}

/** One problem found while validating a file; `path` like `entries[12].raw` or `snapshot.events[3]`. */
export interface BundleIssue {
  path: string;
  message: string;
}

/** Imports above this size are refused with 413 before parsing (a 10,000-event session is ~10–30 MB). */
export const BUNDLE_MAX_BYTES = 200 * 1024 * 1024;

/** Paths of `BundleIssue` from zod issues: `entries[12].raw.kind`. */
export function issuePath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || "(the file)";
}
