import { afterEach, describe, expect, it } from "vitest";
import type { Conversation, PgToolCall, PgTurn } from "@/lib/contracts/playground";
import { declareTools } from "@/lib/playground/declare-tools";
import { getRegistry } from "@/lib/server/mcp/registry";
import type { FakeProvider } from "@/tests/fixtures/fake-providers";
import * as conversations from "@/app/api/playground/conversations/route";
import * as messages from "@/app/api/playground/conversations/[id]/messages/route";
import { waitFor, raws, live, ctx, jsonPost as post, playgroundDataDir, openAiKey, usePeers } from "@/tests/support/playground";

/**
 * A model that tries to reach tools it was not given: only the tools selected for the
 * conversation may run, whatever name the model makes up (a server's tool left out, a namespaced
 * look-alike, a name every JavaScript object answers to).
 */
const data = playgroundDataDir("loupe-playground-hostile-");
const KEY = openAiKey("test-key-playground-hostile");

let everything = "";
let fake: FakeProvider;

usePeers(KEY, data, (peers) => ({ everything, fake } = peers));
afterEach(() => {
  fake.requests.length = 0;
});

describe("a model calling tools it was not given", () => {
  it.each(["echo", "everything__echo", "constructor", "toString", "__proto__", "hasOwnProperty"])(
    "%s is unknown_tool and nothing runs",
    async (name) => {
      const callsBefore = getRegistry().listCalls(everything, {}).length;
      fake.enqueue({ toolCalls: [{ name, arguments: { message: "not for you" } }] }, { text: "Done." });
      const res = await conversations.POST(
        post({
          servers: [{ connectionId: everything, tools: ["get-sum"] }],
          policy: "never",
          columns: [{ provider: "openai", model: "gpt-4o-mini", baseUrl: fake.baseUrl }],
        }),
      );
      expect(res.status).toBe(201);
      const made = (await res.json()) as Conversation;
      expect((await messages.POST(post({ text: "try it" }), ctx({ id: made.id }))).status).toBe(202);
      const turn = await waitFor("the turn's end", () => raws<PgTurn>(live(made.id), "pg_turn").find((t) => t.status !== "running"));
      expect(turn.status).toBe("done");
      const final = raws<PgToolCall>(live(made.id), "pg_tool_call").at(-1);
      expect(final).toMatchObject({ status: "unknown_tool", calledAs: name, connectionId: null, tool: null });
      expect(getRegistry().listCalls(everything, {}).length).toBe(callsBefore);
    },
  );
});

describe("a server whose tool is named like an Object.prototype member", () => {
  it("declares __proto__ as an ordinary own entry of the tool map (kept when the request is recorded)", () => {
    const schema = { type: "object", properties: {} };
    const { declared, toolMap } = declareTools("openai", false, [
      { connectionId: "c1", connectionName: "Odd", tool: { name: "__proto__", inputSchema: schema } },
      { connectionId: "c1", connectionName: "Odd", tool: { name: "echo", inputSchema: schema } },
    ]);
    expect(declared.map((d) => d.name)).toEqual(["__proto__", "echo"]);
    expect(Object.hasOwn(toolMap, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(toolMap)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(toolMap))).toEqual(
      JSON.parse('{"__proto__":{"connectionId":"c1","tool":"__proto__"},"echo":{"connectionId":"c1","tool":"echo"}}'),
    );
  });
});
