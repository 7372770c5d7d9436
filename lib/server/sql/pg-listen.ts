import { Worker } from "node:worker_threads";
import { createRequire } from "node:module";
import path from "node:path";
import { checkNotification } from "@/lib/server/sql/notify";

/**
 * PostgreSQL's LISTEN for a store: a connection of its own (node-postgres in a worker thread, as
 * pg-sync.ts runs it, but asynchronous: notifications arrive as messages on this thread's event
 * loop). NOTIFY goes through the store's own connection (PgEngine.notify), so a notification sent
 * inside a transaction is delivered when it commits, as PostgreSQL promises.
 */

const LISTENER_SOURCE = `
const { workerData, parentPort } = require("node:worker_threads");
const pg = require(workerData.pgPath);
const client = new pg.Client({ connectionString: workerData.url, application_name: workerData.name });
const ready = client.connect().then(() => null, (error) => error);
client.on("notification", (n) => parentPort.postMessage({ channel: n.channel, payload: n.payload ?? "" }));
client.on("error", (error) => parentPort.postMessage({ failed: error.message }));
parentPort.on("message", async (job) => {
  const failed = await ready;
  if (failed) return parentPort.postMessage({ id: job.id, error: "cannot connect to PostgreSQL: " + failed.message });
  try {
    if (job.close) await client.end();
    else await client.query((job.listen ? "LISTEN " : "UNLISTEN ") + '"' + job.channel + '"');
    parentPort.postMessage({ id: job.id });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: error.message });
  }
});
`;

interface Message {
  id?: number;
  error?: string;
  failed?: string;
  channel?: string;
  payload?: string;
}

function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null;
}

export class PgListener {
  private readonly worker: Worker;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private next = 0;
  private closed = false;

  constructor(url: string, name = "loupe-listen") {
    const pgPath = createRequire(path.join(process.cwd(), "package.json")).resolve("pg");
    this.worker = new Worker(LISTENER_SOURCE, { eval: true, execArgv: [], workerData: { url, name, pgPath } });
    this.worker.unref();
    this.worker.on("message", (message: unknown) => {
      if (!isMessage(message)) return;
      if (message.id !== undefined) {
        const done = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        if (message.error) done?.reject(new Error(message.error));
        else done?.resolve();
      } else if (message.channel !== undefined) {
        for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? "");
      }
    });
  }

  /** Listens on `channel`; resolves once PostgreSQL listens (a NOTIFY after that reaches `onMessage`). */
  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => void> {
    checkNotification(channel);
    let handlers = this.handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(channel, handlers);
      await this.ask({ listen: true, channel });
    }
    handlers.add(onMessage);
    return () => {
      const set = this.handlers.get(channel);
      if (!set?.delete(onMessage) || set.size > 0 || this.closed) return;
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
