import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { streamEventEntries, type Entry } from "@/lib/contracts/entries";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { Hub } from "@/lib/server/hub";
import { entryStream, resumeAfter } from "@/lib/server/sse";
import { openStore } from "@/lib/server/store";
import { demoCardJson } from "@/demo/a2a/card";
import { startA2aDemo, type A2aDemo } from "@/demo/a2a/demo-agent";
import { tempDir } from "@/tests/support/servers";

// Issue 23's relay: the frames of one network read are recorded as one batch and broadcast once;
// the page still gets every frame once, in order, across a drop and a Last-Event-ID resume.
const CHUNKS = 300;
const data = tempDir("loupe-a2a-batches-");
let demo: A2aDemo;
let replay: http.Server;
let a2a: A2aRegistry;
let demoId = "";
let replayId = "";
/** The demo agent's own frames (each JSON-RPC `result`) of one `stream CHUNKS` task, as it sent them. */
let captured: string[] = [];

const streamBody = { parts: [{ kind: "data" as const, data: { skill: "stream", count: CHUNKS } }], stream: true };

/** The demo agent's stream, read raw, so the replay below sends a real agent's bytes. */
async function capture(url: string): Promise<string[]> {
  const res = await fetch(`${url}/a2a/jsonrpc`, {
    method: "POST",
    headers: { "content-type": "application/json", "a2a-version": "1.0" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "SendStreamingMessage",
      params: { message: { messageId: crypto.randomUUID(), role: "ROLE_USER", parts: [{ data: { skill: "stream", count: CHUNKS } }] } },
    }),
  });
  return (await res.text())
    .split("\n\n")
    .flatMap((block) => block.split("\n").filter((l) => l.startsWith("data: ")))
    .map((line) => JSON.stringify((JSON.parse(line.slice(6)) as { result: unknown }).result));
}

/**
 * An agent on loopback whose card is the demo's and whose every send is answered by `answer`, given
 * the SSE text of `results` (JSON-RPC `result`s) under the request's id.
 */
