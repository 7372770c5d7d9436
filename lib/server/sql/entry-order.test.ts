import { describe, expect, it } from "vitest";
import { PgSync } from "@/lib/server/sql/pg-sync";
import { Store } from "@/lib/server/store";
import { storeBackends } from "@/tests/support/store-backends";
import { writeEntriesFrom } from "@/tests/support/entry-writer";

/**
 * Seq order is commit order on a shared PostgreSQL store (issue 25): two Loupe processes record
 * entries at once, each in its 5 ms group commits, and a reader that follows the table by seq
 * (what another instance's hub does: every seq after the last one it saw) sees every row exactly
 * once, in order. With a bare identity column, A could take seq 10, B take 11 and commit first: the
 * follower would pass 11 and never see 10.
 */

const postgres = storeBackends().find((backend) => backend.name === "PostgreSQL");

describe.runIf(postgres)("entries written by two processes on one PostgreSQL", () => {
  it("are seen by a follower by seq exactly once, in order, none skipped", async () => {
    const place = postgres!.place();
    const url = place.url!;
    // The schema first, so both writers start writing at once.
    new Store(place.dir, { databaseUrl: url }).close();
    const reader = new PgSync(url, "follower");
    const a = writeEntriesFrom(url, place.dir, 1500, "A");
    const b = writeEntriesFrom(url, place.dir, 1500, "B");
    let finished = false;
    void Promise.all([a.done, b.done]).finally(() => (finished = true));
    const seen: number[] = [];
    let cursor = 0;
    try {
      for (;;) {
        const last = finished;
        for (;;) {
          const rows = reader.query("SELECT seq FROM entries WHERE seq > $1 ORDER BY seq LIMIT 500", [cursor]).rows;
          for (const row of rows) seen.push(Number(row.seq));
          if (rows.length > 0) cursor = seen[seen.length - 1]!;
          if (rows.length < 500) break;
        }
        if (last) break;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      await Promise.all([a.done, b.done]);
      const all = reader.query("SELECT seq FROM entries ORDER BY seq").rows.map((row) => Number(row.seq));
      expect(all).toHaveLength(3000);
      const missed = all.filter((seq) => !seen.includes(seq));
      expect({ missed: missed.length, seen: seen.length }).toEqual({ missed: 0, seen: 3000 });
      expect(seen).toEqual(all);
    } finally {
      reader.close();
    }
  }, 120_000);
});
