import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Conversation, PgModelRequest, PgToolCall } from "@/lib/contracts/playground";
import { getHub } from "@/lib/server/hub";
import { getRegistry } from "@/lib/server/mcp/registry";
import { MODEL_RESULT_MAX_CHARS } from "@/lib/server/playground/history";
import { startFakeProvider, type FakeProvider } from "@/tests/fixtures/fake-providers";
import { FILESYSTEM, stdioInput, tempDir } from "@/tests/support/servers";
import * as conversations from "@/app/api/playground/conversations/route";
import * as messages from "@/app/api/playground/conversations/[id]/messages/route";
import { raws, live, ctx, jsonPost as req, playgroundDataDir, openAiKey, turnEnded } from "@/tests/support/playground";

const data = playgroundDataDir("loupe-playground-huge-");
const KEY = openAiKey("test-key-huge-1234");
const files = tempDir("loupe-playground-huge-files-");
const BIG = path.join(files.dir, "big.txt");
const SIZE = 5 * 1024 * 1024;

let fs = "";
let fake: FakeProvider;
beforeAll(async () => {
  writeFileSync(BIG, "0123456789abcdef".repeat(SIZE / 16));
  fs = (await getRegistry().create(stdioInput("files", [FILESYSTEM, files.dir]))).id;
  fake = await startFakeProvider("openai", { apiKey: KEY });
});
afterAll(async () => {
  await fake.close();
  await getRegistry().closeAll();
  data.cleanup();
  files.cleanup();
});

/** A 5 MiB result takes longer than the usual wait to go through the loop. */
const TURN_MS = 30_000;

describe("a 5 MiB tool result", () => {
  it("reaches the model cut to a size it can take, and is stored once, with its call", async () => {
    const res = await conversations.POST(
      req({
        servers: [{ connectionId: fs, tools: ["read_text_file"] }],
        policy: "never",
        columns: [{ provider: "openai", model: "gpt-4o-mini", baseUrl: fake.baseUrl }],
      }),
    );
    const { id } = (await res.json()) as Conversation;
    fake.enqueue({ toolCalls: [{ id: "call_big", name: "read_text_file", arguments: { path: BIG } }] }, { text: "Big." });
    await messages.POST(req({ text: "read it" }), ctx({ id }));
    expect((await turnEnded(id, 1, TURN_MS)).status).toBe("done");
    for (let turn = 2; turn <= 4; turn++) {
      fake.enqueue({ text: `Turn ${turn}.` });
      await messages.POST(req({ text: `turn ${turn}` }), ctx({ id }));
      expect((await turnEnded(id, turn, TURN_MS)).status).toBe("done");
    }
    const call = raws<PgToolCall>(live(id), "pg_tool_call").at(-1)!;
    expect(call.status).toBe("ok");
    // The model gets the result's head and the size in words, not 5 MiB (about 1.3M tokens: over
    // every provider's context, so each later turn of the conversation would fail as well).
    const sent = fake.requests.map((r) => JSON.stringify(r.body));
    expect(sent).toHaveLength(5);
    for (const body of sent.slice(1)) {
      expect(body.length).toBeLessThan(MODEL_RESULT_MAX_CHARS + 10_000);
      expect(body).toContain(
        `[Loupe: the tool result is ${SIZE.toLocaleString("en-US")} characters long; the first ${MODEL_RESULT_MAX_CHARS.toLocaleString("en-US")} are sent here.`,
      );
    }
    // …but the record keeps it once, with the call: each request's recorded body names the call
    // instead of storing another 5 MiB (four requests would otherwise store 20 MiB more).
    const entries = live(id);
    const bytes = (kind: string) => entries.filter((e) => e.kind === kind).reduce((n, e) => n + e.rawBytes, 0);
    expect(bytes("pg_tool_call")).toBeGreaterThan(SIZE);
    expect(bytes("pg_model_request")).toBeLessThan(256 * 1024);
    const stored = raws<PgModelRequest>(
      getHub().store.connectionEntriesOfKinds(id, ["pg_model_request"], undefined, 100),
      "pg_model_request",
    );
    const last = JSON.stringify(stored.at(-1)!.body);
    expect(last).toContain('the result of tool call \\"call_big\\"');
    expect(last).toContain("Turn 3.");
    // The history rebuilt from the record gives the model the same head; the call keeps the whole file.
    expect(sent.at(-1)!).toContain("0123456789abcdef".repeat(1000));
    const whole = raws<PgToolCall>(getHub().store.connectionEntriesOfKinds(id, ["pg_tool_call"], undefined, 100), "pg_tool_call").at(-1)!;
    expect(JSON.stringify(whole.result)).toContain("0123456789abcdef".repeat(SIZE / 16));
  });
});
