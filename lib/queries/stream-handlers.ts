import type { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { ENTRY_KIND_PROTOCOL, isEntryKind, parseEntry } from "@/lib/contracts/entry-kinds";
import type { EntryKind } from "@/lib/contracts/entry-kinds";
import type { EntryHandler } from "@/lib/queries/entry-handler";
import { ENTRY_HANDLERS } from "@/lib/queries/protocols";

export type { EntryHandler };
export { ENTRY_HANDLERS };

/**
 * Runs the handler of one entry's kind (ENTRY_HANDLERS, each protocol's in its stream part) with
 * the payload read once through the kind's schema. An unknown kind (another version of Loupe) or
 * a known kind under another protocol is left to the lists, which show it raw.
 */
export function applyEntryHandler(qc: QueryClient, e: Entry): void {
  if (!isEntryKind(e.kind) || e.protocol !== ENTRY_KIND_PROTOCOL[e.kind]) return;
  const handler: EntryHandler<EntryKind> | null = ENTRY_HANDLERS[e.kind];
  if (!handler) return;
  const read = parseEntry(e);
  handler(qc, read.ok ? read.raw : null, e);
}
