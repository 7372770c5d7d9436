import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColumnConfig, Conversation, PgModelRequest, PgToolCall } from "@/lib/contracts/playground";
import { getHub } from "@/lib/server/hub";
import { getRegistry } from "@/lib/server/mcp/registry";
import { startFakeProvider, type FakeProvider, type ProviderWire, type RecordedRequest } from "@/tests/fixtures/fake-providers";
import { stdioInput } from "@/tests/support/servers";
import * as conversations from "@/app/api/playground/conversations/route";
import * as messages from "@/app/api/playground/conversations/[id]/messages/route";
import { raws, ctx, playgroundDataDir, providerKeys, jsonPostTo as post, closeConnections, turnEnded } from "@/tests/support/playground";

/**
 * The name round trip with names providers refuse (dots, slashes, over 64 characters, two that
 * normalize alike) offered by two servers at once: every tool is declared under a name the
 * provider accepts (the fakes refuse the others, like the real APIs), the model calls each
 * declared name, Loupe runs the right upstream tool on the right connection, and the history
 * re-sent in the next turn uses the declared names.
 */

const data = playgroundDataDir("loupe-playground-names-");
const KEY = providerKeys("test-key-names-1234");

const ODD = path.resolve(import.meta.dirname, "../fixtures/odd-names-server.mjs");
const TOOLS = ["files.read", "files_read", "git/status", `report_${"x".repeat(80)}_final`, "ping"];
const WIRES: { wire: ProviderWire; provider: ColumnConfig["provider"]; model: string }[] = [
  { wire: "openai", provider: "openai", model: "gpt-4o-mini" },
  { wire: "anthropic", provider: "anthropic", model: "claude-sonnet-4-5" },
  { wire: "gemini", provider: "google", model: "gemini-2.5-flash" },
];

const labels: Record<string, string> = {};
beforeAll(async () => {
  for (const label of ["alpha", "beta"]) {
    const view = await getRegistry().create(stdioInput(`odd ${label}`, [ODD, label]));
    expect(view.state.status).toBe("connected");
    labels[view.id] = label;
  }
});
afterAll(() => closeConnections(data));

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function declaredNames(wire: ProviderWire, body: Json): string[] {
  if (wire === "openai") return (body.tools as Json[]).map((t) => t.function.name);
  if (wire === "anthropic") return (body.tools as Json[]).map((t) => t.name);
  return (body.tools as Json[]).flatMap((t) => t.functionDeclarations).map((d: Json) => d.name);
}

function calledNames(wire: ProviderWire, body: Json): string[] {
  if (wire === "openai") return (body.messages as Json[]).flatMap((m) => m.tool_calls ?? []).map((c: Json) => c.function.name);
  if (wire === "anthropic")
    return (body.messages as Json[])
      .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .filter((b: Json) => b.type === "tool_use")
      .map((b: Json) => b.name);
  return (body.contents as Json[])
    .flatMap((c) => c.parts)
    .filter((p: Json) => p.functionCall)
    .map((p: Json) => p.functionCall.name);
}

describe.each(WIRES)("tool names on the $wire wire", ({ wire, provider, model }) => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider(wire, { apiKey: KEY });
  });
  afterAll(() => fake.close());

  it("every tool of both servers is declared, called by its declared name and run on its own connection", async () => {
    let declared: string[] = [];
    fake.enqueue((request: RecordedRequest) => {
      declared = declaredNames(wire, request.body as Json);
      return {
        toolCalls: declared.map((name, i) => ({ name, ...(wire === "gemini" ? {} : { id: `call_${i}` }), arguments: { q: name } })),
      };
    });
    fake.enqueue({ text: "All ran." }, { text: "Still here." });
    const res = await conversations.POST(
      post("/api/playground/conversations", {
        servers: Object.keys(labels).map((connectionId) => ({ connectionId, tools: "all" })),
        policy: "never",
        columns: [{ provider, model, baseUrl: fake.baseUrl }],
      }),
    );
    const { id } = (await res.json()) as Conversation;
    expect((await messages.POST(post("/x", { text: "Run them all" }), ctx({ id }))).status).toBe(202);
    const first = await turnEnded(id, 1);
    expect(first.status, JSON.stringify(first)).toBe("done");

    // None dropped, none shadowed.
    expect(declared).toHaveLength(10);
    expect(new Set(declared).size).toBe(10);
    const [request] = raws<PgModelRequest>(getHub().list(id, { limit: 5000 }), "pg_model_request");
    expect(Object.keys(request!.toolMap).sort()).toEqual([...declared].sort());
    const targets = Object.values(request!.toolMap).map((t) => `${labels[t.connectionId]} ${t.tool}`);
    expect(targets.sort()).toEqual(["alpha", "beta"].flatMap((l) => TOOLS.map((t) => `${l} ${t}`)).sort());

    // Each call ran the upstream tool its declared name stands for, on that tool's connection.
    const calls = raws<PgToolCall>(getHub().list(id, { limit: 5000 }), "pg_tool_call").filter((c) => c.status !== "running");
    expect(calls).toHaveLength(10);
    for (const call of calls) {
      const target = request!.toolMap[call.calledAs]!;
      expect(call).toMatchObject({ status: "ok", connectionId: target.connectionId, tool: target.tool });
      expect(JSON.stringify(call.result)).toContain(
        `${labels[target.connectionId]} ran ${target.tool} with {\\"q\\":\\"${call.calledAs}\\"}`,
      );
    }

    // The next turn re-sends the calls under the names the model used (the provider accepted them).
    expect((await messages.POST(post("/x", { text: "Thanks" }), ctx({ id }))).status).toBe(202);
    expect((await turnEnded(id, 2)).status).toBe("done");
    expect(calledNames(wire, fake.requests.at(-1)!.body as Json)).toEqual(declared);
    expect(declaredNames(wire, fake.requests.at(-1)!.body as Json)).toEqual(declared);
  });
});
