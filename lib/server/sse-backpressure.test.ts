import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hub } from "@/lib/server/hub";
import { messageToRecord } from "@/tests/support/entries";
import { entryStream, SSE_QUEUE_CAP_BYTES } from "@/lib/server/sse";
import { openStore } from "@/lib/server/store";

let dir: string;
let hub: Hub;

const entry = (i: number) => messageToRecord({ jsonrpc: "2.0", method: "notifications/message", params: { i, text: "x".repeat(2000) } });

const tick = () => new Promise((r) => setImmediate(r));

/** Everything the stream ever queued: a reader that finally reads gets exactly that. */
async function drain(stream: ReadableStream<Uint8Array>): Promise<{ text: string; bytes: number; ended: boolean }> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  for (;;) {
    const next = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), 200))]);
    if (next === null) return { text, bytes, ended: false };
    if (next.done) return { text, bytes, ended: true };
    bytes += next.value.byteLength;
    text += decoder.decode(next.value, { stream: true });
  }
}

const seqsOf = (text: string): number[] => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "loupe-sse-"));
  hub = new Hub(openStore(dir));
});

afterEach(() => {
  hub.store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a reader that does not read", () => {
  it("live: queues at most the cap, then gets an overflow event and is closed; the rest replays on resume", async () => {
    const abort = new AbortController();
    const stream = entryStream(hub, hub.maxSeq(), abort.signal);
    const total = 4000; // ~9 MB of events, more than twice the cap
    for (let i = 0; i < total; i++) {
      hub.record(entry(i));
      if (i % 500 === 0) await tick();
    }
    const first = await drain(stream);
    expect(first.ended).toBe(true);
    expect(first.bytes).toBeLessThanOrEqual(SSE_QUEUE_CAP_BYTES + 512);
    const seqs = seqsOf(first.text);
    expect(seqs.length).toBeGreaterThan(100);
    expect(seqs.length).toBeLessThan(total);
    expect(seqs).toEqual(seqs.map((_, k) => k + 1));
    const marker = /event: overflow\ndata: (.*)\n\n$/.exec(first.text);
    expect(marker).not.toBeNull();
    expect(JSON.parse(marker![1]!)).toMatchObject({ resumeAfter: seqs.at(-1), capBytes: SSE_QUEUE_CAP_BYTES });

    // The browser reconnects with Last-Event-ID = the last id it saw: nothing is lost.
    const leave = new AbortController();
    const resumed = entryStream(hub, seqs.at(-1)!, leave.signal, { capBytes: 64 * 1024 * 1024 });
    const rest = await drain(resumed);
    expect(seqsOf(rest.text)).toEqual(Array.from({ length: total - seqs.length }, (_, k) => seqs.length + k + 1));
    leave.abort();
  });

  it("replay: a long backlog is not queued whole for a reader that does not read", async () => {
    for (let i = 0; i < 4000; i++) hub.record(entry(i));
    const stream = entryStream(hub, 0, new AbortController().signal);
    for (let i = 0; i < 20; i++) await tick(); // let the paged replay run
    const got = await drain(stream);
    expect(got.ended).toBe(true);
    expect(got.bytes).toBeLessThanOrEqual(SSE_QUEUE_CAP_BYTES + 512);
    expect(got.text).toMatch(/event: overflow\n/);
  });

  it("a reader that keeps up is never dropped", async () => {
    const stream = entryStream(hub, 0, new AbortController().signal);
    const reader = stream.getReader();
    let seen = 0;
    const decoder = new TextDecoder();
    for (let i = 0; i < 3000; i++) {
      hub.record(entry(i));
      if (i % 50 === 49) {
        while (seen < i + 1) {
          const { value, done } = await reader.read();
          expect(done).toBe(false);
          const text = decoder.decode(value);
          expect(text).not.toMatch(/event: overflow/);
          seen += (text.match(/^id: /gm) ?? []).length;
        }
      }
    }
    expect(seen).toBe(3000);
    await reader.cancel();
  });
});

describe("entries recorded in one tick", () => {
  it("go out as one chunk (one encode, one socket write), in order, each with its own id", async () => {
    const abort = new AbortController();
    const reader = entryStream(hub, hub.maxSeq(), abort.signal).getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe(":\n\n");
    for (let i = 0; i < 3; i++) hub.record(entry(i));
    const { value } = await reader.read();
    expect(seqsOf(decoder.decode(value))).toEqual([1, 2, 3]);
    // The next tick's entry is a chunk of its own.
    await tick();
    hub.record(entry(3));
    expect(seqsOf(decoder.decode((await reader.read()).value))).toEqual([4]);
    abort.abort();
  });
});
