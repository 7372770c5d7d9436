import type { z } from "zod";
import type { Entry, EntryProtocol } from "@/lib/contracts/entries";
import { a2aEntryKinds } from "@/lib/contracts/entry-kinds/a2a";
import { adkEntryKinds } from "@/lib/contracts/entry-kinds/adk";
import { aguiEntryKinds } from "@/lib/contracts/entry-kinds/agui";
import { langgraphEntryKinds } from "@/lib/contracts/entry-kinds/langgraph";
import { loupeEntryKinds } from "@/lib/contracts/entry-kinds/loupe";
import { mcpEntryKinds } from "@/lib/contracts/entry-kinds/mcp";
import { playgroundEntryKinds } from "@/lib/contracts/entry-kinds/playground";

/**
 * The entry contract: every entry kind, the protocol it belongs to and the zod schema of its
 * `raw`. The server records through it (`Hub.record` only takes a payload of the kind's type) and
 * the browser reads through it (`parseEntry`). A new kind is added to its protocol's file here;
 * the stream reducer's handler table then fails to compile until it says what to do with it.
 */
export const ENTRY_KINDS_BY_PROTOCOL = {
  mcp: mcpEntryKinds,
  adk: adkEntryKinds,
  loupe: loupeEntryKinds,
  playground: playgroundEntryKinds,
  a2a: a2aEntryKinds,
  agui: aguiEntryKinds,
  langgraph: langgraphEntryKinds,
} as const satisfies Record<EntryProtocol, Record<string, z.ZodType>>;

type ByProtocol = typeof ENTRY_KINDS_BY_PROTOCOL;
type KindsOf<P extends EntryProtocol> = keyof ByProtocol[P] & string;

/** Kind names are unique across protocols (so entries are keyed by kind alone): a clash fails here. */
type KindClash = { [P in EntryProtocol]: KindsOf<P> & KindsOf<Exclude<EntryProtocol, P>> }[EntryProtocol];
const kindNamesAreUnique: [KindClash] extends [never] ? true : KindClash = true;
void kindNamesAreUnique;

export const ENTRY_KINDS = {
  ...mcpEntryKinds,
  ...adkEntryKinds,
  ...loupeEntryKinds,
  ...playgroundEntryKinds,
  ...a2aEntryKinds,
  ...aguiEntryKinds,
  ...langgraphEntryKinds,
};

export type EntryKind = keyof typeof ENTRY_KINDS;
/** What `raw` holds for an entry of kind K. */
export type EntryPayload<K extends EntryKind> = z.infer<(typeof ENTRY_KINDS)[K]>;
type KindProtocols = { [K in EntryKind]: { [P in EntryProtocol]: K extends KindsOf<P> ? P : never }[EntryProtocol] };
/** The protocol an entry of kind K is recorded under (a lookup, so it resolves for a generic K too). */
export type ProtocolOfKind<K extends EntryKind> = KindProtocols[K];

/** Which protocol each kind belongs to. */
export const ENTRY_KIND_PROTOCOL = Object.fromEntries(
  Object.entries(ENTRY_KINDS_BY_PROTOCOL).flatMap(([protocol, kinds]) => Object.keys(kinds).map((kind) => [kind, protocol])),
) as Record<EntryKind, EntryProtocol>;

export function isEntryKind(kind: string): kind is EntryKind {
  return Object.hasOwn(ENTRY_KINDS, kind);
}

/** The schema of a kind's raw, as the common zod type (to parse a raw not yet known to fit). */
export function kindSchema(kind: EntryKind): z.ZodType {
  return ENTRY_KINDS[kind];
}

/** Why an entry of `kind` cannot be recorded under `protocol`; null when that is its protocol. */
export function kindProtocolMismatch(kind: EntryKind, protocol: unknown): string | null {
  const own = ENTRY_KIND_PROTOCOL[kind];
  return protocol === own ? null : `Entry kind "${kind}" belongs to protocol "${own}", not "${String(protocol)}"`;
}

/** An entry as recorded: kind, protocol and payload agree (Hub.record takes these). */
export type TypedNewEntry<K extends EntryKind> = Omit<Entry, "seq" | "rawBytes" | "truncated" | "kind" | "raw" | "protocol"> & {
  protocol: ProtocolOfKind<K>;
  kind: K;
  raw: EntryPayload<K>;
};

/** An entry read through its kind's schema. */
export type KnownEntry = { [K in EntryKind]: { ok: true; kind: K; raw: EntryPayload<K>; entry: Entry } }[EntryKind];
/** An entry whose kind is unknown or whose raw does not fit: shown raw, never dropped. */
export interface UnreadEntry {
  ok: false;
  kind: string;
  entry: Entry;
  error: string;
}
export type ParsedEntry = KnownEntry | UnreadEntry;

/**
 * Reads an entry through its kind's schema. Never throws: an unknown kind (a newer server, an
 * older store), a kind under the wrong protocol, or a raw that does not fit comes back as
 * `{ ok: false, error }` with the entry as recorded, for the views to show raw.
 */
export function parseEntry(entry: Entry): ParsedEntry {
  const kind = entry.kind;
  if (!isEntryKind(kind)) return { ok: false, kind, entry, error: `Unknown entry kind "${kind}"` };
  const mismatch = kindProtocolMismatch(kind, entry.protocol);
  if (mismatch) return { ok: false, kind, entry, error: mismatch };
  const parsed = kindSchema(kind).safeParse(entry.raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join(".")}` : "";
    return { ok: false, kind, entry, error: `A "${kind}" entry that does not fit its shape: ${issue?.message ?? "invalid"}${where}` };
  }
  // The raw as recorded (a parse would strip fields the schema does not name). The schema checked
  // it against kind's own schema; the union just cannot see that.
  return { ok: true, kind, raw: entry.raw, entry } as KnownEntry;
}

/** The raw of an entry of this kind, read through its schema; null for another kind or a raw that does not fit. */
export function entryPayload<K extends EntryKind>(entry: Entry, kind: K): EntryPayload<K> | null {
  if (entry.kind !== kind) return null;
  const parsed = parseEntry(entry);
  return parsed.ok ? (parsed.raw as EntryPayload<K>) : null;
}
