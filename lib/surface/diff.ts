import { isRecord } from "@/lib/values";
import type { JsonRecord } from "@/lib/values";
import { at, CHANGE_KINDS, item, orderChanges, sameJson, shown } from "./changes";
import type { ChangeKind, SurfaceChange } from "./changes";
import { diffSchemas } from "./schema-diff";
import { SURFACE_KEY, SURFACE_LISTS, SURFACE_NOUN } from "./snapshot";
import type { SurfaceList, SurfaceSnapshot } from "./snapshot";

/*
 * The difference between two surfaces (issue 24): every change with its JSON path and a sentence,
 * breaking ones first. Pure.
 */

export interface SurfaceDiff {
  changes: SurfaceChange[];
  counts: Record<ChangeKind, number>;
  breaking: boolean;
}

const TEXT_FIELDS = new Set(["description", "title", "icons", "name"]);

/**
 * Tool annotations a client decides by (ToolAnnotations, with the spec's defaults): a change
 * towards `risky` breaks a client that trusted the old value.
 */
const HINTS: Record<string, { fallback: boolean; risky: boolean; now: string }> = {
  readOnlyHint: { fallback: false, risky: false, now: "is no longer read-only" },
  destructiveHint: { fallback: true, risky: true, now: "may now be destructive" },
  idempotentHint: { fallback: false, risky: false, now: "is no longer idempotent" },
  openWorldHint: { fallback: true, risky: true, now: "may now reach the open world" },
};

function diffAnnotations(a: unknown, b: unknown, path: string, owner: string, out: SurfaceChange[]) {
  const x = isRecord(a) ? a : {};
  const y = isRecord(b) ? b : {};
  for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
    if (sameJson(x[key], y[key])) continue;
    const p = at(path, key);
    const hint = HINTS[key];
    if (!hint) {
      out.push({
        kind: key === "title" ? "cosmetic" : "change",
        path: p,
        message: `${owner}: annotation ${key} ${shown(x[key])} → ${shown(y[key])}.`,
      });
      continue;
    }
    const before = typeof x[key] === "boolean" ? x[key] : hint.fallback;
    const after = typeof y[key] === "boolean" ? y[key] : hint.fallback;
    if (before === after)
      out.push({ kind: "cosmetic", path: p, message: `${owner}: ${key} ${shown(x[key])} → ${shown(y[key])} (the same by default).` });
    else if (after === hint.risky) out.push({ kind: "breaking", path: p, message: `${owner} ${hint.now} (${key} ${before} → ${after}).` });
    else out.push({ kind: "change", path: p, message: `${owner}: ${key} ${before} → ${after}.` });
  }
}

function diffPromptArguments(a: unknown, b: unknown, path: string, owner: string, out: SurfaceChange[]) {
  const list = (v: unknown) => new Map((Array.isArray(v) ? v.filter(isRecord) : []).map((arg) => [String(arg.name), arg]));
  const x = list(a);
  const y = list(b);
  for (const [name, arg] of x) {
    const p = item(path, name);
    const next = y.get(name);
    if (!next) {
      out.push({ kind: "breaking", path: p, message: `${owner}: argument \`${name}\` was removed.` });
      continue;
    }
    if (!arg.required && next.required)
      out.push({ kind: "breaking", path: at(p, "required"), message: `${owner}: argument \`${name}\` is now required.` });
    if (arg.required && !next.required)
      out.push({ kind: "change", path: at(p, "required"), message: `${owner}: argument \`${name}\` is no longer required.` });
    for (const key of new Set([...Object.keys(arg), ...Object.keys(next)])) {
      if (key === "name" || key === "required" || sameJson(arg[key], next[key])) continue;
      out.push({
        kind: TEXT_FIELDS.has(key) ? "cosmetic" : "change",
        path: at(p, key),
        message: `${owner}: argument \`${name}\` ${key} ${shown(arg[key])} → ${shown(next[key])}.`,
      });
    }
  }
  for (const [name, arg] of y) {
    if (x.has(name)) continue;
    const p = item(path, name);
    if (arg.required) out.push({ kind: "breaking", path: p, message: `${owner}: new required argument \`${name}\`.` });
    else out.push({ kind: "addition", path: p, message: `${owner}: new optional argument \`${name}\`.` });
  }
}

function diffItem(list: SurfaceList, a: JsonRecord, b: JsonRecord, path: string, out: SurfaceChange[]) {
  const owner = `${SURFACE_NOUN[list]} \`${String(a[SURFACE_KEY[list]])}\``;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (key === SURFACE_KEY[list] || sameJson(a[key], b[key])) continue;
    const p = at(path, key);
    if (key === "inputSchema") out.push(...diffSchemas(a[key], b[key], p, owner, "input"));
    else if (key === "outputSchema" && a[key] !== undefined && b[key] !== undefined)
      out.push(...diffSchemas(a[key], b[key], p, owner, "output"));
    else if (key === "outputSchema" && b[key] === undefined)
      out.push({
        kind: "breaking",
        path: p,
        message: `${owner} no longer declares an output schema: its structured content is not promised any more.`,
      });
    else if (key === "outputSchema") out.push({ kind: "addition", path: p, message: `${owner} now declares an output schema.` });
    else if (key === "annotations") diffAnnotations(a[key], b[key], p, owner, out);
    else if (key === "arguments" && list === "prompts") diffPromptArguments(a[key], b[key], p, owner, out);
    else if (key === "mimeType") out.push({ kind: "change", path: p, message: `${owner}: MIME type ${shown(a[key])} → ${shown(b[key])}.` });
    else if (TEXT_FIELDS.has(key)) out.push({ kind: "cosmetic", path: p, message: `${owner}: ${key} changed.` });
    else out.push({ kind: "change", path: p, message: `${owner}: ${key} ${shown(a[key])} → ${shown(b[key])}.` });
  }
}

