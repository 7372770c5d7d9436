import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BundleUnitRefOf } from "@/lib/contracts/bundle";
import type { Conversation, PgToolCall } from "@/lib/contracts/playground";
import { getApprovals } from "@/lib/server/approvals";
import { BundleService, getBundles } from "@/lib/server/bundles";
import { playgroundConversationUnit } from "@/lib/server/playground/bundle-unit";
import { getHub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import type { FakeProvider } from "@/tests/fixtures/fake-providers";
import * as conversations from "@/app/api/playground/conversations/route";
import * as messages from "@/app/api/playground/conversations/[id]/messages/route";
import { ctx, jsonPostTo as post, playgroundDataDir, turnEnded, usePeers, waitFor } from "@/tests/support/playground";
import { tempDir } from "@/tests/support/servers";

/**
 * Playground conversation bundles with a real store: a turn run by the fake OpenAI provider with
 * server-everything's get-sum behind an approval, exported (columns, turns, approval; the
 * provider key nowhere, even where the user pasted it), then imported into a fresh store.
 */

const data = playgroundDataDir("loupe-bundle-pg-");
const KEY = "sk-bundle-test-key-71d0c3";
process.env.OPENAI_API_KEY = KEY;

let everything = "";
let fake!: FakeProvider;
usePeers(KEY, data, (peers) => ({ everything, fake } = peers));

let conversationId = "";
const ref = (): BundleUnitRefOf<"playground-conversation"> => ({ type: "playground-conversation", conversationId });

beforeAll(async () => {
  fake.enqueue(
    { text: "Adding.", toolCalls: [{ name: "get-sum", arguments: { a: 2, b: 3 } }], usage: { inputTokens: 10, outputTokens: 5 } },
    { text: "The sum is 5.", usage: { inputTokens: 20, outputTokens: 5 } },
  );
  const res = await conversations.POST(
    post("/api/playground/conversations", {
      title: "bundle test",
      // A key pasted where it should not be: the bundle must mask it there too.
      systemPrompt: `You add numbers. (my key is ${KEY})`,
      servers: [{ connectionId: everything, tools: ["get-sum"] }],
      policy: "always",
      columns: [{ provider: "openai", model: "gpt-4o-mini", baseUrl: fake.baseUrl }],
    }),
  );
  expect(res.status).toBe(201);
  conversationId = ((await res.json()) as Conversation).id;
  expect((await messages.POST(post("/x", { text: "What is 2 + 3?" }), ctx({ id: conversationId }))).status).toBe(202);
  const approval = await waitFor("the approval", () =>
    getApprovals()
      .list({ status: "pending" })
      .find((a) => a.origin.kind === "playground" && a.origin.conversationId === conversationId),
  );
  getApprovals().answer(approval.id, { action: "approve" });
  expect((await turnEnded(conversationId, 1)).status).toBe("done");
});

describe("playgroundConversationUnit", () => {
  it("exports the conversation, its columns, every pg_* entry whole in order, and its approval", async () => {
    const parts = await playgroundConversationUnit.export(ref());
    const stored = getHub().store.connectionEntries(conversationId, undefined, 100_000);
    expect(parts.entries.map((e) => e.seq)).toEqual(stored.map((e) => e.seq));
    expect(parts.entries.map((e) => e.raw)).toEqual(stored.map((e) => e.raw));
    const kinds = new Set(parts.entries.map((e) => e.kind));
    for (const kind of ["pg_conversation", "pg_column", "pg_user", "pg_model_request", "pg_model_response", "pg_tool_call", "pg_turn"]) {
      expect(kinds).toContain(kind);
    }
    const done = parts.entries.map((e) => (e.kind === "pg_tool_call" ? (e.raw as PgToolCall) : null)).find((c) => c?.status === "ok");
    expect(done).toMatchObject({ tool: "get-sum", connectionId: everything });

    const snapshot = playgroundConversationUnit.snapshotSchema.parse(parts.snapshot) as {
      conversation: Conversation;
      messages: { text: string }[];
      serverNames: Record<string, string>;
    };
    expect(snapshot.conversation).toMatchObject({ id: conversationId, title: "bundle test", policy: "always" });
    expect(snapshot.conversation.servers).toEqual([{ connectionId: everything, tools: ["get-sum"] }]);
    expect(snapshot.conversation.columns[0]!.config).toMatchObject({ provider: "openai", model: "gpt-4o-mini" });
    expect(snapshot.messages).toEqual([{ text: "What is 2 + 3?" }]);
    expect(snapshot.serverNames).toEqual({ [everything]: "everything" });
    expect(parts.inbox).toHaveLength(1);
    expect(parts.inbox[0]).toMatchObject({ source: "approval", status: "answered", tool: "get-sum" });
    expect(parts.connection).toMatchObject({ protocol: "playground", id: conversationId, name: "bundle test" });
  });

  it("the provider key is a secret value: in the raw export (the system prompt), nowhere in the bundle", async () => {
    expect(playgroundConversationUnit.secretValues(ref())).toContain(KEY);
    expect(JSON.stringify(await playgroundConversationUnit.export(ref()))).toContain(KEY);
    const bundle = await getBundles().exportUnit(ref());
    expect(JSON.stringify(bundle)).not.toContain(KEY);
    expect(bundle.secrets.masked).toBeGreaterThan(0);
  });

  it("an unknown conversation is not_found:bundle_unit", async () => {
    await expect(playgroundConversationUnit.export({ type: "playground-conversation", conversationId: "nope" })).rejects.toMatchObject({
      code: "not_found:bundle_unit",
    });
  });

  it("imports into a fresh store with the same entries and snapshot", async () => {
    const bundle = await getBundles().exportUnit(ref());
    const other = tempDir("loupe-bundle-pg-import-");
    const store = openStore(other.dir);
    try {
      const service = new BundleService(store);
      const summary = service.importText(JSON.stringify(bundle));
      const back = service.get(summary.id).bundle;
      expect(summary.unitType).toBe("playground-conversation");
      expect(back.entries).toEqual(bundle.entries);
      expect(back.snapshot).toEqual(bundle.snapshot);
      expect(back.inbox).toEqual(bundle.inbox);
    } finally {
      store.close();
      other.cleanup();
    }
  });
});

afterAll(() => {
  delete process.env.OPENAI_API_KEY;
});
