import "server-only";
import { ENTRY_PREVIEW_BYTES } from "@/lib/contracts/entries";
import { normalizeStoredCall } from "@/lib/contracts/calls";
import type { CallRecord } from "@/lib/contracts/calls";
import { resultFromFrame } from "@/lib/server/mcp/result-ref";
import type { ResultRef } from "@/lib/server/mcp/result-ref";
import { storedJson } from "@/lib/server/store";
import type { Store } from "@/lib/server/store";
import { isRecord } from "@/lib/values";

/** A call row: the record, or the record pointing at the response frame entry that holds its result. */
type StoredCall = CallRecord & { resultRef?: ResultRef };

interface RecordRow {
  record: string;
}

/**
 * Calls of this process that were answered but whose finished row is not written yet (CallRunner's
 * `recordAfterAnswer` writes it just after the tap's client has the answer): their row still says
 * "running" for that moment, and a server request arriving then must not be linked to them (a
 * tapped client's next call would find two "running" calls, and its sampling went to the inbox).
 */
const answeredUnwritten = new Set<string>();

/** The call was answered; the returned function says its finished row is being written. */
export function answeredBeforeWritten(callId: string): () => void {
  answeredUnwritten.add(callId);
  return () => void answeredUnwritten.delete(callId);
}

/** Whether a call row that says "running" is still running (not answered with its row to come). */
export function stillRunning(call: Pick<CallRecord, "id" | "status">): boolean {
  return call.status === "running" && !answeredUnwritten.has(call.id);
}

/**
 * The `calls` table (created with the store, lib/server/mcp/tables.ts): the per-tool history of
 * tools/call made through Loupe. Its writes join the store's group commit (Store.hotWrite), so a
 * call row and its entry commit together (Store.grouped). A call still "running" in the file was
 * cut off when Loupe stopped and can never finish: it turns failed the first time this process
 * opens the table.
 */
export class CallStore {
  constructor(private readonly store: Store) {
    this.failInterrupted();
  }

  /**
   * `resultRef`: the response frame entry that holds this call's result (result-ref.ts). A large
   * result is then stored once, in that frame, and the call row points at it (`resultRef`, never
   * part of a CallRecord outside the store); retention keeps such frames (retention.ts).
   */
  save(record: CallRecord, resultRef?: ResultRef): void {
    const stored: StoredCall = resultRef && record.result !== undefined ? { ...record, result: undefined, resultRef } : record;
    const row = [record.id, record.connectionId, record.tool, record.startedAt, JSON.stringify(stored)];
    const write = () =>
      void this.store
        .prepare(
          `INSERT INTO calls (id, connection_id, tool, started_at, record) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET record = excluded.record`,
        )
        .run(...row);
    this.store.hotWrite(write, () => write);
  }

  get(id: string): CallRecord | undefined {
    const row = this.store.prepare<RecordRow>("SELECT record FROM calls WHERE id = ?").get(id);
    if (!row) return undefined;
    const { resultRef, ...stored } = storedJson<StoredCall>(row.record);
    const call = normalizeStoredCall(stored);
    if (resultRef === undefined) return call;
    return this.withFrameResult(
      call,
      resultRef,
      this.store.prepare<{ raw: string }>("SELECT raw FROM entries WHERE seq = ?").get(resultRef.seq),
    );
  }

  /** Newest first. */
  list(connectionId: string, opts: { tool?: string; limit?: number } = {}): CallRecord[] {
    const limit = opts.limit ?? 50;
    const rows =
      opts.tool === undefined
        ? this.store
            .prepare<RecordRow>("SELECT record FROM calls WHERE connection_id = ? ORDER BY started_at DESC, rowid DESC LIMIT ?")
            .all(connectionId, limit)
        : this.store
            .prepare<RecordRow>(
              "SELECT record FROM calls WHERE connection_id = ? AND tool = ? ORDER BY started_at DESC, rowid DESC LIMIT ?",
            )
            .all(connectionId, opts.tool, limit);
    // A history of multi-MB results would be heavy in the browser: a large result stays out of
    // the list (resultOmitted) and is fetched with the one call when the user opens it. A small
    // one is read from the response frame its row points at.
    return rows.map((r) => {
      const { resultRef, ...stored } = storedJson<StoredCall>(r.record);
      const call = normalizeStoredCall(stored);
      if (resultRef !== undefined) {
        const frame = this.store
          .prepare<{ raw: string }>("SELECT raw FROM entries WHERE seq = ? AND raw_bytes <= ?")
          .get(resultRef.seq, ENTRY_PREVIEW_BYTES);
        return this.withFrameResult(call, resultRef, frame);
      }
      return r.record.length > ENTRY_PREVIEW_BYTES && call.result !== undefined
        ? { ...call, result: undefined, resultOmitted: true }
        : call;
    });
  }

  /** The call with its result read from the response frame it points at, or marked omitted without one. */
  private withFrameResult(call: CallRecord, ref: ResultRef, frame: { raw: string } | undefined): CallRecord {
    const raw: unknown = frame ? JSON.parse(frame.raw) : undefined;
    const result = isRecord(raw) ? resultFromFrame(raw.result, ref.keys) : undefined;
    return result !== undefined ? { ...call, result } : { ...call, resultOmitted: true };
  }

  /** A call still "running" in the file was cut off when Loupe stopped; it can never finish. */
  private failInterrupted(): void {
    const rows = this.store.prepare<RecordRow>("SELECT record FROM calls WHERE json_extract(record, '$.status') = 'running'").all();
    for (const row of rows) {
      const record = storedJson<CallRecord>(row.record);
      this.save({
        ...record,
        status: "failed",
        endedAt: record.endedAt ?? Date.now(),
        error: { code: "internal:loupe_restarted", message: "Loupe stopped before the call finished" },
      });
    }
  }
}

const opened = new WeakMap<Store, CallStore>();

/** The call table of one store, opened (and swept of a stopped Loupe's running calls) once per process. */
export function callStore(store: Store): CallStore {
  let found = opened.get(store);
  if (!found) {
    found = new CallStore(store);
    opened.set(store, found);
  }
  return found;
}
