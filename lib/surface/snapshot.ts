import { z } from "zod";
import { isRecord } from "@/lib/values";
import type { JsonRecord } from "@/lib/values";

/*
 * A server's surface (issue 24): its tools, resources, resource templates and prompts as a client
 * sees them, with the server's info and protocol revision, in one versioned JSON file. Pure: the
 * server, the browser and the CLI read and write the same format.
 */

export const SURFACE_FORMAT = "loupe-surface";
export const SURFACE_FORMAT_VERSION = 1;

/** The four lists, in the order a snapshot and a diff show them. */
export const SURFACE_LISTS = ["tools", "prompts", "resources", "resourceTemplates"] as const;
export type SurfaceList = (typeof SURFACE_LISTS)[number];

/** The field that names an item of each list (its identity across versions). */
export const SURFACE_KEY: Record<SurfaceList, string> = {
  tools: "name",
  prompts: "name",
  resources: "uri",
  resourceTemplates: "uriTemplate",
};

/** What one item is called in a sentence. */
export const SURFACE_NOUN: Record<SurfaceList, string> = {
  tools: "Tool",
  prompts: "Prompt",
  resources: "Resource",
  resourceTemplates: "Resource template",
};

const Item = (key: string) => z.looseObject({ [key]: z.string() });

export const SurfaceSnapshot = z.object({
  format: z.literal(SURFACE_FORMAT),
  version: z.literal(SURFACE_FORMAT_VERSION),
  takenAt: z.string(),
  server: z.object({ name: z.string(), version: z.string(), title: z.string().optional() }).nullable(),
  protocolVersion: z.string().nullable(),
  capabilities: z.record(z.string(), z.unknown()),
  tools: z.array(Item("name")),
  prompts: z.array(Item("name")),
  resources: z.array(Item("uri")),
  resourceTemplates: z.array(Item("uriTemplate")),
  /** Lists that were not read whole (a bound reached, a list that failed), in words. */
  notes: z.array(z.string()).default([]),
});
export type SurfaceSnapshot = z.infer<typeof SurfaceSnapshot>;
export type SurfaceItem = JsonRecord;

/** A value with every object's keys in order, so two snapshots of the same surface are the same text. */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isRecord(value)) return value;
  const out: JsonRecord = {};
  for (const key of Object.keys(value).sort()) {
    const v = value[key];
    // `required` is a set: its order says nothing, so it is kept sorted.
    out[key] = key === "required" && Array.isArray(v) && v.every((x) => typeof x === "string") ? [...v].sort() : canonical(v);
  }
  return out;
}

function sortedItems(items: readonly unknown[], key: string): JsonRecord[] {
  const records = items.filter(isRecord).filter((i) => typeof i[key] === "string");
  return records
    .map((i) => {
      const c = canonical(i);
      return isRecord(c) ? c : {};
    })
    .sort((a, b) => String(a[key]).localeCompare(String(b[key])));
}

export interface SurfaceParts {
  server: { name: string; version: string; title?: string } | null;
  protocolVersion: string | null;
  capabilities: JsonRecord;
  lists: Record<SurfaceList, readonly unknown[]>;
  notes?: string[];
  takenAt?: Date;
}

/** The snapshot of what a server listed: items in key order, keys in order. */
export function makeSnapshot(parts: SurfaceParts): SurfaceSnapshot {
  const caps = canonical(parts.capabilities);
  return {
    format: SURFACE_FORMAT,
    version: SURFACE_FORMAT_VERSION,
    takenAt: (parts.takenAt ?? new Date()).toISOString(),
    server: parts.server
      ? { name: parts.server.name, version: parts.server.version, ...(parts.server.title ? { title: parts.server.title } : {}) }
      : null,
    protocolVersion: parts.protocolVersion,
    capabilities: isRecord(caps) ? caps : {},
    tools: sortedItems(parts.lists.tools, SURFACE_KEY.tools).map((t) => ({ ...t, name: String(t.name) })),
    prompts: sortedItems(parts.lists.prompts, SURFACE_KEY.prompts).map((p) => ({ ...p, name: String(p.name) })),
    resources: sortedItems(parts.lists.resources, SURFACE_KEY.resources).map((r) => ({ ...r, uri: String(r.uri) })),
    resourceTemplates: sortedItems(parts.lists.resourceTemplates, SURFACE_KEY.resourceTemplates).map((r) => ({
      ...r,
      uriTemplate: String(r.uriTemplate),
    })),
    notes: parts.notes ?? [],
  };
}

/** The file's text: stable, so a snapshot kept in a repository diffs line by line. */
export function snapshotText(snapshot: SurfaceSnapshot): string {
  return `${JSON.stringify(snapshot, null, 2)}\n`;
}

export type ParsedSnapshot = { ok: true; snapshot: SurfaceSnapshot } | { ok: false; error: string };

/** Reads a snapshot file's text; a bad file is an error naming the path of the first bad field. */
export function parseSnapshot(text: string): ParsedSnapshot {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `not JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (isRecord(json) && json.format === SURFACE_FORMAT && json.version !== SURFACE_FORMAT_VERSION)
    return {
      ok: false,
      error: `a ${SURFACE_FORMAT} file of version ${String(json.version)}; this Loupe reads version ${SURFACE_FORMAT_VERSION}`,
    };
  const r = SurfaceSnapshot.safeParse(json);
  if (r.success) return { ok: true, snapshot: r.data };
  const issue = r.error.issues[0];
  if (!issue) return { ok: false, error: `not a ${SURFACE_FORMAT} file` };
  const at = issue.path.length ? issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("") : "";
  return { ok: false, error: `not a ${SURFACE_FORMAT} file: $${at}: ${issue.message}` };
}

/** How many items each list holds, in words ("3 tools, 1 prompt, …"). */
export function surfaceCounts(s: SurfaceSnapshot): string {
  const word = { tools: "tool", prompts: "prompt", resources: "resource", resourceTemplates: "resource template" } as const;
  return SURFACE_LISTS.map((l) => `${s[l].length} ${word[l]}${s[l].length === 1 ? "" : "s"}`).join(", ");
}
