import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { createOpenAI } from "@ai-sdk/openai";
import { jsonSchema, stepCountIs, streamText, tool } from "ai";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import type { PgTurn } from "@/lib/contracts/playground";
import type { FakeStep, RecordedRequest } from "@/tests/fixtures/fake-providers";
import { startFakeProvider } from "@/tests/fixtures/fake-providers";
import type { Bench, Figure } from "./types";
import { interleavedMedians, ratio } from "./types";
import { loadRegistry, loadServerModule } from "./load-server";
import { connectBare, everythingServer, loupeInput, until } from "./stdio";

const KEY = "bench-key-playground";
const MODEL = "gpt-4o-mini";

/** The fake model: a get-sum call when no tool result followed the last user message, else a short answer. */
function reply(request: RecordedRequest): FakeStep {
  const body = request.body as { messages?: { role: string }[]; tools?: unknown[] };
  const messages = body.messages ?? [];
  const lastUser = messages.map((m) => m.role).lastIndexOf("user");
  const sawResult = messages.slice(lastUser + 1).some((m) => m.role === "tool");
  if (body.tools?.length && !sawResult) return { toolCalls: [{ name: "get-sum", arguments: { a: 2, b: 3 } }] };
  return { text: "The sum is 5." };
}

/**
 * Playground overhead per step (issue 10): one user turn through Loupe's loop (model request with
 * the exact body and raw response recorded, streamed deltas, the tool call gated — policy "never",
 * so no human wait — and run through the recorded MCP connection, every step a pg_* entry) against
 * a bare `streamText` of the AI SDK with the same provider client, the same fake OpenAI server
 * and the same tool executed by a bare MCP SDK client. Two turns: text only (one step) and one
 * tool call (two steps).
 */
export const playgroundBench: Bench = {
  name: "playground",
  async run({ root, runs }) {
    const n = runs * 4;
    const fake = await startFakeProvider("openai", { apiKey: KEY, fallback: reply });
    process.env.OPENAI_API_KEY = KEY;
    const server = everythingServer(root);
    const client = await connectBare(server);
    const registry = await loadRegistry(root);
    if (!registry) throw new Error("lib/server/mcp/registry.ts is missing");
    const { getPlayground } = await loadServerModule(() => import("@/lib/server/playground"));
    const playground = getPlayground();
    const connectionId = "bench-playground";
    await registry.create(loupeInput(root, server), { id: connectionId });
    await until("Loupe: get-sum listed", async () => (await registry.listTools(connectionId)).tools.some((t) => t.name === "get-sum"));

    const model = createOpenAI({ apiKey: KEY, baseURL: fake.baseUrl }).chat(MODEL);
    const sumTool = tool({
      description: "Returns the sum of two numbers",
      inputSchema: jsonSchema<{ a: number; b: number }>({
        type: "object",
        properties: { a: { type: "number" }, b: { type: "number" } },
        required: ["a", "b"],
      }),
      execute: async (args) =>
        await client.request({ method: "tools/call", params: { name: "get-sum", arguments: args } }, CallToolResultSchema),
    });
    const bare = async (withTools: boolean) => {
      const result = streamText({
        model,
        prompt: "What is 2 + 3?",
        maxRetries: 0,
        ...(withTools ? { tools: { "get-sum": sumTool }, stopWhen: stepCountIs(2) } : {}),
      });
      const text = await result.text;
      if (!text.includes("5")) throw new Error(`bare streamText answered ${JSON.stringify(text)}`);
    };

    const conversation = (withTools: boolean) =>
      playground.create({
        title: "bench",
        systemPrompt: "",
        servers: withTools ? [{ connectionId, tools: ["get-sum"] }] : [],
        policy: "never",
        toolPolicies: {},
        columns: [{ provider: "openai", model: MODEL, baseUrl: fake.baseUrl, strict: false, maxSteps: 5 }],
      });
    const made: string[] = [];
    // A fresh conversation each time: a first turn, with no history to send, as the bare call has none.
    const loupe = async (withTools: boolean, steps: number) => {
      const conversationId = conversation(withTools).id;
      made.push(conversationId);
      const ended = new Promise<PgTurn>((resolve) => {
        const off = registry.hub.subscribe(registry.hub.maxSeq(), (entry) => {
          const turn = entry.connectionId === conversationId ? entryPayload(entry, "pg_turn") : null;
          if (!turn || turn.status === "running") return;
          queueMicrotask(off);
          resolve(turn);
        });
      });
      playground.send(conversationId, { text: "What is 2 + 3?" });
      const turn = await ended;
      if (turn.status !== "done") throw new Error(`the playground turn ended ${turn.status}: ${turn.error ?? ""}`);
      const requests = registry.hub.store.connectionEntriesOfKinds(conversationId, ["pg_model_request"], undefined, 1);
      const last = requests[0] ? entryPayload(requests[0], "pg_model_request") : null;
      if (last?.turn !== turn.turn || last.step !== steps) throw new Error(`the playground turn took ${last?.step} steps, not ${steps}`);
    };

    const figures: Figure[] = [];
    try {
      await bare(false);
      await bare(true);
      await loupe(false, 1);
      await loupe(true, 2);
      const times = await interleavedMedians(n, {
        bareText: () => bare(false),
        loupeText: () => loupe(false, 1),
        bareTool: () => bare(true),
        loupeTool: () => loupe(true, 2),
      });
      const note = `median of ${n}, loopback fake OpenAI server`;
      figures.push({ label: "text turn (1 step), bare streamText", value: times.bareText, unit: "ms", note });
      figures.push({ label: "text turn (1 step), Loupe playground", value: times.loupeText, unit: "ms", note });
      figures.push({ label: "  overhead per step", value: times.loupeText - times.bareText, unit: "ms" });
      figures.push(ratio("  Loupe / bare", times.loupeText, times.bareText));
      figures.push({ label: "tool turn (2 steps + get-sum), bare streamText + SDK", value: times.bareTool, unit: "ms", note });
      figures.push({ label: "tool turn (2 steps + get-sum), Loupe playground", value: times.loupeTool, unit: "ms", note });
      figures.push({ label: "  overhead per step", value: (times.loupeTool - times.bareTool) / 2, unit: "ms" });
      figures.push(ratio("  Loupe / bare", times.loupeTool, times.bareTool));
    } finally {
      for (const id of made) playground.remove(id);
      await client.close();
      await registry.remove(connectionId);
      await fake.close();
    }
    return figures;
  },
};
