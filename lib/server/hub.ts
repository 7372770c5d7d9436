import "server-only";
import type { Entry } from "@/lib/contracts/entries";
import type { EntryKind, TypedNewEntry } from "@/lib/contracts/entry-kinds";
import { previewEntry, previewEntryOf } from "@/lib/server/preview";
import { getStore, UNRECORDED_SEQ, type Store, type WriteOpts } from "@/lib/server/store";
import { FOLLOW_SAFETY_MS, REPLAY_PAGE, StoreFollower } from "@/lib/server/hub-follow";

export type EntryListener = (entry: Entry) => void;
/**
 * Gets the entries recorded together (a relay's frames of one network read, a replay page), in seq
 * order, with the JSON text of each one's raw when the store just wrote it and it is shown whole
 * (`rawTexts[i]`, else undefined): the page's stream then does not serialize that raw again.
 */
export type BatchListener = (
  entries: readonly Entry[],
  rawTexts: readonly (string | undefined)[],
  rawSplits?: readonly (RawSplit | undefined)[],
) => void;

/**
 * A raw's JSON text in parts: `${base},"${key}":${value}}` (base: the object's text up to its last
 * member, without the closing brace). A relay frame's is its head, shared by the frames of one
 * stream, and its payload: the page's stream sends a run of entries with the same base as one event.
 */
export interface RawSplit {
  base: string;
  key: string;
  value: string;
}

/** An entry to record, with the JSON text of its raw when the caller already has it (Store.insertEntries). */
export interface EntryRecord<K extends EntryKind = EntryKind> {
  entry: TypedNewEntry<K>;
  rawText?: string;
  /** rawText's UTF-8 size, when the caller knows it (Store.insertEntries). */
  rawBytes?: number;
  /** rawText in parts, when it has them. */
  rawSplit?: RawSplit;
}

/** What a listener is handed at once (BatchListener's arguments). */
interface Batch {
  entries: Entry[];
  rawTexts: (string | undefined)[];
  rawSplits: (RawSplit | undefined)[];
}

interface Subscriber {
  listener: BatchListener;
  /** Highest seq handed to this listener. */
  cursor: number;
  /** While true, live entries are left to the replay loop, which reads them from the store. */
  replaying: boolean;
  closed: boolean;
  /** Entries recorded by the listener itself while it was handed a batch: handed over after that batch, in order. */
  nested?: Batch;
}

/**
 * The recorder and fan-out point: every entry is written to the store first (DESIGN rule 2),
 * then handed to subscribers. Subscribers resume after any seq without gaps or duplicates. On a
 * store other instances write too (PostgreSQL), the hub also follows it (hub-follow.ts): what the
 * others record reaches this hub's subscribers in the same seq order, previewed and batched alike.
 */
export class Hub {
  private readonly subscribers = new Set<Subscriber>();
  /** `${connectionId}\n${JSON-RPC id}` → who waits for that response frame's entry. */
  private readonly responseWatches = new Map<string, (entry: Entry) => void>();
  /** Reads what other instances record (a shared store only; null on SQLite, whose one writer is this process). */
  private readonly follower: StoreFollower | null;

  constructor(
    readonly store: Store,
    { followEveryMs = FOLLOW_SAFETY_MS }: { followEveryMs?: number } = {},
  ) {
    this.follower = store.engine.shared ? new StoreFollower(store, (entries, texts) => this.fanOut(entries, texts), followEveryMs) : null;
  }

  /**
   * Records one entry. Typed by the entry contract (lib/contracts/entry-kinds): the kind names its
   * protocol and the type of its raw, so a payload of the wrong shape does not compile. Nothing is
   * checked at run time: this is the hot path of every frame, and the raw is kept as given.
   */
  record<K extends EntryKind>(entry: TypedNewEntry<K>, opts?: WriteOpts): Entry {
    return this.recordAll([{ entry }], opts)[0]!;
  }

  /**
   * Records entries that arrived together, in order: each written to the store (its group commit),
   * then the whole batch handed to each subscriber at once: one broadcast, not one per entry.
   */
  recordAll(records: readonly EntryRecord[], opts?: WriteOpts): Entry[] {
    const stored = this.store.insertEntries(records, opts);
    const saved = stored.map((s) => s.entry);
    // Not recorded (no room: recording is paused): nothing to stream or point at.
    const kept = stored.filter((s) => s.entry.seq !== UNRECORDED_SEQ);
    if (kept.length === 0) return saved;
    if (this.responseWatches.size > 0) for (const s of kept) this.noticeResponse(s.entry);
    if (this.subscribers.size === 0) return saved;
    // Others' entries below these (a shared store) go first; null: all are left to the follower's reads.
    const others = this.follower ? this.follower.before(kept[0]!.entry.seq) : [];
    if (others === null) return saved;
    // Previewing a multi-MB frame costs tens of ms: only when someone is listening.
    const shown = kept.map(({ entry, rawText }) => previewEntryOf(entry, rawText));
    const texts = kept.map(({ entry, rawText }, i) => (shown[i] === entry ? rawText : undefined));
    // Index for index with the records only when all were recorded (else: none, each event whole).
    const splits = kept.length === records.length ? records.map((r, i) => (texts[i] === undefined ? undefined : r.rawSplit)) : [];
    this.follower?.handed(shown[shown.length - 1]!.seq);
    if (others.length === 0) this.fanOut(shown, texts, splits);
    else this.fanOut([...others, ...shown], [...others.map(() => undefined), ...texts]);
    return saved;
  }

