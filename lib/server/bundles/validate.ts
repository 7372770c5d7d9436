import "server-only";
import type { z } from "zod";
import type { Bundle, BundleIssue } from "@/lib/contracts/bundle";
import {
  BUNDLE_FORMAT,
  BUNDLE_FORMAT_VERSION,
  BUNDLE_ORIGIN_LABEL,
  BUNDLE_UNIT_LABEL,
  bundleSchema,
  isBundleUnitType,
  issuePath,
} from "@/lib/contracts/bundle";
import { isEntryKind, kindProtocolMismatch, kindSchema } from "@/lib/contracts/entry-kinds";
import { AppError } from "@/lib/errors";
import { BUNDLE_FORMATS } from "@/lib/server/bundles/formats";
import { BUNDLE_UNITS } from "@/lib/server/bundles/units";
import { errorMessage, isRecord } from "@/lib/values";

/** More than this and the list stops helping: the first ones say what is wrong. */
export const MAX_ISSUES = 50;

/**
 * Deeper than this and the file is refused: JSON.parse reads any depth, but writing it back (the
 * bundle GET, Download) and drawing it in the browser recurse, and overflow the stack — a bundle
 * stored like that fails on every read. Real values (schemas, state trees, events) stay far below.
 */
export const MAX_DEPTH = 256;

interface Step {
  value: unknown;
  depth: number;
  key: PropertyKey | null;
  parent: Step | null;
}

/** Where `json` first goes deeper than MAX_DEPTH (without recursing: the file may be 100,000 levels deep), or null. */
export function tooDeepAt(json: unknown): string | null {
  const stack: Step[] = [{ value: json, depth: 0, key: null, parent: null }];
  while (stack.length) {
    const step = stack.pop()!;
    const { value, depth } = step;
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_DEPTH) {
      const path: PropertyKey[] = [];
      for (let at: Step | null = step; at?.key != null; at = at.parent) path.unshift(at.key);
      // Where it starts is what helps; 256 repeated keys would bury the message.
      return `${issuePath(path.slice(0, 8))}${path.length > 8 ? "…" : ""}`;
    }
    if (Array.isArray(value)) value.forEach((v, i) => stack.push({ value: v, depth: depth + 1, key: i, parent: step }));
    else for (const [k, v] of Object.entries(value)) stack.push({ value: v, depth: depth + 1, key: k, parent: step });
  }
  return null;
}

/** A file read and checked whole: the bundle, and the text to keep ("as imported"). */
export interface ReadBundle {
  bundle: Bundle;
  text: string;
}

class Issues {
  readonly list: BundleIssue[] = [];
  add(path: string, message: string): void {
    if (this.list.length < MAX_ISSUES) this.list.push({ path, message });
  }
  zod(prefix: ReadonlyArray<PropertyKey>, error: z.ZodError): void {
    for (const issue of error.issues) this.add(issuePath([...prefix, ...issue.path]), issue.message);
  }
  get full(): boolean {
    return this.list.length >= MAX_ISSUES;
  }
}

