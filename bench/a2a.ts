import http from "node:http";
import { SendMessageRequest } from "@a2a-js/sdk";
import { ClientFactory, JsonRpcTransportFactory } from "@a2a-js/sdk/client";
import type { Client } from "@a2a-js/sdk/client";
import { demoCardJson } from "../demo/a2a/card";
import { startA2aDemo } from "../demo/a2a/demo-agent";
import type { Bench, Figure } from "./types";
import { interleavedMedians, ratio } from "./types";
import { loadServerModule } from "./load-server";

/** In issue 11's A2A range (7150–7159). */
const DEMO_PORT = 7156;
const REPLAY_PORT = 7157;
/** Live: the SDK's task store clones the whole task per event, so the agent's cost grows as N². */
const LIVE_CHUNKS = 250;
const REPLAY_CHUNKS = 5000;
let CHUNKS = LIVE_CHUNKS;

const streamRequest = (): SendMessageRequest =>
  SendMessageRequest.fromJSON({
    message: { messageId: crypto.randomUUID(), role: "ROLE_USER", parts: [{ data: { skill: "stream", count: CHUNKS } }] },
  });

/** Reads a whole `stream N` task and returns how many stream events arrived. */
async function drain(client: Client): Promise<number> {
  let events = 0;
  for await (const _ of client.sendMessageStream(streamRequest())) events++;
  return events;
}

/** The `result` of every SSE event of one real `stream N` task, as the agent sent them. */
async function capture(url: string, chunks: number): Promise<string[]> {
  const results: string[] = [];
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "SendStreamingMessage",
    params: { message: { messageId: crypto.randomUUID(), role: "ROLE_USER", parts: [{ data: { skill: "stream", count: chunks } }] } },
  });
  const res = await fetch(`${url}/a2a/jsonrpc`, {
    method: "POST",
    headers: { "content-type": "application/json", "a2a-version": "1.0" },
    body,
  });
  for (const block of (await res.text()).split("\n\n")) {
    const data = block.split("\n").find((l) => l.startsWith("data: "));
    if (data) results.push(JSON.stringify((JSON.parse(data.slice(6)) as { result: unknown }).result));
  }
  return results;
}

/**
 * Replays captured frames as fast as the socket takes them (the card names this server), with the
 * JSON-RPC id of each request: the relay is then measured without the agent's own N² cost.
 */
async function startReplay(results: string[]): Promise<{ url: string; close(): Promise<void> }> {
  const url = `http://127.0.0.1:${REPLAY_PORT}`;
  const card = JSON.stringify(demoCardJson(url));
  const server = http.createServer((req, res) => {
    if (req.method === "GET") return void res.writeHead(200, { "content-type": "application/json" }).end(card);
    let text = "";
    req.on("data", (c: Buffer) => (text += c.toString()));
    req.on("end", () => {
      const id = JSON.stringify((JSON.parse(text) as { id: unknown }).id);
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.end(results.map((r) => `data: {"jsonrpc":"2.0","id":${id},"result":${r}}\n\n`).join(""));
    });
  });
  await new Promise<void>((resolve) => server.listen(REPLAY_PORT, "127.0.0.1", () => resolve()));
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * A2A streaming relay: one `stream N` task (N artifact chunks plus task, working and completed)
 * read by the SDK's own client over JSON-RPC SSE, bare vs. through Loupe's recorder
 * (lib/server/a2a/wire.ts: the fetch Loupe hands the SDK transport, which parses and records every
 * SSE event as an `a2a_frame` entry before the SDK sees it), and the whole send path
 * (`getA2a().send` + waitExchange: wire, task records, timeline). Live: from the demo A2A agent. Relay:
 * the same agent's frames, captured once and replayed at socket speed, so the figure is the
 * client side's. Interleaved runs.
 */
export const a2aBench: Bench = {
  name: "a2a",
  async run({ runs }) {
    const { getA2a } = await loadServerModule(() => import("@/lib/server/a2a"));
    const { A2aWire } = await loadServerModule(() => import("@/lib/server/a2a/wire"));
    const hub = getA2a().hub;
    let exchange = 0;
    let recordedEntries = 0;
    const factory = (fetchImpl?: typeof fetch) =>
      new ClientFactory({ transports: [new JsonRpcTransportFactory(fetchImpl ? { fetchImpl } : {})] });
    // A fresh wire per exchange, as Loupe makes one per send.
    const recordingFetch: typeof fetch = (input, init) =>
      new A2aWire(hub, {
        agentId: "bench-a2a",
        exchangeId: `bench-${++exchange}`,
        transport: "JSONRPC",
        onItem: () => void recordedEntries++,
      }).fetchWith({})(input, init);

    const registry = getA2a();
    const measure = async (label: string, url: string): Promise<Figure[]> => {
      const bare = await factory().createFromUrl(url);
      const recorded = await factory(recordingFetch).createFromUrl(url);
      // The whole path of a send from the UI: registry.send (task records, timeline, requests) + the wire.
      const agent = await registry.create({ name: `bench ${label}`, url: `${url}/.well-known/agent-card.json`, headers: {} });
      const body = { parts: [{ kind: "data" as const, data: { skill: "stream", count: CHUNKS } }], stream: true };
      const viaLoupe = async () => registry.waitExchange((await registry.send(agent.id, body)).exchangeId);
      const events = await drain(bare); // warm-up: JIT, sockets
      await drain(recorded);
      await viaLoupe();
      recordedEntries = 0;
      const ms = await interleavedMedians(runs, { bare: () => drain(bare), recorded: () => drain(recorded), loupe: viaLoupe });
      return [
        { label: `${label}: events per stream (${CHUNKS} chunks + 3)`, value: events, unit: "count" },
        { label: `${label}: bare SDK client`, value: ms.bare, unit: "ms", note: `median of ${runs}` },
        { label: `${label}: through Loupe's recorder`, value: ms.recorded, unit: "ms", note: `median of ${runs}` },
        { label: `${label}: bare events/s`, value: (events / ms.bare) * 1000, unit: "count" },
        { label: `${label}: recorded events/s`, value: (events / ms.recorded) * 1000, unit: "count" },
        { label: `${label}: frames recorded per stream`, value: recordedEntries / runs, unit: "count" },
        ratio(`${label}: recorded / bare time`, ms.recorded, ms.bare),
        { label: `${label}: getA2a().send, stream to its end`, value: ms.loupe, unit: "ms", note: `median of ${runs}` },
        { label: `${label}: getA2a().send events/s`, value: (events / ms.loupe) * 1000, unit: "count" },
        ratio(`${label}: getA2a().send / bare time`, ms.loupe, ms.bare),
      ];
    };

    const demo = await startA2aDemo({ port: DEMO_PORT, timing: { stepMs: 0 } });
    let replay: { url: string; close(): Promise<void> } | undefined;
    try {
      CHUNKS = LIVE_CHUNKS;
      const live = await measure("live demo agent", demo.url);
      replay = await startReplay(await capture(demo.url, REPLAY_CHUNKS));
      CHUNKS = REPLAY_CHUNKS;
      const relay = await measure("relay (replayed frames)", replay.url);
      return [...live, ...relay];
    } finally {
      await replay?.close();
      await demo.stop();
    }
  },
};
