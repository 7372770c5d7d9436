/**
 * One recorded message (DESIGN.md "The timeline model"). The store keeps `raw` exactly as it
 * arrived; `items` are derived from it by the pure normalizers in lib/protocols/.
 */
import type { ENTRY_PROTOCOLS } from "@/lib/contracts/protocols";

export type Direction = "out" | "in" | "local";
/** Who recorded an entry (lib/contracts/protocols.ts lists them). */
export type EntryProtocol = (typeof ENTRY_PROTOCOLS)[number];

/**
 * `kind` names what `raw` holds. Every kind, the protocol it belongs to and the zod schema of its
 * raw are in lib/contracts/entry-kinds/ (one file per protocol; ENTRY_KINDS, EntryKind,
 * EntryPayload<K>): Hub.record only takes a payload of its kind's type, and readers go through
 * parseEntry, which reports an unknown kind or a raw that does not fit instead of throwing.
 * docs/ARCHITECTURE.md ("Entry kinds") lists them with who records each.
 */
export interface Entry {
  seq: number;
  connectionId: string;
  sessionKey: string | null;
  receivedAt: number;
  sourceTime: number | null;
  direction: Direction;
  protocol: EntryProtocol;
  kind: string;
  raw: unknown;
  /** Size of the raw JSON in bytes. */
  rawBytes: number;
  /** True when `raw` was cut for transport; GET /api/entries/:seq returns it whole. */
  truncated?: boolean;
  /**
   * Set on the live stream only (GET /api/stream; never stored): the entry records a human request
   * of a test replay's scope (lib/server/inbox/replay-frames.ts). Its request is the scripted
   * human's: GET /api/inbox leaves it out, and so does an inbox already open in a page.
   */
  replay?: true;
}

/** Over this many bytes, an entry's raw is replaced by a preview in lists and on the stream. */
export const ENTRY_PREVIEW_BYTES = 64 * 1024;

/** The most seqs one GET /api/entries?seqs=… names (a URL of about 1.5 KB). */
export const ENTRIES_PER_READ = 200;

/** GET /api/entries?seqs=…: the entries asked for, whole and ascending, and the seqs left for another read (a byte bound). */
export interface EntriesRead {
  entries: Entry[];
  rest: number[];
}
