import { afterEach, describe, expect, it } from "vitest";
import { ENTRY_ORDER_LOCK } from "@/lib/server/sql/pg-engine";
import { PgSync } from "@/lib/server/sql/pg-sync";
import type { Store } from "@/lib/server/store";
import { messageToRecord } from "@/tests/support/entries";
import { storeBackends, type StoreBackend } from "@/tests/support/store-backends";

/**
 * On a shared store (issue 25) an instance's open group commit holds the lock that orders every
 * instance's entries (PgEngine.ordered) and the rows it wrote; the others' writes wait for them with
 * their event loop stopped. It is committed when the task that wrote ends, not on a timer that a
 * busy event loop reaches seconds later: 200 tapped answers at once on 2 cores had two instances
 * hold each other still in turn (12 s), their leases lapse and a statement wait past 30 s.
 */
const postgres = storeBackends().find((backend) => backend.name === "PostgreSQL");

/** The PostgreSQL backend (the suite runs only with it). */
function pg(): StoreBackend {
  if (!postgres) throw new Error("PostgreSQL is not installed");
  return postgres;
}
const opened: { store?: Store; other?: PgSync } = {};

afterEach(() => {
  opened.other?.close();
  opened.store?.close();
});

/** Blocks this thread, as a busy event loop does, for `ms`. */
const busy = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

describe.runIf(postgres)("a shared store's group commit", () => {
  it("lets go of the entry order lock and commits when the writing task ends, however long the next one runs", async () => {
    const store = (opened.store = pg().open());
    const other = (opened.other = new PgSync(store.file, "another-instance"));
    store.insertEntry(messageToRecord({}));
    // Within the task: the batch is open (one commit for what the task writes), the lock held.
    expect(other.query("SELECT pg_try_advisory_xact_lock($1) AS free", [ENTRY_ORDER_LOCK]).rows).toEqual([{ free: false }]);
    await Promise.resolve();
    busy(200);
    expect(other.query("SELECT pg_try_advisory_xact_lock($1) AS free", [ENTRY_ORDER_LOCK]).rows).toEqual([{ free: true }]);
    expect(other.query("SELECT COUNT(*) AS n FROM entries").rows).toEqual([{ n: 1 }]);
  });
});
