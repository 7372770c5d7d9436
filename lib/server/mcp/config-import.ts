import "server-only";
import { homedir } from "node:os";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { ConnectionInput } from "@/lib/contracts/connections";
import type { ExportShape, ImportPreview, ImportPreviewEntry, ImportResult } from "@/lib/contracts/mcp-config";
import { AppError } from "@/lib/errors";
import { findSameLaunch, launchKey, readMcpConfig, writeMcpConfig } from "@/lib/mcp-config";
import type { ExportMask } from "@/lib/mcp-config/write";
import { savedSecrets, savedUrlSecrets } from "@/lib/server/bundles/secrets";
import type { Registry } from "@/lib/server/mcp/registry";
import { maskConfig } from "@/lib/server/secrets";

/**
 * Import and export of MCP client config files (issue 22), over the pure reader and writer of
 * lib/mcp-config/. Pasted text has no folder: `${workspaceFolder}` stays unresolved (reported);
 * `${env:VAR}` and Claude Code's `${VAR}` read Loupe's own environment.
 */

/** The text's entries, each with the saved server it duplicates; a text that does not parse is the client's 400. */
function read(text: string, registry: Registry): ImportPreview {
  const report = readMcpConfig(text, { env: process.env, home: homedir() });
  if (!report.ok) throw new AppError("bad_request:config", report.error);
  const saved = registry.list();
  const entries = report.entries.map((entry): ImportPreviewEntry => {
    const same = entry.input ? findSameLaunch(entry.input, saved) : undefined;
    return { ...entry, duplicateOf: same ? { id: same.id, name: same.name } : null };
  });
  return { shape: report.shape, entries };
}

/** What the text holds, per entry, and which entries are already saved; adds nothing. Env and header values masked. */
export function previewImport(text: string, registry: Registry): ImportPreview {
  const { shape, entries } = read(text, registry);
  return { shape, entries: entries.map((e) => ({ ...e, input: e.input ? maskConfig(e.input) : null })) };
}

/** Adds the picked entries that are usable and not saved yet, and connects them; says why each other one was skipped. */
export async function importConfig(text: string, names: string[], registry: Registry): Promise<ImportResult> {
  const { entries } = read(text, registry);
  const skipped: ImportResult["skipped"] = [];
  const toAdd: ConnectionInput[] = [];
  const keys = new Set<string>();
  for (const name of new Set(names)) {
    const entry = entries.find((e) => e.name === name);
    if (!entry) skipped.push({ name, reason: "not in the file" });
    else if (!entry.input) skipped.push({ name, reason: entry.problems.join("; ") });
    else if (entry.duplicateOf) skipped.push({ name, reason: `already added as "${entry.duplicateOf.name}"` });
    else if (keys.has(launchKey(entry.input))) skipped.push({ name, reason: "the same server as another entry picked" });
    else {
      keys.add(launchKey(entry.input));
      toAdd.push(entry.input);
    }
  }
  // Saved in order, connected together: a slow server does not hold the others back.
  const created = await Promise.all(toAdd.map((input) => registry.create(input)));
  return { added: created.map((c) => ({ id: c.id, name: c.name })), skipped };
}

/** A value whose name or shape says it is a secret (the bundles' rule: lib/server/bundles/secrets.ts) becomes the mask. */
const MASK: ExportMask = {
  value: (name, value) => (savedSecrets({ [name]: value }).length ? SECRET_MASK : value),
  url: (url) => savedUrlSecrets(url).reduce((out, secret) => out.split(secret).join(SECRET_MASK), url),
};

/** The user's saved servers (not the built-in demo's, recreated each launch) in a client's shape; secrets masked unless asked. */
export function exportConfig(shape: ExportShape, withSecrets: boolean, registry: Registry): Record<string, unknown> {
  const servers = registry.table.list().filter((c) => !c.builtin);
  return writeMcpConfig(servers, shape, withSecrets ? undefined : MASK);
}
