import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import type { Conversation, PgTurn, PlaygroundColumn } from "@/lib/contracts/playground";
import { getHub } from "@/lib/server/hub";
import { ConversationStore } from "@/lib/server/playground/conversation-store";
import { startFakeProvider, type FakeProvider, type RecordedRequest } from "@/tests/fixtures/fake-providers";
import * as conversations from "@/app/api/playground/conversations/route";
import * as messages from "@/app/api/playground/conversations/[id]/messages/route";
import * as columns from "@/app/api/playground/conversations/[id]/columns/route";
import { waitFor, ctx, jsonPost as req, playgroundDataDir, openAiKey } from "@/tests/support/playground";

/**
 * A column added later replays the conversation's user messages: past a turn that errors (as the
 * live columns went on past theirs), and only the messages that went to every column.
 */

const data = playgroundDataDir("loupe-playground-replay-");
const KEY = openAiKey("test-key-replay-1234");
process.env.ANTHROPIC_API_KEY = KEY;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** The user texts of an OpenAI or Anthropic request, in order. */
function userTexts(body: unknown): string[] {
  const text = (c: unknown): string =>
    typeof c === "string"
      ? c
      : (c as Json[])
          .filter((p) => p.type === "text")
          .map((p) => p.text)
          .join(" / ");
  return ((body as Json).messages as Json[]).filter((m) => m.role === "user").map((m) => text(m.content));
}

let openai: FakeProvider;
let anthropic: FakeProvider;
beforeAll(async () => {
  const saw = (r: RecordedRequest) => ({ text: `saw ${userTexts(r.body).join(" + ")}` });
  openai = await startFakeProvider("openai", { apiKey: KEY, fallback: saw });
  anthropic = await startFakeProvider("anthropic", { apiKey: KEY, fallback: saw });
});
afterAll(async () => {
  await openai.close();
  await anthropic.close();
  data.cleanup();
});

const columnEntries = (id: string, columnId: string): Entry[] =>
  getHub()
    .list(id, { limit: 5000 })
    .filter((e) => e.sessionKey === columnId);
const turns = (id: string, columnId: string) =>
  columnEntries(id, columnId)
    .filter((e) => e.kind === "pg_turn")
    .map((e) => e.raw as PgTurn);
const ended = (id: string, columnId: string, turn: number) =>
  waitFor(`turn ${turn} of ${columnId}`, () => turns(id, columnId).find((t) => t.turn === turn && t.status !== "running"));
const column = (id: string, columnId: string) =>
  getHub()
    .list(id, { limit: 5000 })
    .filter((e) => e.kind === "pg_column" && e.sessionKey === columnId)
    .map((e) => (e.raw as { column: PlaygroundColumn }).column)
    .at(-1)!;

async function conversation(): Promise<Conversation> {
  const res = await conversations.POST(
    req({
      columns: [
        { provider: "openai", model: "gpt-4o-mini", baseUrl: openai.baseUrl },
        { provider: "openai", model: "gpt-4o", baseUrl: openai.baseUrl },
      ],
    }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as Conversation;
}
async function send(made: Conversation, text: string, columnIds?: string[]): Promise<void> {
  const res = await messages.POST(req({ text, ...(columnIds ? { columnIds } : {}) }), ctx({ id: made.id }));
  expect(res.status).toBe(202);
  for (const id of columnIds ?? made.columns.map((c) => c.id)) {
    await waitFor(
      `${text} on ${id}`,
      () => turns(made.id, id).filter((t) => t.status !== "running").length > 0 && !(column(made.id, id).status === "running"),
    );
  }
}
async function addColumn(made: Conversation): Promise<PlaygroundColumn> {
  const res = await columns.POST(
    req({ config: { provider: "anthropic", model: "claude-sonnet-4-5", baseUrl: anthropic.baseUrl } }),
    ctx({ id: made.id }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as PlaygroundColumn;
}

describe("replay on an added column", () => {
  it("goes on past a turn that errors: every later user message is still sent, on a valid history", async () => {
    const made = await conversation();
    for (const text of ["one", "two", "three"]) await send(made, text);
    anthropic.requests.length = 0;
    anthropic.enqueue({ error: { status: 400, message: "prompt is too long for this replay test" } });
    const added = await addColumn(made);
    expect(await ended(made.id, added.id, 1)).toMatchObject({ status: "error" });
    await waitFor("the replay to end", () => !["running", "awaiting_approval"].includes(column(made.id, added.id).status));
    const last = new Map(turns(made.id, added.id).map((t) => [t.turn, t.status]));
    expect([...last.entries()]).toEqual([
      [1, "error"],
      [2, "done"],
      [3, "done"],
    ]);
    // The failed turn's user message stays in the history the next turns send (the live columns' shape).
    expect(anthropic.requests.map((r) => userTexts(r.body).join(" | "))).toEqual(["one", "one / two", "one / two | three"]);
    expect(column(made.id, added.id).status).toBe("idle");
  });

  it("replays only the messages that went to every column, not one sent to some columns only", async () => {
    const made = await conversation();
    const [a, b] = made.columns;
    await send(made, "shared one");
    await send(made, "only to the first column", [a!.id]);
    // Naming every column is the same as naming none.
    await send(made, "shared two", [a!.id, b!.id]);
    anthropic.requests.length = 0;
    const added = await addColumn(made);
    await waitFor("the replay to start", () => turns(made.id, added.id).length > 0);
    await waitFor("the replay to end", () => !["running", "awaiting_approval"].includes(column(made.id, added.id).status));
    const sent = columnEntries(made.id, added.id)
      .filter((e) => e.kind === "pg_user")
      .map((e) => (e.raw as { text: string }).text);
    expect(sent).toEqual(["shared one", "shared two"]);
    expect(anthropic.requests.map((r) => userTexts(r.body).join(" | "))).toEqual(["shared one", "shared one | shared two"]);
  });

  it("reads a conversation saved before messages named their columns as sent to every column", () => {
    const store = getHub().store;
    store
      .prepare("INSERT INTO playground_conversations (id, title, settings, messages, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)")
      .run(
        "older",
        "older",
        JSON.stringify({ systemPrompt: "", servers: [], policy: "never", toolPolicies: {} }),
        JSON.stringify(["hello", "again"]),
        1,
        1,
      );
    const rows = new ConversationStore(store);
    expect(rows.getConversation("older")!.messages).toEqual([{ text: "hello" }, { text: "again" }]);
    rows.saveConversation({ ...rows.getConversation("older")!, messages: [{ text: "hello" }, { text: "aside", columnIds: ["c1"] }] });
    const raw = store.prepare("SELECT messages FROM playground_conversations WHERE id = ?").get("older") as { messages: string };
    expect(JSON.parse(raw.messages)).toEqual(["hello", { text: "aside", columnIds: ["c1"] }]);
  });
});
