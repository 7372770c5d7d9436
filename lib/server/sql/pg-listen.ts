import { Worker } from "node:worker_threads";
import { createRequire } from "node:module";
import path from "node:path";
import { checkNotification } from "@/lib/server/sql/notify";

/**
 * PostgreSQL's LISTEN for a store: a connection of its own (node-postgres in a worker thread, as
 * pg-sync.ts runs it, but asynchronous: notifications arrive as messages on this thread's event
 * loop). NOTIFY goes through the store's own connection (PgEngine.notify), so a notification sent
 * inside a transaction is delivered when it commits, as PostgreSQL promises.
 *
 * A connection that drops (the server restarted, the backend was terminated, the network cut) is
 * opened again, after 0.25 s and then up to 5 s between tries, and listens on every channel again;
 * the listeners are then told that notifications may have been missed meanwhile (`onMissed`).
 */

const LISTENER_SOURCE = `
const { workerData, parentPort } = require("node:worker_threads");
const pg = require(workerData.pgPath);
const channels = new Set();
const quoted = (channel) => '"' + channel + '"';
let client = null;
let everConnected = false;
let closing = false;
/** Jobs asked while no connection is up: answered once one is (or failed when a try fails). */
let waiting = [];
function connect(delay) {
  setTimeout(async () => {
    if (closing) return;
    const c = new pg.Client({ connectionString: workerData.url, application_name: workerData.name });
    let lost = false;
    const drop = () => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      c.end().catch(() => {});
      if (!closing && everConnected && client === null) connect(250);
    };
    c.on("notification", (n) => parentPort.postMessage({ channel: n.channel, payload: n.payload ?? "" }));
    c.on("error", drop);
    c.on("end", drop);
    try {
      await c.connect();
      for (const channel of channels) await c.query("LISTEN " + quoted(channel));
    } catch (error) {
      lost = true;
      c.end().catch(() => {});
      const jobs = waiting;
      waiting = [];
      for (const job of jobs) {
        if (job.listen) channels.delete(job.channel);
        parentPort.postMessage({ id: job.id, error: "cannot connect to PostgreSQL: " + error.message });
      }
      if (everConnected) connect(Math.min(5000, Math.max(250, delay * 2)));
      return;
    }
    client = c;
    if (everConnected) parentPort.postMessage({ resumed: true });
    everConnected = true;
    const jobs = waiting;
    waiting = [];
    for (const job of jobs) run(job);
  }, delay);
}
async function run(job) {
  try {
    if (job.close) {
      closing = true;
      if (client) await client.end();
    } else if (client) await client.query((job.listen ? "LISTEN " : "UNLISTEN ") + quoted(job.channel));
    else return void waiting.push(job);
    parentPort.postMessage({ id: job.id });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: error.message });
  }
}
parentPort.on("message", (job) => {
  if (job.listen) channels.add(job.channel);
  else if (job.channel !== undefined) channels.delete(job.channel);
  if (!client && !job.close && !everConnected && waiting.length === 0) connect(0);
  run(job);
});
`;

interface Message {
  id?: number;
  error?: string;
  resumed?: boolean;
  channel?: string;
  payload?: string;
}

function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null;
}

interface Handler {
  onMessage: (payload: string) => void;
  onMissed?: () => void;
}

export class PgListener {
  private readonly worker: Worker;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private next = 0;
  private closed = false;

  constructor(url: string, name = "loupe-listen") {
    const pgPath = createRequire(path.join(process.env.LOUPE_ROOT ?? process.cwd(), "package.json")).resolve("pg");
    this.worker = new Worker(LISTENER_SOURCE, { eval: true, execArgv: [], workerData: { url, name, pgPath } });
    this.worker.unref();
    this.worker.on("message", (message: unknown) => {
      if (!isMessage(message)) return;
      if (message.id !== undefined) {
        const done = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        if (message.error) done?.reject(new Error(message.error));
        else done?.resolve();
      } else if (message.resumed) {
        for (const set of this.handlers.values()) for (const handler of set) handler.onMissed?.();
      } else if (message.channel !== undefined) {
        for (const handler of this.handlers.get(message.channel) ?? []) handler.onMessage(message.payload ?? "");
      }
    });
  }

  /**
   * Listens on `channel`; resolves once PostgreSQL listens (a NOTIFY after that reaches `onMessage`).
   * `onMissed` is called each time the connection came back after a drop.
   */
  async listen(channel: string, onMessage: (payload: string) => void, onMissed?: () => void): Promise<() => void> {
    checkNotification(channel);
    const handler: Handler = { onMessage, onMissed };
    let handlers = this.handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(channel, handlers);
      try {
        await this.ask({ listen: true, channel });
      } catch (error) {
        if (handlers.size === 0) this.handlers.delete(channel);
        throw error;
      }
    }
    handlers.add(handler);
    return () => {
      const set = this.handlers.get(channel);
      if (!set?.delete(handler) || set.size > 0 || this.closed) return;
      this.handlers.delete(channel);
      void this.ask({ listen: false, channel }).catch(() => undefined);
    };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    void this.ask({ close: true })
      .catch(() => undefined)
      .finally(() => void this.worker.terminate());
  }

  private ask(job: object): Promise<void> {
    const id = ++this.next;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...job, id });
    });
  }
}
