/**
 * Whether this run's stores are on PostgreSQL (`LOUPE_TEST_DATABASE_URL`, tests/support/pg-switch.ts).
 * A test of what only SQLite has — its query plans, its pages and WAL, its file on a full disk — is
 * skipped then: `it.skipIf(storesOnPostgres)(…)`. The shared suites test what both must do alike.
 */
export const storesOnPostgres = Boolean(process.env.LOUPE_TEST_DATABASE_URL?.trim());
