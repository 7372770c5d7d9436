import { describe, expect, it } from "vitest";
import type { Conversation, PgModelResponse, PgTurn } from "@/lib/contracts/playground";
import { getApprovals } from "@/lib/server/approvals";
import { getHub } from "@/lib/server/hub";
import { Playground } from "@/lib/server/playground";
import { defaultDeps } from "@/lib/server/playground/default-deps";
import type { FakeProvider } from "@/tests/fixtures/fake-providers";
import * as conversations from "@/app/api/playground/conversations/route";
import * as messages from "@/app/api/playground/conversations/[id]/messages/route";
import * as stop from "@/app/api/playground/conversations/[id]/stop/route";
import { waitFor, raws, live, ctx, jsonPost as req, playgroundDataDir, openAiKey, usePeers } from "@/tests/support/playground";

/**
 * Loupe stopping mid-turn (a new process opens the same file; here a new Playground on the same
 * store, as the routes test does): the tokens the turn's finished model steps used are still
 * billed to the turn and the column — the provider charged them.
 */

const data = playgroundDataDir("loupe-playground-restart-");
const KEY = openAiKey("test-key-restart-1234");

let everything = "";
let fake: FakeProvider;
usePeers(KEY, data, (peers) => ({ everything, fake } = peers));

describe("a turn cut off by Loupe stopping", () => {
  it("keeps the usage and cost of its finished model steps in the turn and the column", async () => {
    const res = await conversations.POST(
      req({
        servers: [{ connectionId: everything, tools: ["echo"] }],
        policy: "always",
        columns: [{ provider: "openai", model: "gpt-4o-mini", baseUrl: fake.baseUrl }],
      }),
    );
    const made = (await res.json()) as Conversation;
    fake.enqueue({ toolCalls: [{ name: "echo", arguments: { message: "x" } }], usage: { inputTokens: 1200, outputTokens: 80 } });
    await messages.POST(req({ text: "echo" }), ctx({ id: made.id }));
    await waitFor("the approval", () =>
      getApprovals()
        .list({ status: "pending" })
        .some((a) => a.origin.kind === "playground" && a.origin.conversationId === made.id),
    );

    const reopened = new Playground(getHub(), defaultDeps());
    const [step] = raws<PgModelResponse>(live(made.id), "pg_model_response");
    const turn = raws<PgTurn>(live(made.id), "pg_turn").at(-1)!;
    expect(turn).toMatchObject({ status: "stopped", usage: { inputTokens: 1200, outputTokens: 80 } });
    expect(turn.costUsd).toBeCloseTo(step!.costUsd!, 12);
    const column = reopened.get(made.id).columns[0]!;
    expect(column.usage).toMatchObject({ inputTokens: 1200, outputTokens: 80 });
    expect(column.costUsd).toBeCloseTo(step!.costUsd!, 12);

    // Clean up the turn this process still runs.
    await stop.POST(req({}), ctx({ id: made.id }));
    await waitFor("the live turn's end", () => raws<PgTurn>(live(made.id), "pg_turn").filter((t) => t.status === "stopped").length === 2);
  });
});
