import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Conversation, PgModelRequest, PgTurn, ProviderStatus } from "@/lib/contracts/playground";
import { getHub } from "@/lib/server/hub";
import { startFakeProvider, type FakeProvider } from "@/tests/fixtures/fake-providers";
import * as providers from "@/app/api/playground/providers/route";
import * as provider from "@/app/api/playground/providers/[provider]/route";
import * as conversations from "@/app/api/playground/conversations/route";
import * as conversation from "@/app/api/playground/conversations/[id]/route";
import * as messages from "@/app/api/playground/conversations/[id]/messages/route";
import * as entries from "@/app/api/playground/conversations/[id]/entries/route";
import * as columnRoute from "@/app/api/playground/conversations/[id]/columns/[columnId]/route";
import { waitFor, ctx, playgroundDataDir } from "@/tests/support/playground";

/**
 * A base URL typed with credentials (`http://user:secret@host/v1?api_key=…`): the requests still
 * carry them (Basic authorization, the query), but no route response and no recorded entry does.
 */

const data = playgroundDataDir("loupe-playground-url-secrets-");

const PASSWORD = "pw-s3cret-98765";
const QUERY_KEY = "qk-s3cret-54321";
const SECRETS = [PASSWORD, QUERY_KEY];

const json = (method: string, body: unknown) =>
  new Request("http://127.0.0.1:3000/x", { method, body: JSON.stringify(body), headers: { "content-type": "application/json" } });

let fake: FakeProvider;
let secretUrl = "";
beforeAll(async () => {
  fake = await startFakeProvider("openai", { requireKey: false, fallback: () => ({ text: "hello back" }) });
  secretUrl = fake.baseUrl.replace("://", `://loupe-user:${PASSWORD}@`) + `?api_key=${QUERY_KEY}`;
});
afterAll(async () => {
  await fake.close();
  data.cleanup();
});

const ended = (id: string, turn: number) =>
  waitFor(`turn ${turn}`, () =>
    getHub()
      .list(id, { limit: 5000 })
      .map((e) => e.raw as PgTurn)
      .find((t) => t.turn === turn && t.status !== undefined && t.status !== "running" && "startedAt" in t),
  );

async function text(res: Response | Promise<Response>): Promise<string> {
  const r = await res;
  expect(r.status, await r.clone().text()).toBeLessThan(300);
  return r.text();
}
function expectNoSecret(where: string, body: string): void {
  for (const s of SECRETS) expect(body.includes(s), `${where} holds ${s}`).toBe(false);
}
/** The request reached the fake with the real credentials. */
function expectSentWithCredentials(index: number): void {
  const sent = fake.requests[index]!;
  expect(sent.query.api_key).toBe(QUERY_KEY);
  expect(sent.headers.authorization).toBeDefined();
}

describe("credentials in a base URL", () => {
  it("are masked in the providers list, kept when the masked value is saved back, and still sent", async () => {
    expectNoSecret("PUT response", await text(provider.PUT(json("PUT", { baseUrl: secretUrl }), ctx({ provider: "openai-compatible" }))));
    const list = await text(providers.GET());
    expectNoSecret("GET /api/playground/providers", list);
    const shown = (JSON.parse(list) as ProviderStatus[]).find((p) => p.provider === "openai-compatible")!.baseUrl!;
    expect(shown).toContain("loupe-user:***@");
    expect(shown).toContain("api_key=***");
    // The settings dialog saves the endpoint back as it was shown: the real one stays.
    expectNoSecret("PUT again", await text(provider.PUT(json("PUT", { baseUrl: shown }), ctx({ provider: "openai-compatible" }))));

    // A new column takes the endpoint from the providers list (as the UI's defaults do).
    const made = JSON.parse(
      await text(conversations.POST(json("POST", { columns: [{ provider: "openai-compatible", model: "llama3.1", baseUrl: shown }] }))),
    ) as Conversation;
    await text(messages.POST(json("POST", { text: "hi" }), ctx({ id: made.id })));
    expect((await ended(made.id, 1)).status).toBe("done");
    expectSentWithCredentials(fake.requests.length - 1);
  });

  it("are masked in the conversation's column config, its entries and pg_model_request.url", async () => {
    const created = await text(
      conversations.POST(json("POST", { columns: [{ provider: "openai-compatible", model: "llama3.1", baseUrl: secretUrl }] })),
    );
    expectNoSecret("POST /conversations", created);
    const made = JSON.parse(created) as Conversation;
    const column = made.columns[0]!;
    expect(column.config.baseUrl).toContain("***");
    await text(messages.POST(json("POST", { text: "one" }), ctx({ id: made.id })));
    expect((await ended(made.id, 1)).status).toBe("done");
    expectSentWithCredentials(fake.requests.length - 1);

    // The setup panel re-sends the column's config as shown: the real endpoint stays.
    expectNoSecret(
      "PATCH column",
      await text(columnRoute.PATCH(json("PATCH", { config: column.config }), ctx({ id: made.id, columnId: column.id }))),
    );
    await text(messages.POST(json("POST", { text: "two" }), ctx({ id: made.id })));
    expect((await ended(made.id, 2)).status).toBe("done");
    expectSentWithCredentials(fake.requests.length - 1);

    expectNoSecret("GET conversation", await text(conversation.GET(new Request("http://127.0.0.1:3000/x"), ctx({ id: made.id }))));
    expectNoSecret("GET conversations", await text(conversations.GET()));
    const listed = await text(entries.GET(new Request("http://127.0.0.1:3000/x?limit=5000"), ctx({ id: made.id })));
    expectNoSecret("entries route", listed);
    const stored = getHub().list(made.id, { limit: 5000 });
    expectNoSecret("stored entries", JSON.stringify(stored.map((e) => e.raw)));
    const requests = stored.filter((e) => e.kind === "pg_model_request").map((e) => e.raw as PgModelRequest);
    expect(requests).toHaveLength(2);
    for (const r of requests) {
      expect(r.url).toContain("/chat/completions");
      expect(r.url).toContain("api_key=***");
    }
  });
});
