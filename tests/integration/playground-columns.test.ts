import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Conversation, PgTurn, PlaygroundColumn } from "@/lib/contracts/playground";
import { getHub } from "@/lib/server/hub";
import { getRegistry } from "@/lib/server/mcp/registry";
import { startFakeProvider, type FakeProvider, type RecordedRequest } from "@/tests/fixtures/fake-providers";
import * as conversations from "@/app/api/playground/conversations/route";
import * as messages from "@/app/api/playground/conversations/[id]/messages/route";
import * as columns from "@/app/api/playground/conversations/[id]/columns/route";
import * as columnRoute from "@/app/api/playground/conversations/[id]/columns/[columnId]/route";
import { waitFor, raws, ctx, jsonPost as req, playgroundDataDir, connectEverything, providerKeys } from "@/tests/support/playground";

/**
 * Side by side across providers: every column gets the same user messages, each keeps its own
 * answers (never another column's), and a column added later replays the earlier user messages
 * in order, each with its own answers so far.
 */

const data = playgroundDataDir("loupe-playground-columns-");
const KEY = providerKeys("test-key-columns-1234");

let everything = "";
const fakes: Record<"openai" | "anthropic" | "gemini", FakeProvider> = {} as never;
beforeAll(async () => {
  everything = await connectEverything();
  for (const wire of ["openai", "anthropic", "gemini"] as const) {
    // Each answers with its wire and how many user messages it was sent: the test reads both back.
    fakes[wire] = await startFakeProvider(wire, {
      apiKey: KEY,
      fallback: (r: RecordedRequest) => ({ text: `${wire} saw ${userTexts(wire, r.body).join(" + ")}` }),
    });
  }
});
afterAll(async () => {
  for (const f of Object.values(fakes)) await f.close();
  await getRegistry().closeAll();
  data.cleanup();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
function userTexts(wire: string, body: unknown): string[] {
  const b = body as Json;
  const text = (c: unknown): string =>
    typeof c === "string"
      ? c
      : (c as Json[])
          .filter((p) => p.type === "text")
          .map((p) => p.text)
          .join("");
  if (wire === "gemini")
    return (b.contents as Json[]).filter((c) => c.role === "user").map((c) => c.parts.map((p: Json) => p.text ?? "").join(""));
  return (b.messages as Json[]).filter((m) => m.role === "user").map((m) => text(m.content));
}
function assistantTexts(wire: string, body: unknown): string[] {
  const b = body as Json;
  if (wire === "gemini")
    return (b.contents as Json[]).filter((c) => c.role === "model").map((c) => c.parts.map((p: Json) => p.text ?? "").join(""));
  const text = (c: unknown): string =>
    typeof c === "string"
      ? c
      : (c as Json[])
          .filter((p) => p.type === "text")
          .map((p) => p.text)
          .join("");
  return (b.messages as Json[]).filter((m) => m.role === "assistant").map((m) => text(m.content));
}

const done = (id: string, columnId: string, turn: number) =>
  waitFor(`turn ${turn} of ${columnId}`, () =>
    raws<PgTurn>(
      getHub()
        .list(id, { limit: 5000 })
        .filter((e) => e.sessionKey === columnId),
      "pg_turn",
    ).find((t) => t.turn === turn && t.status !== "running"),
  );

describe("columns side by side", () => {
  it("different providers get the same user messages, keep their own answers, and an added column replays them", async () => {
    const res = await conversations.POST(
      req({
        servers: [{ connectionId: everything, tools: ["echo"] }],
        policy: "never",
        columns: [
          { provider: "openai", model: "gpt-4o-mini", baseUrl: fakes.openai.baseUrl },
          { provider: "anthropic", model: "claude-sonnet-4-5", baseUrl: fakes.anthropic.baseUrl },
        ],
      }),
    );
    const made = (await res.json()) as Conversation;
    const [a, b] = made.columns;
    for (const [turn, text] of [
      [1, "one"],
      [2, "two"],
    ] as const) {
      expect((await messages.POST(req({ text }), ctx({ id: made.id }))).status).toBe(202);
      expect((await done(made.id, a!.id, turn)).status).toBe("done");
      expect((await done(made.id, b!.id, turn)).status).toBe("done");
    }
    expect(userTexts("openai", fakes.openai.requests[1]!.body)).toEqual(["one", "two"]);
    expect(userTexts("anthropic", fakes.anthropic.requests[1]!.body)).toEqual(["one", "two"]);
    expect(assistantTexts("openai", fakes.openai.requests[1]!.body)).toEqual(["openai saw one"]);
    expect(assistantTexts("anthropic", fakes.anthropic.requests[1]!.body)).toEqual(["anthropic saw one"]);

    const added = await columns.POST(
      req({ config: { provider: "google", model: "gemini-2.5-flash", baseUrl: fakes.gemini.baseUrl } }),
      ctx({ id: made.id }),
    );
    expect(added.status).toBe(201);
    const c = (await added.json()) as PlaygroundColumn;
    expect((await done(made.id, c.id, 2)).status).toBe("done");
    expect(fakes.gemini.requests.map((r) => userTexts("gemini", r.body))).toEqual([["one"], ["one", "two"]]);
    expect(assistantTexts("gemini", fakes.gemini.requests[1]!.body)).toEqual(["gemini saw one"]);

    // A third message goes to all three, each on its own history.
    expect((await messages.POST(req({ text: "three" }), ctx({ id: made.id }))).status).toBe(202);
    for (const col of [a!, b!, c]) expect((await done(made.id, col.id, 3)).status).toBe("done");
    expect(assistantTexts("gemini", fakes.gemini.requests.at(-1)!.body)).toEqual(["gemini saw one", "gemini saw one + two"]);
    expect(assistantTexts("anthropic", fakes.anthropic.requests.at(-1)!.body)).toEqual(["anthropic saw one", "anthropic saw one + two"]);
  });

  it("a column switched to another provider mid-conversation re-sends its tool calls in the new provider's shape", async () => {
    const res = await conversations.POST(
      req({
        servers: [{ connectionId: everything, tools: ["echo"] }],
        policy: "never",
        columns: [{ provider: "google", model: "gemini-2.5-flash", baseUrl: fakes.gemini.baseUrl }],
      }),
    );
    const made = (await res.json()) as Conversation;
    const col = made.columns[0]!;
    fakes.gemini.enqueue({ toolCalls: [{ name: "echo", arguments: { message: "from gemini" } }] }, { text: "Gemini echoed." });
    await messages.POST(req({ text: "echo" }), ctx({ id: made.id }));
    expect((await done(made.id, col.id, 1)).status).toBe("done");
    const patch = (config: unknown) =>
      columnRoute.PATCH(
        new Request("http://127.0.0.1:3000/x", { method: "PATCH", body: JSON.stringify({ config }) }),
        ctx({ id: made.id, columnId: col.id }),
      );
    let turn = 1;
    for (const [wire, config] of [
      ["anthropic", { provider: "anthropic", model: "claude-sonnet-4-5", baseUrl: fakes.anthropic.baseUrl }],
      ["openai", { provider: "openai", model: "gpt-4o-mini", baseUrl: fakes.openai.baseUrl }],
    ] as const) {
      expect((await patch(config)).status).toBe(200);
      turn += 1;
      await messages.POST(req({ text: `now ${wire}` }), ctx({ id: made.id }));
      const ended = await done(made.id, col.id, turn);
      expect(ended.status, JSON.stringify(ended)).toBe("done");
      // The strict fake accepted the Gemini turn's call and result, re-sent as this provider's pair.
      expect(JSON.stringify(fakes[wire].requests.at(-1)!.body)).toContain("Echo: from gemini");
    }
  });
});
