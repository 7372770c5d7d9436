import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * A synchronous PostgreSQL connection, for a store whose readers and writers are synchronous (every
 * store of Loupe's, written over better-sqlite3). The driver is node-postgres (`pg`), run in a worker
 * thread with one connection; the calling thread posts a statement and sleeps on a shared flag
 * (`Atomics.wait`) until the worker has the answer, then takes it with `receiveMessageOnPort`. The
 * event loop is held for one round trip per statement, as better-sqlite3 holds it for SQLite's I/O;
 * statements are therefore serial, and a transaction is simply the statements between BEGIN and
 * COMMIT on that one connection.
 */

/** What the worker answers for one statement. */
export interface PgAnswer {
  rows: Record<string, unknown>[];
  rowCount: number;
}

interface Reply {
  /** The statement it answers (PgSync.ask's number). */
  id?: number;
  ok: boolean;
  rows?: Record<string, unknown>[];
  rowCount?: number;
  error?: { message: string; code?: string; detail?: string };
}

/** A statement PgSync.repeatWhileAlive runs on the worker's own connection. */
export interface RepeatPlan {
  sql: string;
  params: readonly unknown[];
  everyMs: number;
  aliveMs: number;
  nowPlus: number;
}

/** A statement PostgreSQL refused, with its SQLSTATE (`23505` unique violation, …). */
export class PgError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly sql: string,
  ) {
    super(message);
    this.name = "PgError";
  }
}

/** How long one statement may take before the caller is told the database does not answer. */
export const STATEMENT_WAIT_MS = 30_000;