  /** Hands entries (ascending) to each live subscriber, from the first past its cursor. */
  private fanOut(shown: readonly Entry[], texts: readonly (string | undefined)[], splits: readonly (RawSplit | undefined)[] = []): void {
    for (const sub of this.subscribers) {
      if (sub.replaying || sub.closed) continue;
      const from = shown.findIndex((e) => e.seq > sub.cursor);
      if (from < 0) continue;
      sub.cursor = shown[shown.length - 1]!.seq;
      if (from === 0) this.deliver(sub, shown, texts, splits);
      else this.deliver(sub, shown.slice(from), texts.slice(from), splits.slice(from));
    }
  }

  /** Resolves once what other instances record reaches this hub (at once on a store no other process writes). */
  following(): Promise<void> {
    return this.follower?.listening() ?? Promise.resolve();
  }

  /** Stops following the store (a hub made for a test; the process's own lives as long as it does). */
  close(): void {
    this.follower?.close();
    for (const sub of this.subscribers) sub.closed = true;
    this.subscribers.clear();
  }

  maxSeq(): number {
    return this.store.maxSeq();
  }

  /**
   * Hands `onEntry` the recorded entry of the response frame (result or error) with this JSON-RPC
   * id on this connection, once it is recorded, so a call can point at it instead of storing its
   * result a second time. Returns the unwatch.
   */
  watchResponse(connectionId: string, id: string | number, onEntry: (entry: Entry) => void): () => void {
    const key = `${connectionId}\n${typeof id}:${id}`;
    this.responseWatches.set(key, onEntry);
    return () => {
      if (this.responseWatches.get(key) === onEntry) this.responseWatches.delete(key);
    };
  }

  private noticeResponse(saved: Entry): void {
    if (saved.protocol !== "mcp" || saved.kind !== "message" || saved.direction !== "in") return;
    const raw = saved.raw as { id?: unknown; result?: unknown; error?: unknown } | null;
    if (!raw || (typeof raw.id !== "string" && typeof raw.id !== "number")) return;
    if (raw.result === undefined && raw.error === undefined) return;
    const key = `${saved.connectionId}\n${typeof raw.id}:${raw.id}`;
    const onEntry = this.responseWatches.get(key);
    if (!onEntry) return;
    this.responseWatches.delete(key);
    onEntry(saved);
  }

  /** The whole entry (raw not previewed). */
  get(seq: number): Entry | undefined {
    return this.store.getEntry(seq);
  }

  /** A connection's entries before `before`, ascending, previewed. */
  list(connectionId: string, opts: { before?: number; limit?: number } = {}): Entry[] {
    return this.store.connectionEntries(connectionId, opts.before, opts.limit ?? 200).map(previewEntry);
  }

  /**
   * Replays seq > afterSeq from the store, then delivers live entries. Returns unsubscribe.
   * Gap-free because the switch from replay to live happens in the same tick as the last
   * (short) page read, and record() is synchronous.
   */
  subscribe(afterSeq: number, listener: EntryListener): () => void {
    let closed = false;
    const off = this.subscribeBatches(afterSeq, (entries) => {
      for (const entry of entries) if (!closed) listener(entry);
    });
    return () => {
      closed = true;
      off();
    };
  }

  /** subscribe(), handed each batch whole: a replay page, or the entries recordAll() wrote together. */
  subscribeBatches(afterSeq: number, listener: BatchListener): () => void {
    const sub: Subscriber = { listener, cursor: afterSeq, replaying: true, closed: false };
    this.subscribers.add(sub);
    this.replayStep(sub);
    return () => {
      sub.closed = true;
      this.forget(sub);
    };
  }

  private forget(sub: Subscriber): void {
    this.subscribers.delete(sub);
    if (this.subscribers.size === 0) this.follower?.idle();
  }

  private replayStep(sub: Subscriber): void {
    if (sub.closed) return;
    const page = this.store.entriesAfter(sub.cursor, REPLAY_PAGE);
    if (page.length > 0) {
      sub.cursor = page[page.length - 1]!.seq;
      this.deliver(sub, page.map(previewEntry), []);
    }
    if (sub.closed) return;
    if (page.length < REPLAY_PAGE) {
      // A listener that itself recorded during this page would otherwise be skipped.
      if (this.store.maxSeq() > sub.cursor) return this.replayStep(sub);
      sub.replaying = false;
      this.follower?.live(sub.cursor);
      return;
    }
    setImmediate(() => this.replayStep(sub));
  }

  private deliver(
    sub: Subscriber,
    entries: readonly Entry[],
    rawTexts: readonly (string | undefined)[],
    rawSplits: readonly (RawSplit | undefined)[] = [],
  ): void {
    if (sub.nested) {
      sub.nested.entries.push(...entries);
      // Kept index for index with the entries (a replay page has none).
      sub.nested.rawTexts.push(...entries.map((_, i) => rawTexts[i]));
      sub.nested.rawSplits.push(...entries.map((_, i) => rawSplits[i]));
      return;
    }
    const empty = (): Batch => ({ entries: [], rawTexts: [], rawSplits: [] });
    sub.nested = empty();
    try {
      for (let batch = { entries, rawTexts, rawSplits }; batch.entries.length > 0 && !sub.closed;) {
        sub.listener(batch.entries, batch.rawTexts, batch.rawSplits);
        [batch, sub.nested] = [sub.nested, empty()];
      }
    } catch {
      // A failing listener (e.g. a closed SSE stream) must not break recording for the others.
      sub.closed = true;
      this.forget(sub);
    } finally {
      delete sub.nested;
    }
  }
}

const HUB_KEY = Symbol.for("loupe.hub");
type HubGlobal = typeof globalThis & { [HUB_KEY]?: Hub };

export function getHub(): Hub {
  const g = globalThis as HubGlobal;
  g[HUB_KEY] ??= new Hub(getStore());
  return g[HUB_KEY];
}
