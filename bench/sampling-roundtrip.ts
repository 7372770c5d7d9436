import { CallToolResultSchema, CreateMessageRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { CreateMessageResult } from "@modelcontextprotocol/sdk/types.js";
import type { Entry } from "@/lib/contracts/entries";
import { isRecord } from "@/lib/values";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import type { Bench, Figure } from "./types";
import { interleavedMedians, median, ratio } from "./types";
import { loadRegistry, loadServerModule } from "./load-server";
import { connectBare, everythingServer, loupeInput, until } from "./stdio";

const TOOL = "trigger-sampling-request";
const CALL = { name: TOOL, arguments: { prompt: "bench", maxTokens: 20 } };
const REPLY = { text: "bench reply", model: "bench-model" };

function resultText(result: unknown): string {
  const content = isRecord(result) && Array.isArray(result.content) ? result.content : [];
  return content.map((c) => (isRecord(c) && typeof c.text === "string" ? c.text : "")).join("\n");
}

function expectReply(text: string, who: string): void {
  if (!text.includes(REPLY.text) || !text.includes(REPLY.model))
    throw new Error(`${who}: the tool result lacks the reply: ${text.slice(0, 200)}`);
}

function isSamplingFrame(entry: Entry): entry is Entry & { raw: { id: string | number } } {
  const raw = entry.raw;
  return (
    entry.kind === "message" && entry.direction === "in" && isRecord(raw) && raw.method === "sampling/createMessage" && raw.id !== undefined
  );
}

/**
 * server-everything's trigger-sampling-request (the tool sends sampling/createMessage back and
 * returns what it got): a bare SDK client whose sampling handler answers at once vs. Loupe, where
 * the request lands in the inbox (ClientRequests) and is answered through its answer() — the same
 * call the inbox route makes — the moment its `mcp_request` entry reaches a hub subscriber.
 * The Loupe side therefore measures recording, inbox bookkeeping and the answer path; a human
 * would add their reading time.
 */
export const samplingRoundtripBench: Bench = {
  name: "sampling-roundtrip",
  async run({ root, runs }) {
    const figures: Figure[] = [];
    const n = runs * 4;
    const server = everythingServer(root);
    const answerAtOnce = (): CreateMessageResult => ({
      role: "assistant",
      content: { type: "text", text: REPLY.text },
      model: REPLY.model,
      stopReason: "endTurn",
    });
    const client = await connectBare(server, {
      capabilities: { sampling: {} },
      setup: (c) => c.setRequestHandler(CreateMessageRequestSchema, answerAtOnce),
    });
    // server-everything registers its sampling tool once it has seen the client's capabilities.
    await until(`bare SDK: ${TOOL} listed`, async () => (await client.listTools()).tools.some((t) => t.name === TOOL));
    const sdkCall = async () => {
      const result = await client.request({ method: "tools/call", params: CALL }, CallToolResultSchema);
      expectReply(resultText(result), "bare SDK");
    };
    await sdkCall(); // warm-up

    const registry = await loadRegistry(root);
    const mod = await loadServerModule(() => import("@/lib/server/mcp/requests"));
    if (!registry) {
      const times = await interleavedMedians(n, { sdk: sdkCall });
      await client.close();
      return [{ label: "tools/call with one sampling round trip, bare SDK", value: times.sdk, unit: "ms", note: `median of ${n}` }];
    }

    const id = "bench-sampling";
    const requests = mod.getClientRequests();
    await registry.create(loupeInput(root, server), { id }); // default capabilities: sampling on
    await until(`Loupe: ${TOOL} listed`, async () => (await registry.listTools(id, { refresh: true })).tools.some((t) => t.name === TOOL));

    // Request frame recorded (it has reached Loupe) → its pending mcp_request entry (it is listed).
    const frameAt = new Map<string | number, number>();
    const inboxLatency: number[] = [];
    let failure: unknown;
    const unsubscribe = registry.hub.subscribe(registry.hub.maxSeq(), (entry) => {
      if (entry.connectionId !== id) return;
      if (isSamplingFrame(entry)) {
        frameAt.set(entry.raw.id, performance.now());
        return;
      }
      if (entry.kind !== "mcp_request") return;
      const request = entry.raw as McpClientRequest;
      if (request.status !== "pending") return;
      const listedAt = performance.now();
      const arrived = frameAt.get(request.jsonrpcId);
      frameAt.delete(request.jsonrpcId);
      if (!requests.list({ connectionId: id }).some((r) => r.id === request.id && r.status === "pending")) {
        failure = new Error(`request ${request.id} was recorded but is not listed as pending`);
      }
      if (arrived !== undefined) inboxLatency.push(listedAt - arrived);
      // After the hub has finished delivering this entry: answer() records entries of its own.
      queueMicrotask(() => {
        requests.answer(id, request.id, { action: "accept", ...REPLY }).catch((error: unknown) => (failure = error));
      });
    });
    const loupeCall = async () => {
      const record = await registry.callTool(id, CALL);
      if (failure) throw failure;
      if (record.status !== "ok") throw new Error(`Loupe: call ended ${record.status}: ${JSON.stringify(record.error)}`);
      expectReply(resultText(record.result), "Loupe");
    };
    try {
      await loupeCall(); // warm-up
      inboxLatency.length = 0;
      const times = await interleavedMedians(n, { sdk: sdkCall, loupe: loupeCall });
      if (inboxLatency.length !== n) throw new Error(`saw ${inboxLatency.length} inbox arrivals for ${n} calls`);
      const note = `median of ${n}`;
      figures.push({
        label: "tools/call with one sampling round trip, bare SDK",
        value: times.sdk,
        unit: "ms",
        note: `${note}, handler answers at once`,
      });
      figures.push({
        label: "tools/call with one sampling round trip, Loupe",
        value: times.loupe,
        unit: "ms",
        note: `${note}, answered via the inbox`,
      });
      figures.push(ratio("  Loupe / bare SDK", times.loupe, times.sdk));
      figures.push({
        label: "  inbox latency: request frame recorded → listed",
        value: median(inboxLatency),
        unit: "ms",
        note: `${note}, max ${Math.max(...inboxLatency).toFixed(2)} ms`,
      });
    } finally {
      unsubscribe();
      await client.close();
      await registry.remove(id);
    }
    return figures;
  },
};