// The worker's own code: a CommonJS script (eval), so it needs no file of its own in the build.
const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const pg = require(workerData.pgPath);
// 64-bit integers and NUMERIC come back as numbers, as SQLite gives them (Loupe's are within 2^53).
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
const { port, flag, url } = workerData;
const flags = new Int32Array(flag);
function reply(message) {
  port.postMessage(message);
  Atomics.store(flags, 0, 1);
  Atomics.notify(flags, 0);
}
// One connection at a time. One that broke (the server restarted, a failover, an administrator
// ended it) is replaced at the next statement; a transaction open on it is gone with it.
let client = null;
let ready = null;
let broken = true;
let connections = 0;
let orphaned = false;
function connect() {
  const next = new pg.Client({ connectionString: url, application_name: workerData.name, connectionTimeoutMillis: 10000 });
  next.on("error", () => { if (client === next) broken = true; });
  next.on("end", () => { if (client === next) broken = true; });
  const old = client;
  client = next;
  broken = false;
  connections++;
  if (old) old.end().catch(() => {});
  ready = next.connect().then(
    () => null,
    (error) => { broken = true; return error; },
  );
}
const TX_CONTROL = /^\s*(BEGIN|ROLLBACK)\s*$/i;
// SQLSTATE class 08 (connection exception) and 57P01–57P03 (the server ending or refusing it), or the
// driver's own words for a connection gone under a query.
function lostConnection(error) {
  const code = typeof error.code === "string" ? error.code : "";
  return code.startsWith("08") || /^57P0[123]$/.test(code) || /Connection terminated|not queryable/i.test(String(error.message));
}
// The caller's thread is alive while a statement of its is running or one came within aliveMs (repeat).
let running = 0;
let lastJob = Date.now();
let repeating = null;
// Until when the caller's thread counts as alive: now while a statement of its runs, else aliveMs after its last.
function aliveUntil(plan) {
  return running > 0 ? Date.now() : lastJob + plan.aliveMs;
}
function repeat(plan) {
  if (repeating) {
    clearInterval(repeating.timer);
    repeating.client.end().catch(() => {});
    repeating = null;
  }
  if (!plan) return;
  let own = null;
  let connected = null;
  let ownBroken = true;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy || Date.now() > aliveUntil(plan)) return;
    busy = true;
    try {
      // Its own connection, connected again once it broke (as the statements' one is).
      if (ownBroken) {
        if (own) own.end().catch(() => {});
        const next = new pg.Client({ connectionString: url, application_name: workerData.name + " (repeat)", connectionTimeoutMillis: 10000 });
        next.on("error", () => { if (own === next) ownBroken = true; });
        next.on("end", () => { if (own === next) ownBroken = true; });
        own = next;
        ownBroken = false;
        connected = next.connect().then(() => true, () => { ownBroken = true; return false; });
      }
      // Judged again once connected, and bounded: what it writes is never past nowPlus after the
      // thread's last sign of life, however late this runs (a new connection can take seconds, and
      // this thread can be descheduled, on a loaded machine), or a hung thread's leases would outlive it.
      if (await connected) {
        const now = Date.now();
        const until = aliveUntil(plan);
        if (now <= until) await own.query({ text: plan.sql, values: [...plan.params, Math.min(now, until) + plan.nowPlus] });
      }
    } catch {
      // the next round tries again; the caller's own statements say what is wrong with the database
    } finally {
      busy = false;
    }
  }, plan.everyMs);
  repeating = { client: { end: () => (own ? own.end() : Promise.resolve()) }, timer };
}
port.on("message", async (job) => {
  const id = job.id;
  lastJob = Date.now();
  if ("repeat" in job) {
    repeat(job.repeat);
    return reply({ id, ok: true, rows: [], rowCount: 0 });
  }
  running++;
  try {
    await answer(job, id);
  } finally {
    running--;
    lastJob = Date.now();
  }
});
async function answer(job, id) {
  if (job.close) {
    repeat(null);
    if (client && !broken) await Promise.race([client.end().catch(() => {}), new Promise((r) => setTimeout(r, 1000))]);
    return reply({ id, ok: true, rows: [], rowCount: 0 });
  }
  if (broken) {
    if (connections > 0 && job.inTransaction) orphaned = true;
    connect();
  }
  const failed = await ready;
  if (failed) return reply({ id, ok: false, error: { message: "cannot connect to PostgreSQL: " + failed.message, code: failed.code } });
  // The transaction these statements belong to was on the connection that broke: nothing of it is
  // left, and they must not run outside it on this one. Until the caller ends it (ROLLBACK) or starts another.
  if (TX_CONTROL.test(job.sql) || !job.inTransaction) orphaned = false;
  else if (orphaned) {
    return reply({ id, ok: false, error: { message: "the connection to PostgreSQL broke inside a transaction, which it took with it (reconnected)", code: "08006" } });
  }
  try {
    const result = await client.query({ text: job.sql, values: job.params });
    const last = Array.isArray(result) ? result[result.length - 1] : result;
    reply({ id, ok: true, rows: last.rows ?? [], rowCount: last.rowCount ?? 0 });
  } catch (error) {
    // The connection itself went (ended by the server, its socket closed): the next statement gets a
    // new one at once, not this one again before its "end" event arrives (two statements failed so).
    if (lostConnection(error)) broken = true;
    reply({ id, ok: false, error: { message: error.message, code: error.code, detail: error.detail } });
  }
}
`;

export class PgSync {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly flags: Int32Array;
  private closed = false;
  /** The number of the last statement asked: each answer names its statement's (see ask). */
  private asked = 0;

  constructor(
    url: string,
    name = "loupe",
    /** How long one statement may take (tests shorten it). */
    private readonly waitMs = STATEMENT_WAIT_MS,
  ) {
    const { port1, port2 } = new MessageChannel();
    const flag = new SharedArrayBuffer(4);
    this.flags = new Int32Array(flag);
    this.port = port1;
    // From Loupe's own folder (the repository, or the npm package's app/), not from where it was started.
    const pgPath = createRequire(path.join(process.env.LOUPE_ROOT ?? process.cwd(), "package.json")).resolve("pg");
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // Not the parent's loaders (tsx's --import): the worker only runs node-postgres, and a loader
      // that wanted an answer from this thread would wait on it while it sleeps in Atomics.wait.
      execArgv: [],
      workerData: { port: port2, flag, url, name, pgPath },
      transferList: [port2],
    });
    // The worker does not keep the process alive: a store left open must not hold Loupe at exit.
    this.worker.unref();
  }

  /**
   * Runs one statement (`$1` placeholders) and waits for its rows. `inTransaction`: it belongs to a
   * transaction begun earlier; if the connection broke since, it fails (code 08006) instead of running
   * outside the transaction on the new connection.
   */
  query(sql: string, params: readonly unknown[] = [], inTransaction = false): PgAnswer {
    if (this.closed) throw new PgError("the PostgreSQL connection is closed", undefined, sql);
    const reply = this.ask({ sql, params: params.map(toWire), inTransaction }, sql);
    if (!reply.ok) {
      const error = reply.error ?? { message: "unknown error" };
      throw new PgError(error.detail ? `${error.message} (${error.detail})` : error.message, error.code, sql);
    }
    return { rows: reply.rows ?? [], rowCount: reply.rowCount ?? 0 };
  }

  /**
   * Runs `sql` every `everyMs` on a connection of the worker's own, with `params` and then the
   * worker's clock plus `nowPlus` (ms) as the last parameter, for as long as this thread is alive: a
   * statement of its is running or one came within `aliveMs`. The worker's event loop is not this
   * thread's, so a busy event loop here, whose timers come late, does not hold it back; a thread
   * that stopped asking anything (hung) stops it. Replaces what an earlier call set; null: none.
   */
  repeatWhileAlive(plan: RepeatPlan | null): void {
    if (this.closed) return;
    this.ask({ repeat: plan }, "repeat");
  }

  close(): void {
    if (this.closed) return;
    try {
      this.ask({ close: true }, "close");
    } finally {
      this.closed = true;
      void this.worker.terminate();
    }
  }

  /**
   * Posts `job` and sleeps until the worker's answer to it. An answer to an earlier statement that
   * timed out here (its caller was told so) arrives late, before this one's: it is dropped, never
   * taken as this statement's — handing it on would shift every later answer by one statement
   * (a SELECT reading another SELECT's rows: issue 25's '"undefined" is not valid JSON').
   */
  private ask(job: object, sql: string): Reply {
    const id = ++this.asked;
    const deadline = performance.now() + this.waitMs;
    Atomics.store(this.flags, 0, 0);
    this.port.postMessage({ ...job, id });
    for (;;) {
      // The flag is cleared before the port is read: an answer posted after the read sets it again.
      Atomics.store(this.flags, 0, 0);
      for (let message = receiveMessageOnPort(this.port); message; message = receiveMessageOnPort(this.port)) {
        if (!isReply(message.message)) return { ok: false, error: { message: "malformed answer from the worker" } };
        if (message.message.id === id) return message.message;
      }
      const left = deadline - performance.now();
      if (left <= 0 || Atomics.wait(this.flags, 0, 0, left) === "timed-out") {
        throw new PgError(`PostgreSQL did not answer within ${this.waitMs / 1000} s`, "57014", sql);
      }
    }
  }
}

function isReply(value: unknown): value is Reply {
  return typeof value === "object" && value !== null && "ok" in value;
}

/** SQLite takes bigints and buffers; node-postgres wants strings for bigints. */
function toWire(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (value === undefined) return null;
  return value;
}