function diffList(list: SurfaceList, a: readonly JsonRecord[], b: readonly JsonRecord[], out: SurfaceChange[]) {
  const key = SURFACE_KEY[list];
  const byKey = (items: readonly JsonRecord[]) => new Map(items.map((i) => [String(i[key]), i]));
  const x = byKey(a);
  const y = byKey(b);
  for (const [id, before] of x) {
    const path = item(at("$", list), id);
    const after = y.get(id);
    if (after) diffItem(list, before, after, path, out);
    // A resource is data (a file, a row) that comes and goes with what the server holds; a template is its API.
    else if (list === "resources")
      out.push({
        kind: "change",
        path,
        message: `${SURFACE_NOUN[list]} \`${id}\` was removed (resources are data: the list changes with it).`,
      });
    else out.push({ kind: "breaking", path, message: `${SURFACE_NOUN[list]} \`${id}\` was removed.` });
  }
  for (const id of y.keys()) {
    if (!x.has(id)) out.push({ kind: "addition", path: item(at("$", list), id), message: `${SURFACE_NOUN[list]} \`${id}\` was added.` });
  }
}

function serverName(s: SurfaceSnapshot): string {
  return s.server ? `${s.server.name} ${s.server.version}`.trim() : "(no server info)";
}

function diffServer(a: SurfaceSnapshot, b: SurfaceSnapshot, out: SurfaceChange[]) {
  if (!sameJson(a.server, b.server))
    out.push({ kind: "cosmetic", path: "$.server", message: `Server ${serverName(a)} → ${serverName(b)}.` });
  if (a.protocolVersion !== b.protocolVersion)
    out.push({
      kind: "change",
      path: "$.protocolVersion",
      message: `Protocol revision ${shown(a.protocolVersion)} → ${shown(b.protocolVersion)}.`,
    });
  for (const cap of new Set([...Object.keys(a.capabilities), ...Object.keys(b.capabilities)])) {
    const p = at("$.capabilities", cap);
    if (sameJson(a.capabilities[cap], b.capabilities[cap])) continue;
    if (!(cap in b.capabilities))
      out.push({ kind: "breaking", path: p, message: `The server no longer announces the \`${cap}\` capability.` });
    else if (!(cap in a.capabilities))
      out.push({ kind: "addition", path: p, message: `The server now announces the \`${cap}\` capability.` });
    else
      out.push({
        kind: "change",
        path: p,
        message: `Capability \`${cap}\` ${shown(a.capabilities[cap])} → ${shown(b.capabilities[cap])}.`,
      });
  }
}

function incompleteNote(s: SurfaceSnapshot, list: SurfaceList): string | undefined {
  return s.notes.find((n) => n.startsWith(`${list}/list failed`) || n.startsWith(`${list}:`));
}

/** What changed from `before` to `after`, breaking first. */
export function diffSurfaces(before: SurfaceSnapshot, after: SurfaceSnapshot): SurfaceDiff {
  const out: SurfaceChange[] = [];
  diffServer(before, after, out);
  for (const list of SURFACE_LISTS) {
    // A list read in part (a failed page, a cut) would read as every missing item removed: not compared.
    const cut = [
      ["first", incompleteNote(before, list)],
      ["second", incompleteNote(after, list)],
    ].flatMap(([side, note]) => (note ? [`the ${side} snapshot did not read ${list} whole (${note})`] : []));
    if (cut.length) {
      const said = cut.join(" and ");
      out.push({ kind: "change", path: at("$", list), message: `${said[0]?.toUpperCase()}${said.slice(1)}: not compared.` });
    } else diffList(list, before[list], after[list], out);
  }
  const changes = orderChanges(out);
  const counts: Record<ChangeKind, number> = { breaking: 0, addition: 0, change: 0, cosmetic: 0 };
  for (const c of changes) counts[c.kind]++;
  return { changes, counts, breaking: counts.breaking > 0 };
}

/** A diff in plain text, one change a line, grouped by kind (the CLI prints it). */
export function diffText(diff: SurfaceDiff): string {
  if (!diff.changes.length) return "No changes.\n";
  const title: Record<ChangeKind, string> = { breaking: "Breaking", addition: "Added", change: "Changed", cosmetic: "Cosmetic" };
  const lines: string[] = [];
  for (const kind of CHANGE_KINDS) {
    const mine = diff.changes.filter((c) => c.kind === kind);
    if (!mine.length) continue;
    lines.push(`${title[kind]} (${mine.length}):`);
    for (const c of mine) lines.push(`  ${c.message}`, `      at ${c.path}`);
  }
  return `${lines.join("\n")}\n`;
}
