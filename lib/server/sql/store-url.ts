/**
 * Which database a store opened on a data folder uses: `LOUPE_DATABASE_URL` (PostgreSQL, issue 25)
 * or, when it is unset, the SQLite file in the folder. The URL holds the database's password, so it
 * is taken out of the environment on first read (server.ts reads it at launch): the processes Loupe
 * starts (stdio MCP servers, ADK api_servers) inherit the environment and must not receive it.
 *
 * A test run may route each folder to a database of its own (`routeStoreDatabases`, used by
 * tests/support/pg-switch.ts when `LOUPE_TEST_DATABASE_URL` is set): every store a test file opens
 * then lives on PostgreSQL, the same folder reopening the same database.
 */
const URL_KEY = Symbol.for("loupe.databaseUrl");
const ROUTE_KEY = Symbol.for("loupe.databaseRoute");

/** LOUPE_DATABASE_URL, read once and removed from the environment; undefined for the local SQLite store. */
export function configuredDatabaseUrl(): string | undefined {
  if (!Reflect.has(globalThis, URL_KEY)) {
    Reflect.set(globalThis, URL_KEY, process.env.LOUPE_DATABASE_URL?.trim() || null);
    delete process.env.LOUPE_DATABASE_URL;
  }
  const url: unknown = Reflect.get(globalThis, URL_KEY);
  return typeof url === "string" ? url : undefined;
}

/** The database for a store on `dir`: a test run's route, else LOUPE_DATABASE_URL, else none (SQLite). */
export function storeDatabaseUrl(dir: string): string | undefined {
  const route: unknown = Reflect.get(globalThis, ROUTE_KEY);
  return typeof route === "function" ? String(route(dir)) : configuredDatabaseUrl();
}

/** Sends every store opened by `openStore` to the database `route` names for its folder (tests only). */
export function routeStoreDatabases(route: ((dir: string) => string) | null): void {
  if (route) Reflect.set(globalThis, ROUTE_KEY, route);
  else Reflect.deleteProperty(globalThis, ROUTE_KEY);
}

/** The password in a database URL, if it has one (a secret bundles mask: bundles/known-secrets.ts). */
export function databasePassword(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}

/** The database's address for logs and figures: no password, whatever form the URL takes. */
export function pgAddress(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = "";
    return parsed.toString();
  } catch {
    return "postgres (unparsable address)";
  }
}
