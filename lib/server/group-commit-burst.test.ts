import { describe, expect, it, vi } from "vitest";
import { query } from "@/lib/server/rows";
import type { Store } from "@/lib/server/store";
import { GROUP_COMMIT_MAX_MS, GROUP_COMMIT_MS } from "@/lib/server/group-commit";
import { storeBackends, storePerTest } from "@/tests/support/store-backends";
import { messageToRecord } from "@/tests/support/entries";

/**
 * How long a burst of writes keeps the group commit open, on each database (group-commit.ts): up to
 * GROUP_COMMIT_MAX_MS on SQLite (a relay's stream costs fewer commits); on a shared PostgreSQL store,
 * whose entry transaction holds the lock every instance's entry writes wait on, until its task ends.
 */
const backends = storeBackends();

describe.each(backends)("a burst of entry writes on $name", (backend) => {
  const current = storePerTest(backend);

  it("is committed within the database's own bound while it goes on", async () => {
    const store = current.store;
    if (store.engine.shared) {
      // A shared store commits when the writing task ends (GroupCommit.commitEachTask; store-shared-commit.test.ts).
      store.insertEntry(messageToRecord({ n: 0 }));
      expect(store.db.inTransaction).toBe(true);
      await Promise.resolve();
      expect(store.db.inTransaction).toBe(false);
      return;
    }
    const bound = GROUP_COMMIT_MAX_MS;
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
    try {
      store.insertEntry(messageToRecord({ n: 0 }));
      expect(store.db.inTransaction).toBe(true);
      // A write every half millisecond that never stops: committed once the bound is reached.
      let elapsed = 0;
      while (elapsed < 4 * GROUP_COMMIT_MAX_MS && store.db.inTransaction) {
        vi.advanceTimersByTime(0.5);
        elapsed += 0.5;
        if (store.db.inTransaction) store.insertEntry(messageToRecord({ n: elapsed }));
      }
      expect(store.db.inTransaction).toBe(false);
      expect(elapsed).toBeGreaterThanOrEqual(bound - GROUP_COMMIT_MS);
      expect(elapsed).toBeLessThanOrEqual(bound + GROUP_COMMIT_MS);
    } finally {
      vi.useRealTimers();
    }
  });

  it("loses none of its entries when another statement fails while it is open, and the next statement runs", () => {
    const store = current.store;
    const count = (s: Store) => Number(query<{ n: number }>(s, "SELECT COUNT(*) AS n FROM entries").get()?.n);
    for (let n = 0; n < 3; n++) store.insertEntry(messageToRecord({ n }));
    expect(store.db.inTransaction).toBe(true);
    // Fails on both (SQLite when preparing it, PostgreSQL when running it, which aborts the open
    // transaction: every later statement was refused, and the COMMIT rolled the batch back).
    expect(() => store.db.prepare("SELECT * FROM no_such_table").all()).toThrow(/no_such_table/);
    expect(count(store)).toBe(3);
    store.insertEntry(messageToRecord({ n: 3 }));
    store.flush();
    expect(store.db.inTransaction).toBe(false);
    store.close();
    const again = backend.open(true);
    try {
      expect(count(again)).toBe(4);
    } finally {
      again.close();
    }
  });
});
