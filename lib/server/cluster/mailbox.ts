import "server-only";
import type { Store } from "@/lib/server/store";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS cluster_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recipient TEXT NOT NULL,
  sender TEXT NOT NULL,
  kind TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS cluster_messages_recipient ON cluster_messages (recipient, id);
`;

/** The channel a message's recipient is woken on (its id as the payload): no instance waits for a poll. */
export const MAILBOX_CHANNEL = "loupe_mailbox";

/** Messages one instance may hold for another at most: a recipient that never reads cannot grow the database. */
export const MAILBOX_CAP = 10_000;

export interface ClusterMessage {
  id: number;
  sender: string;
  kind: string;
  body: unknown;
  createdAt: number;
}

interface MessageRow {
  id: number;
  sender: string;
  kind: string;
  body: string;
  created_at: number;
}

/** Why a message could not be left for its recipient, in words. */
export class MailboxFullError extends Error {
  constructor(readonly recipient: string) {
    super(`instance ${recipient} has ${MAILBOX_CAP} messages it has not read: it is not taking them (stopped, or stuck)`);
  }
}

/**
 * Messages between Loupe instances on one database (issue 25): an answer given on instance B for a
 * request that instance A holds is left here for A, which is woken by a notification and takes it
 * (and looks anyway on a slow timer). Each message is taken exactly once: taking deletes it in the
 * same statement that reads it.
 */
export class Mailbox {
  constructor(
    private readonly store: Store,
    readonly instance: string,
    private readonly now: () => number = Date.now,
  ) {
    store.db.exec(SCHEMA);
  }

  /** Leaves a message for `recipient`; its id. */
  send(recipient: string, kind: string, body: unknown): number {
    const waiting = this.store.prepare<{ n: number }>("SELECT COUNT(*) AS n FROM cluster_messages WHERE recipient = ?").get(recipient);
    if (Number(waiting?.n ?? 0) >= MAILBOX_CAP) throw new MailboxFullError(recipient);
    const result = this.store
      .prepare("INSERT INTO cluster_messages (recipient, sender, kind, body, created_at) VALUES (?, ?, ?, ?, ?)")
      .run(recipient, this.instance, kind, JSON.stringify(body ?? null), this.now());
    // Delivered once the row is committed (NOTIFY on PostgreSQL); a lost one is left to the slow poll.
    this.store.engine.notify(MAILBOX_CHANNEL, recipient);
    return Number(result.lastInsertRowid);
  }

  /**
   * Calls `wake` when a message is left for this instance (and when notifications may have been lost
   * while the listening connection was down); resolves, with the way to stop, once listening.
   */
  watch(wake: () => void): Promise<() => void> {
    return this.store.engine.listen(MAILBOX_CHANNEL, (recipient) => recipient === this.instance && wake(), wake);
  }

  /** Takes up to `limit` of this instance's messages, oldest first; each is gone for everyone else. */
  take(limit = 100): ClusterMessage[] {
    const rows = this.store
      .prepare<MessageRow>(
        `DELETE FROM cluster_messages WHERE id IN
           (SELECT id FROM cluster_messages WHERE recipient = ? ORDER BY id LIMIT ?)
         RETURNING id, sender, kind, body, created_at`,
      )
      .all(this.instance, limit);
    return rows
      .map((row) => ({ id: Number(row.id), sender: row.sender, kind: row.kind, body: parse(row.body), createdAt: Number(row.created_at) }))
      .sort((a, b) => a.id - b.id);
  }

  /** Drops what was left for an instance that is gone for good (cluster/instances.ts' forget). */
  discardFor(recipient: string): number {
    return this.store.prepare("DELETE FROM cluster_messages WHERE recipient = ?").run(recipient).changes;
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
