import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { EntriesRead } from "@/lib/contracts/entries";
import { a2aTaskEntriesQuery } from "@/lib/queries/a2a";
import { entryOf } from "@/tests/support/entries";

/**
 * A task's entries are read by their seqs in reads of up to ENTRIES_PER_READ (GET /api/entries?seqs=…),
 * not one request each: a 1,500-chunk task took 1,506 requests and its timeline 27 s to show after a reload.
 */
afterEach(() => vi.unstubAllGlobals());

/** A server with entries 1..n (seq `gone` removed); each read returns at most `perRead` of them, the rest as `rest`. */
function stubServer(n: number, { perRead = Infinity, gone = -1 } = {}) {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    asked.push(url);
    const seqs = (new URL(url, "http://loupe").searchParams.get("seqs") ?? "").split(",").map(Number);
    const found = seqs.filter((s) => s >= 1 && s <= n && s !== gone);
    const read: EntriesRead = {
      entries: found.slice(0, perRead).map((seq) => entryOf("a2a", "a2a_frame", { n: seq }, { seq })),
      rest: found.slice(perRead),
    };
    return new Response(JSON.stringify(read), { status: 200 });
  });
  return asked;
}

const run = async (seqs: number[], client = new QueryClient()) => {
  const options = a2aTaskEntriesQuery("demo-a2a", "t-1", seqs);
  return client.fetchQuery(options);
};

describe("a2aTaskEntriesQuery", () => {
  it("reads a 1,506-entry task in 8 requests, every entry once, ascending", async () => {
    const asked = stubServer(1506);
    const entries = await run(Array.from({ length: 1506 }, (_, i) => i + 1));
    expect(asked).toHaveLength(8);
    expect(asked.every((u) => u.startsWith("/api/entries?seqs="))).toBe(true);
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 1506 }, (_, i) => i + 1));
  });

  it("asks again for what a read's byte bound left, and skips an entry retention removed", async () => {
    const asked = stubServer(10, { perRead: 3, gone: 5 });
    const entries = await run(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10]);
    expect(asked).toHaveLength(3);
  });
});
