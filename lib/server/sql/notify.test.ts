import { describe, expect, it } from "vitest";
import { storeBackends } from "@/tests/support/store-backends";

/**
 * Notifications between two Stores on one database (issue 25: entries fanned out to other
 * instances): PostgreSQL's LISTEN/NOTIFY over two connections, and SQLite's in-process bus.
 */

const backends = storeBackends();

/** The next `count` payloads `listen` hears, or what it heard when `ms` ran out. */
function heard(count: number, ms: number, into: string[]): Promise<string[]> {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => (into.length >= count || Date.now() - started > ms ? resolve([...into]) : setTimeout(check, 10));
    check();
  });
}

describe.each(backends)("notifications on $name", (backend) => {
  it("reach a listener on another Store of the same database, in order, one sent inside a transaction too", async () => {
    const a = backend.open();
    const b = backend.open(true);
    try {
      const got: string[] = [];
      const stop = await a.engine.listen("loupe_entries", (payload) => got.push(payload));
      b.engine.notify("loupe_entries", "1");
      b.engine.notify("loupe_entries", "2");
      b.db.transaction(() => b.engine.notify("loupe_entries", "3"))();
      expect(await heard(3, 5000, got)).toEqual(["1", "2", "3"]);

      // Another channel is not heard; after stop, nothing more is.
      b.engine.notify("loupe_other", "x");
      stop();
      b.engine.notify("loupe_entries", "4");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(got).toEqual(["1", "2", "3"]);
    } finally {
      a.close();
      b.close();
    }
  });

  it("refuses a channel name or payload both databases would not take as they are", () => {
    const store = backend.open();
    try {
      expect(() => store.engine.notify("Bad Name", "")).toThrow(/not a channel name/);
      expect(() => store.engine.notify("loupe_entries", "x".repeat(8000))).toThrow(/at most 7999 bytes/);
    } finally {
      store.close();
    }
  });
});