function refuse(issues: BundleIssue[]): never {
  const first = issues[0]!;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? "s" : ""})` : "";
  const where = first.path === "(the file)" ? "" : `${first.path}: `;
  throw new AppError("bad_request:bundle", `Nothing was imported: ${where}${first.message}${more}`, { issues });
}

/** Every entry's raw against its kind's schema; an unknown kind is fine (shown raw), a known kind that misfits is not. */
function checkEntries(entries: unknown, issues: Issues): void {
  if (!Array.isArray(entries)) return;
  entries.forEach((entry, i) => {
    if (issues.full || !isRecord(entry) || typeof entry.kind !== "string" || !isEntryKind(entry.kind)) return;
    const fit = kindSchema(entry.kind).safeParse(entry.raw);
    const mismatch = kindProtocolMismatch(entry.kind, entry.protocol);
    if (!fit.success) issues.zod(["entries", i, "raw"], fit.error);
    else if (mismatch) issues.add(issuePath(["entries", i, "protocol"]), mismatch);
  });
}

function checkSnapshot(json: Record<string, unknown>, issues: Issues): void {
  const type = isRecord(json.unit) ? json.unit.type : undefined;
  if (!isBundleUnitType(type)) return;
  const unit = BUNDLE_UNITS[type];
  if (!unit) {
    issues.add("unit.type", `This Loupe cannot read ${BUNDLE_UNIT_LABEL[type]} bundles yet`);
    return;
  }
  const fit = unit.snapshotSchema.safeParse(json.snapshot);
  if (!fit.success) issues.zod(["snapshot"], fit.error);
}

/** The envelope, then each entry's raw, then the unit's snapshot: every problem found, up to MAX_ISSUES. */
export function validateBundle(json: unknown): Bundle {
  const issues = new Issues();
  const envelope = bundleSchema.safeParse(json);
  if (!envelope.success) issues.zod([], envelope.error);
  if (isRecord(json)) {
    checkEntries(json.entries, issues);
    checkSnapshot(json, issues);
  }
  if (issues.list.length || !envelope.success) refuse(issues.list);
  return envelope.data;
}

function newerVersion(json: Record<string, unknown>): string | null {
  const version = json.formatVersion;
  if (typeof version !== "number" || version <= BUNDLE_FORMAT_VERSION) return null;
  const by = typeof json.loupeVersion === "string" ? ` (written by Loupe ${json.loupeVersion})` : "";
  return `This bundle is format version ${version}${by}; this Loupe reads version ${BUNDLE_FORMAT_VERSION} and older. Update Loupe to open it.`;
}

function knownFormats(): string {
  const labels = [BUNDLE_ORIGIN_LABEL.loupe, ...BUNDLE_FORMATS.map((f) => BUNDLE_ORIGIN_LABEL[f.origin])];
  return [...new Set(labels)].join(", ");
}

/**
 * Reads an import: a Loupe bundle, or a foreign format converted by the first converter that
 * recognizes it. Throws AppError `bad_request:bundle` with `details.issues` for anything wrong.
 */
export function readBundleText(text: string, fileName?: string): ReadBundle {
  // Some editors save JSON with a byte-order mark, which JSON.parse refuses as a syntax error.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    // V8's message names the position (and line/column): what the user needs to find the fault.
    refuse([{ path: "(the file)", message: `Not valid JSON: ${errorMessage(e)}` }]);
  }
  const deep = tooDeepAt(json);
  if (deep) refuse([{ path: deep, message: `nested deeper than ${MAX_DEPTH} levels: Loupe cannot show or save it back` }]);
  if (isRecord(json) && json.format === BUNDLE_FORMAT) {
    const newer = newerVersion(json);
    if (newer) refuse([{ path: "formatVersion", message: newer }]);
    // Kept as the user's file: "Download" gives back exactly what was imported.
    return { bundle: validateBundle(json), text };
  }
  const converter = BUNDLE_FORMATS.find((f) => {
    try {
      return f.detect(json);
    } catch {
      return false;
    }
  });
  if (!converter) refuse([{ path: "(the file)", message: `Not a Loupe bundle nor a format Loupe knows (${knownFormats()})` }]);
  let converted: Bundle;
  try {
    converted = converter.convert(json, fileName);
  } catch (e) {
    const details =
      e instanceof AppError && isRecord(e.details) && Array.isArray(e.details.issues) ? (e.details.issues as BundleIssue[]) : null;
    refuse(
      details?.length
        ? details
        : [{ path: "(the file)", message: `Not a valid ${BUNDLE_ORIGIN_LABEL[converter.origin]}: ${errorMessage(e)}` }],
    );
  }
  const bundle = validateBundle(converted);
  return { bundle, text: JSON.stringify(bundle) };
}
