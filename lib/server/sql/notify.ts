import { EventEmitter } from "node:events";

/**
 * Notifications between stores on one database (issue 25: live updates reach every instance): a
 * store `notify`s a channel, every store `listen`ing on it in any instance gets the payload. On
 * PostgreSQL it is LISTEN/NOTIFY (pg-listen.ts); on SQLite, which has no such thing, the stores of
 * one process on one file share this in-process bus (another process on the file hears nothing).
 * Either way delivery is asynchronous, after the notifying call returns.
 */

/** Channel names both databases take as they are: lower-case letters, digits and `_`. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** PostgreSQL's limit on a payload (8000 bytes): a notification says what changed, the reader reads the rest. */
export const MAX_PAYLOAD_BYTES = 7999;

export function checkNotification(channel: string, payload = ""): void {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: "${channel}" (lower-case letters, digits and _)`);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`a notification's payload is at most ${MAX_PAYLOAD_BYTES} bytes`);
}

const BUS_KEY = Symbol.for("loupe.sqliteNotifications");

function bus(file: string): EventEmitter {
  let buses: unknown = Reflect.get(globalThis, BUS_KEY);
  if (!(buses instanceof Map)) {
    buses = new Map<string, EventEmitter>();
    Reflect.set(globalThis, BUS_KEY, buses);
  }
  const map = buses instanceof Map ? buses : new Map<unknown, unknown>();
  let found: unknown = map.get(file);
  if (!(found instanceof EventEmitter)) {
    found = new EventEmitter().setMaxListeners(0);
    map.set(file, found);
  }
  return found instanceof EventEmitter ? found : new EventEmitter();
}

/** The SQLite side: the bus of one database file in this process. */
export class LocalNotifications {
  private readonly mine = new Set<() => void>();

  constructor(private readonly file: string) {}

  notify(channel: string, payload = ""): void {
    checkNotification(channel, payload);
    const target = bus(this.file);
    setImmediate(() => target.emit(channel, payload));
  }

  listen(channel: string, onMessage: (payload: string) => void): Promise<() => void> {
    checkNotification(channel);
    const target = bus(this.file);
    const handler = (payload: string) => onMessage(payload);
    target.on(channel, handler);
    const stop = () => {
      target.off(channel, handler);
      this.mine.delete(stop);
    };
    this.mine.add(stop);
    return Promise.resolve(stop);
  }

  close(): void {
    for (const stop of [...this.mine]) stop();
  }
}
