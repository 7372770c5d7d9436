import "server-only";
import type { Entry, EntriesRead } from "@/lib/contracts/entries";
import { query } from "@/lib/server/rows";
import type { Store } from "@/lib/server/store";
import { rowToEntry, type EntryRow } from "@/lib/server/store-schema";

/** One read returns whole raws up to about this many bytes (always at least one entry); the rest wait for the next read. */
export const ENTRIES_READ_BYTES = 8 * 1024 * 1024;

const SIZES = "SELECT seq, raw_bytes FROM entries WHERE seq IN (SELECT CAST(value AS INTEGER) FROM json_each(?))";
const ROWS = "SELECT * FROM entries WHERE seq IN (SELECT CAST(value AS INTEGER) FROM json_each(?)) ORDER BY seq";

/**
 * Entries by seq, whole (an A2A task's timeline lists its seqs; fetching each alone took 1,506
 * requests for a 1,500-chunk task). Ascending by seq. Their sizes are read first, so a read of
 * multi-MB raws stops near `capBytes`: the seqs it left are `rest`, to ask again. A seq with no
 * entry (retention removed it, or never recorded) is in neither list.
 */
export function readEntries(store: Store, seqs: readonly number[], capBytes = ENTRIES_READ_BYTES): EntriesRead {
  const wanted = [...new Set(seqs)].sort((a, b) => a - b);
  const sizes = new Map(
    query<{ seq: number; raw_bytes: number }>(store.db, SIZES)
      .all(JSON.stringify(wanted))
      .map((r) => [r.seq, r.raw_bytes]),
  );
  const take: number[] = [];
  const rest: number[] = [];
  let bytes = 0;
  for (const seq of wanted) {
    const size = sizes.get(seq);
    if (size === undefined) continue;
    if (take.length > 0 && bytes + size > capBytes) rest.push(seq);
    else {
      take.push(seq);
      bytes += size;
    }
  }
  const entries: Entry[] = take.length === 0 ? [] : query<EntryRow>(store.db, ROWS).all(JSON.stringify(take)).map(rowToEntry);
  return { entries, rest };
}
