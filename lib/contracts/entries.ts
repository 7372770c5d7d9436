import { isRecord, type JsonRecord } from "@/lib/values";

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

/**
 * GET /api/stream sends most entries as `entry` events (the Entry as JSON), and a run of entries
 * that share their own fields and their raw but for its last member (a relay's frames of one
 * stream: one head, each its payload) as one `entries` event: these fields once, then per entry
 * `[seq, receivedAt, rawBytes, value]`, its raw being `{ ...rawBase, [rawKey]: value }`. The
 * event's id is its last entry's seq.
 */
export interface EntriesEvent extends Pick<Entry, "connectionId" | "sessionKey" | "sourceTime" | "direction" | "protocol" | "kind"> {
  rawBase: Record<string, unknown>;
  rawKey: string;
  items: [seq: number, receivedAt: number, rawBytes: number, value: unknown][];
}

/**
 * The entries one event of the page's stream carries (`entry`: one, `entries`: its run, in order);
 * none for any other event, or for data that does not parse as one.
 */
export function streamEventEntries(event: string, data: string): Entry[] {
  if (event !== "entry" && event !== "entries") return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return [];
  }
  if (!isRecord(parsed)) return [];
  if (event === "entry") return isEntry(parsed) ? [parsed] : [];
  if (!isEntriesEvent(parsed)) return [];
  const { rawBase, rawKey, items, connectionId, sessionKey, sourceTime, direction, protocol, kind } = parsed;
  // An item that is not an array with a numeric seq is left out (never thrown at the stream's reader).
  return items.flatMap((item: unknown) => {
    if (!Array.isArray(item)) return [];
    const [seq, receivedAt, rawBytes, value]: unknown[] = item;
    if (typeof seq !== "number" || typeof receivedAt !== "number" || typeof rawBytes !== "number") return [];
    return [
      {
        seq,
        receivedAt,
        rawBytes,
        connectionId,
        sessionKey,
        sourceTime,
        direction,
        protocol,
        kind,
        raw: { ...rawBase, [rawKey]: value },
      },
    ];
  });
}

/** The server's word is taken for the other fields (the stream is Loupe's own). */
function isEntry(value: JsonRecord): value is JsonRecord & Entry {
  return typeof value.seq === "number";
}

function isEntriesEvent(value: JsonRecord): value is JsonRecord & EntriesEvent {
  return Array.isArray(value.items) && typeof value.rawKey === "string" && isRecord(value.rawBase);
}