async function replayAgent(results: readonly string[], answer: (res: http.ServerResponse, sse: string) => void): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (req.method === "GET")
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(demoCardJson(base)));
    let text = "";
    req.on("data", (c: Buffer) => (text += c.toString()));
    req.on("end", () => {
      const id = JSON.stringify((JSON.parse(text) as { id: unknown }).id);
      res.writeHead(200, { "content-type": "text/event-stream" });
      answer(res, results.map((r) => `data: {"jsonrpc":"2.0","id":${id},"result":${r}}\n\n`).join(""));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return server;
}

beforeAll(async () => {
  demo = await startA2aDemo({ timing: { stepMs: 0 } });
  captured = await capture(demo.url);
  // The captured stream sent back in one write: the relay then reads many frames per network read.
  replay = await replayAgent(captured, (res, sse) => res.end(sse));
  a2a = new A2aRegistry(new Hub(openStore(data.dir)));
  demoId = (await a2a.create({ name: "demo", url: `${demo.url}/.well-known/agent-card.json`, headers: {} })).id;
  const replayUrl = `http://127.0.0.1:${(replay.address() as AddressInfo).port}/.well-known/agent-card.json`;
  replayId = (await a2a.create({ name: "replay", url: replayUrl, headers: {} })).id;
});

afterAll(async () => {
  await a2a.closeAll();
  a2a.hub.store.close();
  await demo.stop();
  await new Promise<void>((resolve) => replay.close(() => resolve()));
  data.cleanup();
});

/** The stream task sent to an agent `server` serves, read to its end: what was recorded for that agent. */
async function streamThrough(server: http.Server, name: string): Promise<Entry[]> {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/agent-card.json`;
  const agentId = (await a2a.create({ name, url, headers: {} })).id;
  const sent = await a2a.send(agentId, streamBody);
  await a2a.waitExchange(sent.exchangeId);
  return a2a.hub.list(agentId, { limit: 1000 });
}

const frames = (entries: readonly Entry[]) => entries.filter((e) => e.kind === "a2a_frame");
const payloadResult = (e: Entry) => JSON.stringify((e.raw as { payload: { result: unknown } }).payload.result);
const closed = (e: Entry) => e.kind === "a2a_stream" && (e.raw as { event: string }).event === "closed";

/** One event of the page's stream: its name, its id, the entries it carries (none when its data does not read). */
interface PageEvent {
  name: string;
  id: number;
  entries: Entry[];
}

/** Reads the page's stream into `into` until `until` holds for an event's entries, or the stream ends. */
async function readPage(
  stream: ReadableStream<Uint8Array>,
  until: (entries: Entry[]) => boolean,
  into: PageEvent[] = [],
): Promise<PageEvent[]> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const next = await reader.read();
    if (next.done) return into;
    buffer += decoder.decode(next.value, { stream: true });
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const id = /^id: (\d+)$/m.exec(block)?.[1];
      if (!id) continue;
      const name = /^event: (.*)$/m.exec(block)?.[1] ?? "";
      const entries = streamEventEntries(name, /^data: (.*)$/m.exec(block)?.[1] ?? "");
      into.push({ name, id: Number(id), entries });
      if (until(entries)) {
        await reader.cancel();
        return into;
      }
    }
  }
}

describe("the A2A relay records frames in batches", () => {
  it("a read's frames are one batch and one broadcast, in order; the first frame goes out alone, before the rest of its read", async () => {
    const batches: Entry[][] = [];
    let afterFirst: number | undefined;
    const off = a2a.hub.subscribeBatches(a2a.hub.maxSeq(), (entries) => {
      const got = frames(entries);
      if (got.length === 0) return;
      // The next macrotask: the page's stream writes then. Only the first frame may be recorded by it.
      if (batches.length === 0) setImmediate(() => (afterFirst = frames(a2a.hub.list(replayId, { limit: 1000 })).length));
      batches.push(got);
    });
    const sent = await a2a.send(replayId, streamBody);
    await a2a.waitExchange(sent.exchangeId);
    await new Promise((resolve) => setImmediate(resolve));
    off();
    const all = batches.flat();
    expect(all.map(payloadResult)).toEqual(captured);
    expect(all.map((e) => e.seq)).toEqual([...all.map((e) => e.seq)].sort((a, b) => a - b));
    expect(batches[0]).toHaveLength(1);
    expect(afterFirst).toBe(1);
    // 300 frames of ~300 bytes arrive in a few reads: a handful of broadcasts, not one per frame.
    expect(batches.length).toBeLessThan(CHUNKS / 10);
    // Stored as they arrived: the entry read back is the frame (its payload's JSON is the agent's text).
    expect(payloadResult(a2a.hub.get(all[150]!.seq)!)).toBe(captured[150]);
    expect(a2a.listTasks(replayId).find((t) => t.taskId === sent.taskId)).toMatchObject({ state: "completed", artifactCount: 1 });
  });

  it("a stream that starts with a byte order mark and a comment, with a character cut between two network reads, is read whole", async () => {
    // The frames of the captured task, one chunk's text made multi-byte, sent with a BOM first and
    // cut inside that text's emoji: two writes 30 ms apart, so the relay reads them apart.
    const results = captured.map((r, i) => (i === 5 ? r.replace(/chunk \d+\\n/, "chunk é 🙂\\n") : r));
    const server = await replayAgent(results, (res, sse) => {
      const body = Buffer.from(`\uFEFF: a comment before the first event\n\n${sse}`);
      const cut = body.indexOf(Buffer.from("🙂")) + 2;
      res.write(body.subarray(0, cut));
      setTimeout(() => res.end(body.subarray(cut)), 30);
    });
    try {
      const recorded = await streamThrough(server, "cut");
      expect(recorded.filter((e) => e.kind === "a2a_malformed")).toEqual([]);
      expect(frames(recorded).map(payloadResult)).toEqual(results);
      // Each frame's size, counted from its parts (head and payload), is its stored text's: é and 🙂 included.
      for (const e of frames(recorded)) expect(e.rawBytes).toBe(Buffer.byteLength(JSON.stringify(e.raw)));
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("a stream with CRLF lines and comments first: its first frame still goes out alone, and every frame once, in order", async () => {
    const server = await replayAgent(captured, (res, sse) => res.end(`: one\r\n\r\n: two\r\n\r\n${sse}`.replace(/(?<!\r)\n/g, "\r\n")));
    const batches: Entry[][] = [];
    const off = a2a.hub.subscribeBatches(a2a.hub.maxSeq(), (entries) => {
      const got = frames(entries);
      if (got.length > 0) batches.push(got);
    });
    try {
      const recorded = await streamThrough(server, "crlf");
      expect(recorded.filter((e) => e.kind === "a2a_malformed")).toEqual([]);
      expect(frames(recorded).map(payloadResult)).toEqual(captured);
      expect(batches.flat().map(payloadResult)).toEqual(captured);
      expect(batches[0]).toHaveLength(1);
    } finally {
      off();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("two streams of one agent at once: the page gets every frame of each once, and a run never mixes them", async () => {
    const leave = new AbortController();
    const stream = entryStream(a2a.hub, a2a.hub.maxSeq(), leave.signal, { runs: true });
    const [a, b] = await Promise.all([a2a.send(replayId, streamBody), a2a.send(replayId, streamBody)]);
    let ended = 0;
    const events = await readPage(
      stream,
      (entries) => (ended += entries.filter((e) => e.connectionId === replayId && closed(e)).length) === 2,
    );
    leave.abort();
    await Promise.all([a2a.waitExchange(a.exchangeId), a2a.waitExchange(b.exchangeId)]);
    const exchangeOf = (e: Entry) => (e.raw as { exchangeId: string }).exchangeId;
    for (const e of events.filter((ev) => ev.name === "entries")) expect(new Set(e.entries.map(exchangeOf)).size).toBe(1);
    const all = frames(events.flatMap((e) => e.entries));
    for (const id of [a.exchangeId, b.exchangeId]) expect(all.filter((e) => exchangeOf(e) === id).map(payloadResult)).toEqual(captured);
    expect(new Set(all.map((e) => e.seq)).size).toBe(all.length);
  });

  it("a page that did not ask for runs (?runs=1) gets each frame as its own `entry` event", async () => {
    const leave = new AbortController();
    const stream = entryStream(a2a.hub, a2a.hub.maxSeq(), leave.signal);
    const sent = await a2a.send(replayId, streamBody);
    const events = await readPage(stream, (entries) => entries.some((e) => e.connectionId === replayId && closed(e)));
    leave.abort();
    await a2a.waitExchange(sent.exchangeId);
    expect(new Set(events.map((e) => e.name))).toEqual(new Set(["entry"]));
    expect(frames(events.flatMap((e) => e.entries)).map(payloadResult)).toEqual(captured);
  });

  it("an agent that writes each event over several data lines: every frame reaches the page's stream, whole", async () => {
    const server = await replayAgent(captured, (res, sse) =>
      res.end(sse.replaceAll('data: {"jsonrpc":"2.0",', 'data: {"jsonrpc":"2.0",\ndata: ')),
    );
    const leave = new AbortController();
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/agent-card.json`;
      const agentId = (await a2a.create({ name: "lines", url, headers: {} })).id;
      const stream = entryStream(a2a.hub, a2a.hub.maxSeq(), leave.signal, { runs: true });
      const sent = await a2a.send(agentId, streamBody);
      const events = await readPage(stream, (entries) => entries.some((e) => e.connectionId === agentId && closed(e)));
      await a2a.waitExchange(sent.exchangeId);
      // Before: the line break inside each frame's text cut its event, and the page dropped the run.
      expect(events.filter((e) => e.entries.length === 0)).toEqual([]);
      expect(frames(events.flatMap((e) => e.entries)).map(payloadResult)).toEqual(captured);
    } finally {
      leave.abort();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("the page's stream, dropped mid-task and resumed with Last-Event-ID, gets every frame once, in order", async () => {
    const from = a2a.hub.maxSeq();
    const events: PageEvent[] = [];
    const seen = () => events.flatMap((e) => e.entries);
    const drop = new AbortController();
    const first = entryStream(a2a.hub, from, drop.signal, { runs: true });
    const sent = await a2a.send(demoId, streamBody);
    // The browser loses its connection after 40 frames, while the task still streams.
    await readPage(first, () => frames(seen()).length >= 40, events);
    drop.abort();
    const lastId = events.at(-1)!.id;
    const req = new Request("http://127.0.0.1/api/stream", { headers: { "last-event-id": String(lastId) } });
    const leave = new AbortController();
    const resumed = entryStream(a2a.hub, resumeAfter(req, undefined, a2a.hub), leave.signal, { runs: true });
    await readPage(resumed, (entries) => entries.some((e) => e.connectionId === demoId && closed(e)), events);
    leave.abort();
    await a2a.waitExchange(sent.exchangeId);
    // Every event read; its id is its last entry's seq. Frames that arrived together went out as
    // runs (one `entries` event each), not one event per frame.
    for (const e of events) expect(e.entries.at(-1)?.seq).toBe(e.id);
    expect(events.filter((e) => e.name === "entries").length).toBeGreaterThan(0);
    const ids = seen().map((e) => e.seq);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      a2a.hub.store
        .entriesAfter(from, 10_000)
        .map((e) => e.seq)
        .slice(0, ids.length),
    );
    const streamed = frames(seen()).filter((e) => e.connectionId === demoId);
    expect(streamed).toHaveLength(captured.length);
    // The chunks in the agent's order: chunk 1 … chunk N of the one artifact.
    const chunks = streamed.flatMap((e) => /"text":"chunk (\d+)\\n"/.exec(JSON.stringify(e.raw))?.[1] ?? []).map(Number);
    expect(chunks).toEqual(Array.from({ length: CHUNKS }, (_, i) => i + 1));
  });
});
