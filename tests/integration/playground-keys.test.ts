import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Entry } from "@/lib/contracts/entries";
import type { Conversation, PgModelResponse, PgTurn } from "@/lib/contracts/playground";
import { getHub } from "@/lib/server/hub";
import { getRegistry } from "@/lib/server/mcp/registry";
import { startFakeProvider, type FakeProvider } from "@/tests/fixtures/fake-providers";
import * as providers from "@/app/api/playground/providers/route";
import * as provider from "@/app/api/playground/providers/[provider]/route";
import * as conversations from "@/app/api/playground/conversations/route";
import * as conversation from "@/app/api/playground/conversations/[id]/route";
import * as messages from "@/app/api/playground/conversations/[id]/messages/route";
import * as entriesRoute from "@/app/api/playground/conversations/[id]/entries/route";
import { ctx, playgroundDataDir } from "@/tests/support/playground";

/**
 * A provider key entered in the settings is used (the fake OpenAI server checks it) and is found
 * nowhere else: not in any route's answer, not in the recorded entries, not in any file of the
 * data dir but the 0600 keys file — even when the provider echoes the key back in an error.
 */

const data = playgroundDataDir("loupe-pg-keys-e2e-");
delete process.env.OPENAI_API_KEY;
const KEY = "sk-proj-settings-Zq81xYw3Vb5nT0Lk";
const base = "http://127.0.0.1:3000";
const req = (method: string, body?: unknown) =>
  new Request(`${base}/x`, {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {}),
  });

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider("openai", { apiKey: KEY, port: 8520 });
});
afterAll(async () => {
  await fake.close();
  await getRegistry().closeAll();
  data.cleanup();
});

async function turnEnded(id: string, turn: number): Promise<PgTurn> {
  const until = Date.now() + 15_000;
  for (;;) {
    const ended = getHub()
      .list(id, { limit: 5000 })
      .filter((e) => e.kind === "pg_turn")
      .map((e) => e.raw as PgTurn)
      .find((t) => t.turn === turn && t.status !== "running");
    if (ended) return ended;
    if (Date.now() > until) throw new Error(`turn ${turn} did not end`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Every file of the data dir (the SQLite database, its WAL, JSON files) that holds `text` as bytes. */
function filesHolding(text: string): string[] {
  const needle = Buffer.from(text, "utf8");
  return readdirSync(data.dir).filter((f) => readFileSync(path.join(data.dir, f)).includes(needle));
}

describe("a provider key kept server-side", () => {
  it("is sent to the provider, and never shows in routes, entries or other stored files", async () => {
    const saved = await provider.PUT(req("PUT", { apiKey: KEY }), ctx({ provider: "openai" }));
    expect(saved.status).toBe(200);

    fake.enqueue({ text: "Hello from the fake model." });
    // The provider echoes the key in its error (some proxies do): it must not be stored or shown.
    fake.enqueue({ error: { status: 400, message: `Key ${KEY} is not allowed for model gpt-4o-mini` } });
    const created = await conversations.POST(
      req("POST", { title: "keys", columns: [{ provider: "openai", model: "gpt-4o-mini", baseUrl: fake.baseUrl }] }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as Conversation;
    expect((await messages.POST(req("POST", { text: "Hi" }), ctx({ id }))).status).toBe(202);
    expect(await turnEnded(id, 1)).toMatchObject({ status: "done" });
    expect((await messages.POST(req("POST", { text: "Again" }), ctx({ id }))).status).toBe(202);
    expect(await turnEnded(id, 2)).toMatchObject({ status: "error" });

    // The key was really used: the provider received it (and accepted it on the first request).
    expect(fake.requests.map((r) => r.apiKey)).toEqual([KEY, KEY]);

    const entriesRes = await entriesRoute.GET(new Request(`${base}/api/playground/conversations/${id}/entries?limit=5000`), ctx({ id }));
    const entriesText = await entriesRes.text();
    const entries = JSON.parse(entriesText) as Entry[];
    const responses = entries.filter((e) => e.kind === "pg_model_response").map((e) => e.raw as PgModelResponse);
    expect(responses.map((r) => r.status)).toEqual(["ok", "error"]);
    // The error is still told, with the key replaced.
    expect(JSON.stringify(responses[1])).toContain("[redacted]");

    const shown = [
      entriesText,
      JSON.stringify(getHub().list(id, { limit: 5000 })),
      await (await conversation.GET(new Request(`${base}/x`), ctx({ id }))).text(),
      await (await conversations.GET()).text(),
      await (await providers.GET()).text(),
    ];
    for (const text of shown) expect(text).not.toContain(KEY);
    expect(filesHolding(KEY)).toEqual(["playground-providers.json"]);
  });
});
