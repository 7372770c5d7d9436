import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Entry } from "@/lib/contracts/entries";
import { ENTRY_PREVIEW_BYTES } from "@/lib/contracts/entries";
import { Hub } from "@/lib/server/hub";
import { messageToRecord } from "@/tests/support/entries";
import { formatEntryEvent } from "@/lib/server/sse-events";
import { openStore } from "@/lib/server/store";

let dir: string;
let hub: Hub;

const entry = messageToRecord;

const tick = () => new Promise((r) => setImmediate(r));

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "loupe-hub-"));
  hub = new Hub(openStore(dir));
});

afterEach(() => {
  hub.store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("Hub", () => {
  it("stores before delivering and numbers entries in order", () => {
    const seen: number[] = [];
    hub.subscribe(0, (e) => {
      // The entry is already readable from the store when a subscriber gets it.
      expect(hub.get(e.seq)?.raw).toEqual(e.raw);
      seen.push(e.seq);
    });
    const a = hub.record(entry({ n: 1 }));
    const b = hub.record(entry({ n: 2 }));
    expect([a.seq, b.seq]).toEqual([1, 2]);
    expect(seen).toEqual([1, 2]);
    expect(hub.maxSeq()).toBe(2);
  });

  it("resumes after a seq: replays the rest, then goes live, no gaps, no duplicates", async () => {
    for (let i = 0; i < 1234; i++) hub.record(entry({ i }));
    const seen: number[] = [];
    const unsubscribe = hub.subscribe(100, (e) => seen.push(e.seq));
    // Live entries arrive while the multi-page replay is still running.
    for (let round = 0; round < 5; round++) {
      hub.record(entry({ live: round }));
      await tick();
    }
    await tick();
    hub.record(entry({ last: true }));
    const expected = Array.from({ length: hub.maxSeq() - 100 }, (_, k) => 101 + k);
    expect(seen).toEqual(expected);
    expect(seen.at(-1)).toBe(1240);
    unsubscribe();
    hub.record(entry({ after: true }));
    expect(seen.at(-1)).toBe(1240);
  });

  it("starting at maxSeq delivers only new entries", () => {
    hub.record(entry({ old: true }));
    const seen: Entry[] = [];
    hub.subscribe(hub.maxSeq(), (e) => seen.push(e));
    hub.record(entry({ fresh: true }));
    expect(seen.map((e) => e.raw)).toEqual([{ fresh: true }]);
  });

  it("previews a 1 MB raw on the stream and in lists, and returns it whole by seq", () => {
    const big = { jsonrpc: "2.0", id: 7, result: { content: [{ type: "text", text: "x".repeat(1024 * 1024) }] } };
    const seen: Entry[] = [];
    hub.subscribe(0, (e) => seen.push(e));
    const saved = hub.record(entry(big));
    expect(saved.rawBytes).toBeGreaterThan(1024 * 1024);
    const streamed = seen[0]!;
    expect(streamed.truncated).toBe(true);
    expect(streamed.rawBytes).toBe(saved.rawBytes);
    expect(JSON.stringify(streamed.raw).length).toBeLessThan(ENTRY_PREVIEW_BYTES);
    expect(streamed.raw).toMatchObject({ jsonrpc: "2.0", id: 7 });
    expect((streamed.raw as { _preview: string })._preview.startsWith('{"jsonrpc":"2.0","id":7')).toBe(true);
    expect(hub.list("c1")[0]?.truncated).toBe(true);
    const whole = hub.get(saved.seq)!;
    expect(whole.truncated).toBeUndefined();
    expect(whole.raw).toEqual(big);
  });

  it("keeps small entries untouched", () => {
    hub.record(entry({ small: true }));
    expect(hub.list("c1")[0]).toMatchObject({ raw: { small: true } });
    expect(hub.list("c1")[0]?.truncated).toBeUndefined();
  });

  it("drops a listener that throws and keeps recording for the others", () => {
    const good: number[] = [];
    hub.subscribe(0, () => {
      throw new Error("stream closed");
    });
    hub.subscribe(0, (e) => good.push(e.seq));
    hub.record(entry(1));
    hub.record(entry(2));
    expect(good).toEqual([1, 2]);
  });

  it("lists one connection's entries before a seq, ascending", () => {
    for (let i = 0; i < 6; i++) hub.record(entry({ i }, i % 2 === 0 ? "a" : "b"));
    expect(hub.list("a").map((e) => e.seq)).toEqual([1, 3, 5]);
    expect(hub.list("a", { before: 5, limit: 1 }).map((e) => e.seq)).toEqual([3]);
  });

  it("records a batch in order and hands it to each subscriber at once: one call per batch", () => {
    const batches: number[][] = [];
    const single: number[] = [];
    hub.subscribeBatches(0, (entries) => {
      // Every entry of the batch is already readable from the store.
      expect(entries.every((e) => hub.get(e.seq) !== undefined)).toBe(true);
      batches.push(entries.map((e) => e.seq));
    });
    hub.subscribe(0, (e) => single.push(e.seq));
    const saved = hub.recordAll([{ entry: entry({ n: 1 }) }, { entry: entry({ n: 2 }) }, { entry: entry({ n: 3 }) }]);
    hub.record(entry({ n: 4 }));
    expect(saved.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1, 2, 3], [4]]);
    expect(single).toEqual([1, 2, 3, 4]);
  });

  it("a listener that records while handed a batch gets its own entry after the rest of that batch", () => {
    const seen: unknown[] = [];
    hub.subscribe(0, (e) => {
      seen.push(e.raw);
      if (JSON.stringify(e.raw) === '{"n":1}') hub.record(entry({ answer: 1 }));
    });
    hub.recordAll([{ entry: entry({ n: 1 }) }, { entry: entry({ n: 2 }) }]);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }, { answer: 1 }]);
  });

  it("stores and streams a raw given as text as that text, without serializing it again", () => {
    const seen: [Entry, string | undefined][] = [];
    hub.subscribeBatches(0, (entries, rawTexts) => entries.forEach((e, i) => seen.push([e, rawTexts[i]])));
    const text = '{"payload": {"b": 2,  "a": [1, 2]}}';
    const [saved] = hub.recordAll([{ entry: entry(JSON.parse(text)), rawText: text }]);
    expect(hub.store.prepare<{ raw: string }>("SELECT raw FROM entries WHERE seq = ?").get(saved!.seq)?.raw).toBe(text);
    expect(seen[0]![1]).toBe(text);
    const event = formatEntryEvent(...seen[0]!);
    expect(event).toContain(`"raw":${text}}`);
    expect(JSON.parse(/^data: (.*)$/m.exec(event)![1]!)).toEqual(JSON.parse(JSON.stringify(saved)));
  });
});
