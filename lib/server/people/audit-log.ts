import "server-only";
import {
  AUDIT_KINDS,
  roleSchema,
  type Actor,
  type AuditEvent,
  type AuditKind,
  type AuditPage,
  type AuditQuery,
} from "@/lib/contracts/people";
import type { InboxRowBase } from "@/lib/contracts/inbox";
import type { Store } from "@/lib/server/store";
import { logLine } from "@/lib/log-text";
import { errorMessage } from "@/lib/values";

/** The log keeps this many events; past it the oldest go (checked every PRUNE_EVERY writes). */
export const MAX_AUDIT_EVENTS = 200_000;
const PRUNE_EVERY = 500;

interface AuditRow {
  id: number;
  at: number;
  kind: string;
  actor: string;
  actor_kind: string;
  role: string | null;
  source: string;
  request_id: string;
  detail: string | null;
}

const ACTOR_KINDS = new Set<AuditEvent["actorKind"]>(["person", "service", "local", "peer"]);

function toEvent(row: AuditRow): AuditEvent {
  const kind = AUDIT_KINDS.find((k) => k === row.kind) ?? "answered";
  const actorKind = [...ACTOR_KINDS].find((k) => k === row.actor_kind) ?? "peer";
  const role = roleSchema.safeParse(row.role);
  return {
    id: Number(row.id),
    at: Number(row.at),
    kind,
    actor: row.actor,
    actorKind,
    role: role.success ? role.data : null,
    source: row.source,
    requestId: row.request_id,
    detail: row.detail,
  };
}

/** One answer (or approval, edit, rejection) to write: what it answered and how it went. */
export interface AuditAnswer {
  kind: Exclude<AuditKind, "raised">;
  source: string;
  requestId: string;
  detail?: string;
}

/**
 * The audit log (issue 25): each human request raised, and each answer, approval, edit and rejection
 * with who gave it and when. Bounded (MAX_AUDIT_EVENTS) and read a page at a time, newest first.
 */
export class AuditLog {
  private writes = 0;

  constructor(
    private readonly store: Pick<Store, "prepare">,
    private readonly now: () => number = Date.now,
    private readonly max = MAX_AUDIT_EVENTS,
  ) {}

  record(actor: Actor, answer: AuditAnswer): void {
    this.insert("INSERT INTO audit_events", [
      this.now(),
      answer.kind,
      actor.name,
      actor.kind,
      actor.role,
      answer.source,
      answer.requestId,
      answer.detail?.slice(0, 500) ?? null,
    ]);
  }

  /**
   * Records each inbox row not recorded yet as raised, at the time it was raised: one sweep over the
   * inbox (every protocol's requests through the registry, lib/server/inbox) instead of a hook in
   * each protocol. Run before the log is read and before an answer is written. Each under the name
   * its answers are written with: `requestKey` where the row has one, else its id.
   */
  sweepRaised(rows: readonly InboxRowBase[]): void {
    for (const row of rows) {
      this.insert("INSERT OR IGNORE INTO audit_events", [
        row.createdAt ?? this.now(),
        "raised",
        `${row.source} peer`,
        "peer",
        null,
        row.source,
        row.requestKey ?? row.id,
        null,
      ]);
    }
  }

  private insert(head: string, values: unknown[]): void {
    const info = this.store
      .prepare(`${head} (at, kind, actor, actor_kind, role, source, request_id, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(...values);
    if (info.changes && ++this.writes % PRUNE_EVERY === 0) this.prune();
  }

  /** Drops the oldest events past the cap. */
  prune(): void {
    const top = this.store.prepare<{ m: number | null }>("SELECT MAX(id) AS m FROM audit_events").get()?.m;
    if (top) this.store.prepare("DELETE FROM audit_events WHERE id <= ?").run(Number(top) - this.max);
  }

  /**
   * One page of events matching the filters, newest first by time, ties by insertion (a request
   * raised is swept in after the fact, with the time it was raised). `before` is the last event id of
   * the page before; the next page starts after that event in this order (none once it was pruned).
   */
  query(q: Omit<AuditQuery, "format" | "limit"> & { limit: number }): AuditPage {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (clause: string, value: unknown) => {
      where.push(clause);
      params.push(value);
    };
    if (q.person) add("actor = ?", q.person);
    if (q.kind) add("kind = ?", q.kind);
    if (q.source) add("source = ?", q.source);
    if (q.from !== undefined) add("at >= ?", q.from);
    if (q.to !== undefined) add("at <= ?", q.to);
    if (q.before !== undefined) {
      const cursor = this.store.prepare<{ at: number }>("SELECT at FROM audit_events WHERE id = ?").get(q.before);
      if (!cursor) return { events: [], next: null };
      where.push("(at < ? OR (at = ? AND id < ?))");
      params.push(Number(cursor.at), Number(cursor.at), q.before);
    }
    const sql = `SELECT id, at, kind, actor, actor_kind, role, source, request_id, detail FROM audit_events${
      where.length ? ` WHERE ${where.join(" AND ")}` : ""
    } ORDER BY at DESC, id DESC LIMIT ?`;
    const rows = this.store.prepare<AuditRow>(sql).all(...params, q.limit + 1);
    const events = rows.slice(0, q.limit).map(toEvent);
    return { events, next: rows.length > q.limit ? (events.at(-1)?.id ?? null) : null };
  }

  /** The people and service tokens that appear in the log (the filter's choices), bounded. */
  actors(): string[] {
    return this.store
      .prepare<{ actor: string }>("SELECT DISTINCT actor FROM audit_events WHERE actor_kind <> 'peer' ORDER BY actor LIMIT 200")
      .all()
      .map((r) => r.actor);
  }
}

/** Why a sweep failed an answer that Loupe's own stop cut off: the detail of its `failed` row. */
export const STOPPED_BEFORE_REPLY = "Loupe stopped before the agent server replied";

/**
 * The `failed` row of an answer Loupe's own stop cut off (given through an answer route, Loupe gone
 * before the agent server replied), written by the sweep that fails it at the next start or by the
 * instance that takes a stopped one's peer over: the route that would have written its row is gone.
 * Under who gave it, which the in-flight answer keeps (`answeredBy`, from answeringActor()); an answer
 * no route gave (a test replay's) has no answerer and no row, as it had none while it ran. A log that
 * cannot be written is said in Loupe's log: the sweep goes on.
 */
export function auditStoppedAnswer(
  store: Pick<Store, "prepare">,
  answeredBy: Actor | undefined,
  answer: { source: string; requestId: string; detail?: string },
): void {
  if (!answeredBy) return;
  try {
    new AuditLog(store).record(answeredBy, { ...answer, kind: "failed", detail: answer.detail ?? STOPPED_BEFORE_REPLY });
  } catch (error) {
    logLine("[loupe] the audit log could not record an answer Loupe's stop cut off:", errorMessage(error));
  }
}

const CSV_COLUMNS = ["id", "at", "kind", "actor", "actorKind", "role", "source", "requestId", "detail"] as const;

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  // A cell a spreadsheet would run as a formula is quoted as text (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The events as CSV (a header line, one line per event, times as ISO 8601). */
export function auditCsv(events: readonly AuditEvent[]): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const e of events) lines.push(CSV_COLUMNS.map((c) => csvCell(c === "at" ? new Date(e.at).toISOString() : e[c])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** The events as JSON Lines, one object per line. */
export function auditJsonl(events: readonly AuditEvent[]): string {
  return events.map((e) => `${JSON.stringify(e)}\n`).join("");
}
