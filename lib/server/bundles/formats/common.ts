import "server-only";
import type { z } from "zod";
import packageJson from "@/package.json";
import type { Bundle, BundleIssue } from "@/lib/contracts/bundle";
import { BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION, issuePath } from "@/lib/contracts/bundle";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { AppError } from "@/lib/errors";
import { knownSecrets } from "@/lib/server/bundles/known-secrets";
import { scrubSecrets, type Scrubbed } from "@/lib/server/bundles/secrets";
import type { BundleParts } from "@/lib/server/bundles/units/types";
import { getStore } from "@/lib/server/store";

/** The connection id every converted bundle uses: the file names no Loupe connection or agent. */
export const IMPORTED_ID = "imported";

/** More than this and the list stops helping (the import refusal shows the first ones). */
const MAX_ISSUES = 50;

/**
 * A file that looks like the format but is broken: refused with every problem found, each with its
 * path into the ORIGINAL file (`events[3].content`, `[12].message`), which readBundleText passes on.
 */
export function refuseForeign(label: string, issues: BundleIssue[]): never {
  const first = issues[0] ?? { path: "(the file)", message: "unreadable" };
  throw new AppError("bad_request:bundle", `Not a valid ${label}: ${first.path}: ${first.message}`, {
    issues: issues.slice(0, MAX_ISSUES),
  });
}

/** zod issues as BundleIssues under `prefix` (the path of the parsed value in the original file). */
export function zodIssues(error: z.ZodError, prefix: ReadonlyArray<PropertyKey> = []): BundleIssue[] {
  return error.issues.map((issue) => ({ path: issuePath([...prefix, ...issue.path]), message: issue.message }));
}

/**
 * The scrub every Loupe export gets (every secret value this Loupe holds, every string under a
 * secret-like key), run on the foreign file itself before anything is taken from it: a converted
 * bundle is masked like our own, and `masked` counts values of the file.
 */
export function scrubForeign<T>(json: T): Scrubbed<T> {
  return scrubSecrets(json, knownSecrets(getStore()));
}

/** The envelope around converted parts; `masked` is how many values of the file were masked. */
export function foreignBundle(
  parts: BundleParts & { unit: Bundle["unit"]; origin: Bundle["origin"]; exportedAt: string },
  masked: number,
): Bundle {
  return {
    format: BUNDLE_FORMAT,
    formatVersion: BUNDLE_FORMAT_VERSION,
    // The Loupe that converted the file: the foreign tool's version is in the connection / snapshot.
    loupeVersion: packageJson.version,
    exportedAt: parts.exportedAt,
    title: parts.title,
    unit: parts.unit,
    origin: parts.origin,
    connection: parts.connection,
    entryKinds: [...new Set(parts.entries.map((e) => e.kind))],
    entries: parts.entries,
    snapshot: parts.snapshot,
    inbox: parts.inbox,
    secrets: { masked, mask: SECRET_MASK },
  };
}

/** ISO time of `ms`, or of now when the file says nothing usable. */
export function isoOf(ms: number | null | undefined): string {
  return new Date(typeof ms === "number" && Number.isFinite(ms) ? ms : Date.now()).toISOString();
}
