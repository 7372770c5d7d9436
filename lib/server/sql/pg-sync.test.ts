import { describe, expect, it } from "vitest";
import { PgError, PgSync } from "@/lib/server/sql/pg-sync";
import { storeBackends, type StoreBackend } from "@/tests/support/store-backends";

/**
 * A statement that outlives its wait (issue 25: two instances under load held each other's entry
 * lock past 30 s) is answered late by the worker. That late answer must never be taken as the next
 * statement's: it was, and every later statement then read the one before's rows — a SELECT of
 * `record` reading a row without it, '"undefined" is not valid JSON' in a 500 and in every round of
 * the lease keeper.
 */
const postgres = storeBackends().find((backend) => backend.name === "PostgreSQL");

/** The PostgreSQL backend (the suite runs only with it). */
function pg(): StoreBackend {
  if (!postgres) throw new Error("PostgreSQL is not installed");
  return postgres;
}

describe.runIf(postgres)("PgSync after a statement that did not answer in time", () => {
  it("says so, and gives each later statement its own answer", () => {
    const conn = new PgSync(String(pg().place().url), "late-answer", 1_000);
    try {
      let error: unknown;
      try {
        conn.query("SELECT pg_sleep(2) AS slept");
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(PgError);
      expect(error).toMatchObject({ code: "57014", message: "PostgreSQL did not answer within 1 s" });
      // The sleep's answer has come by now, before any later statement's.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2_500);
      expect(conn.query("SELECT $1::int AS n", [1]).rows).toEqual([{ n: 1 }]);
      expect(conn.query("SELECT $1::text AS word", ["two"]).rows).toEqual([{ word: "two" }]);
    } finally {
      conn.close();
    }
  });
});
