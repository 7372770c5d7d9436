import { afterAll, describe, expect, it } from "vitest";
import type { EntriesRead } from "@/lib/contracts/entries";
import { ENTRIES_PER_READ } from "@/lib/contracts/entries";
import { getHub } from "@/lib/server/hub";
import { readEntries } from "@/lib/server/entry-reads";
import { messageToRecord } from "@/tests/support/entries";
import { tempDir } from "@/tests/support/servers";
import * as route from "@/app/api/entries/route";

/** GET /api/entries?seqs=…: several entries by seq, whole, with a byte bound (an A2A task's timeline reads its seqs so). */
const data = tempDir("loupe-entries-read-");
process.env.LOUPE_DATA_DIR = data.dir;
afterAll(() => data.cleanup());

const get = async (query: string) => route.GET(new Request(`http://127.0.0.1:3000/api/entries${query}`));
const code = async (res: Response) => ({ status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code });

describe("GET /api/entries?seqs=", () => {
  it("returns the entries asked for, whole and ascending; a seq with no entry is left out", async () => {
    const hub = getHub();
    const big = "x".repeat(100 * 1024);
    const seqs = [
      hub.record(messageToRecord({ n: 1 })).seq,
      hub.record(messageToRecord({ big })).seq,
      hub.record(messageToRecord({ n: 3 })).seq,
    ];
    const res = await get(`?seqs=${seqs[2]},${seqs[0]},999999,${seqs[1]},${seqs[0]}`);
    expect(res.status).toBe(200);
    const read = (await res.json()) as EntriesRead;
    expect(read.rest).toEqual([]);
    expect(read.entries.map((e) => e.seq)).toEqual(seqs);
    // Whole: the 100 KB raw is not the stream's preview.
    expect(read.entries[1]!.raw).toEqual({ big });
    expect(read.entries[1]!.truncated).toBeUndefined();
    expect(read.entries[0]).toEqual(hub.get(seqs[0]!));
  });

  it("stops near its byte bound and lists the seqs it left (always one entry at least)", () => {
    const hub = getHub();
    const big = "y".repeat(300 * 1024);
    const seqs = [1, 2, 3, 4].map(() => hub.record(messageToRecord({ big })).seq);
    const first = readEntries(hub.store, seqs, 700 * 1024);
    expect(first.entries.map((e) => e.seq)).toEqual(seqs.slice(0, 2));
    expect(first.rest).toEqual(seqs.slice(2));
    const tiny = readEntries(hub.store, seqs, 1);
    expect(tiny.entries.map((e) => e.seq)).toEqual(seqs.slice(0, 1));
    expect(tiny.rest).toEqual(seqs.slice(1));
  });

  it("answers a malformed or oversized list with 400 bad_request:query", async () => {
    const tooMany = Array.from({ length: ENTRIES_PER_READ + 1 }, (_, i) => i + 1).join(",");
    for (const q of [
      "",
      "?seqs=",
      "?seqs=abc",
      "?seqs=1,,2",
      "?seqs=0",
      "?seqs=-1",
      "?seqs=1.5",
      `?seqs=${tooMany}`,
      "?seqs=99999999999999999999",
    ])
      expect(await code(await get(q)), q).toEqual({ status: 400, code: "bad_request:query" });
    expect((await get(`?seqs=${Array.from({ length: ENTRIES_PER_READ }, (_, i) => i + 1).join(",")}`)).status).toBe(200);
  });
});
