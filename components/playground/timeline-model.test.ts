import { describe, expect, it } from "vitest";
import { buildColumnTimeline, isRunning, stepText } from "@/components/playground/timeline-model";
import { gatedTurn, pgEntry, responseRaw, turnRaw } from "@/components/playground/test-entries";
import { setServer, setTool, serverChecked, toolChecked } from "@/components/playground/tool-selection";
import { defaultColumn } from "@/components/playground/defaults";
import { previewDeclarations } from "@/components/playground/declarations";
import type { ProviderStatus } from "@/lib/contracts/playground";

describe("buildColumnTimeline", () => {
  it("folds a gated turn into one turn, one step, two calls at their latest status", () => {
    const t = buildColumnTimeline(gatedTurn(), "col-1");
    expect(t.turns).toHaveLength(1);
    const turn = t.turns[0]!;
    expect(turn.user?.text).toContain("Lisbon");
    expect(turn.status?.status).toBe("running");
    expect(turn.steps.map((s) => s.step)).toEqual([1]);
    const step = turn.steps[0]!;
    expect(step.request?.raw.toolMap).toHaveProperty("book-hotel");
    expect(step.toolCalls.map((c) => [c.raw.calledAs, c.raw.status])).toEqual([
      ["get-forecast", "ok"],
      ["book-hotel", "awaiting_approval"],
    ]);
    expect(stepText(step)).toEqual({ text: "Let me check the weather and book.", reasoning: undefined, streaming: false });
    expect(isRunning(t)).toBe(true);
  });

  it("shows streamed text until the response lands, and the response's after", () => {
    const streaming = [
      pgEntry("pg_user", { turn: 1, text: "hi" }),
      pgEntry("pg_model_stream", { turn: 1, step: 1, text: "Hel", reasoning: "thinking" }),
    ];
    const s = buildColumnTimeline(streaming, "col-1").turns[0]!.steps[0]!;
    expect(stepText(s)).toEqual({ text: "Hel", reasoning: "thinking", streaming: true });
  });

  it("keeps only its own column, in seq order whatever the arrival order", () => {
    const entries = gatedTurn();
    const other = pgEntry("pg_user", { turn: 1, text: "other column" }, { sessionKey: "col-2" });
    const t = buildColumnTimeline([...entries].reverse().concat(other), "col-1");
    expect(t.turns[0]!.user?.text).toContain("Lisbon");
    expect(buildColumnTimeline([other], "col-2").turns[0]!.user?.text).toBe("other column");
  });

  it("keeps entries of unknown kinds or shapes as odd entries where they arrived, before any turn or inside one", () => {
    const entries = [
      pgEntry("pg_future_kind", { x: 1 }),
      pgEntry("pg_user", { turn: 1, text: "hi" }),
      pgEntry("pg_tool_call", { turn: "one", garbage: true }),
      pgEntry("pg_model_response", null),
      pgEntry("pg_turn", turnRaw("done", { endedAt: 2_000 })),
    ];
    const t = buildColumnTimeline(entries, "col-1");
    expect(t.odd.map((e) => e.kind)).toEqual(["pg_future_kind"]);
    expect(t.turns[0]!.odd.map((e) => e.kind)).toEqual(["pg_tool_call", "pg_model_response"]);
    expect(t.turns[0]!.status?.status).toBe("done");
    expect(isRunning(t)).toBe(false);
  });

  it("shows a sampling reply the column's model drafted inside the turn it came in, and one without a turn raw", () => {
    const draft = {
      connectionId: "demo",
      requestId: "r1",
      provider: "scripted",
      model: "scripted",
      url: null,
      body: {},
      text: "Dear guest",
      latencyMs: 3,
      http: null,
    };
    const early = pgEntry("pg_sampling_draft", draft);
    const t = buildColumnTimeline(
      [early, pgEntry("pg_user", { turn: 1, text: "hi" }), pgEntry("pg_sampling_draft", { ...draft, error: { message: "no key" } })],
      "col-1",
    );
    expect(t.odd.map((e) => e.seq)).toEqual([early.seq]);
    expect(t.turns[0]!.drafts.map((d) => [d.requestId, d.text, d.error])).toEqual([["r1", "Dear guest", "no key"]]);
  });

  it("fills what a tool-call record leaves out, so a card never reads undefined", () => {
    const sparse = pgEntry("pg_tool_call", { turn: 1, step: 2, toolCallId: "x", calledAs: "mystery", status: "unknown_tool" });
    const call = buildColumnTimeline([sparse], "col-1").turns[0]!.steps[0]!.toolCalls[0]!.raw;
    expect(call).toMatchObject({ arguments: {}, connectionId: null, tool: null, status: "unknown_tool" });
  });

  it("marks a truncated raw so the Raw dialog fetches it whole", () => {
    const e = pgEntry("pg_model_response", responseRaw(1, 1), { truncated: true });
    expect(buildColumnTimeline([e], "col-1").turns[0]!.steps[0]!.response).toMatchObject({ seq: e.seq, truncated: true });
  });
});

describe("tool selection", () => {
  const names = ["a", "b", "c"];
  it("a server on means all its tools; unticking one lists the rest; ticking it back is 'all' again", () => {
    let sel = setServer([], "demo", true);
    expect(sel).toEqual([{ connectionId: "demo", tools: "all" }]);
    sel = setTool(sel, "demo", "b", false, names);
    expect(sel).toEqual([{ connectionId: "demo", tools: ["a", "c"] }]);
    expect(serverChecked(sel, "demo", names)).toBe("indeterminate");
    expect(toolChecked(sel, "demo", "b")).toBe(false);
    expect(setTool(sel, "demo", "b", true, names)).toEqual([{ connectionId: "demo", tools: "all" }]);
    expect(setTool(setTool(sel, "demo", "a", false, names), "demo", "c", false, names)).toEqual([]);
  });
});

const status = (provider: ProviderStatus["provider"], keySource: ProviderStatus["keySource"], models: string[]): ProviderStatus => ({
  provider,
  label: provider,
  keySource,
  suggestedModels: models,
});

describe("defaultColumn", () => {
  it("prefers a provider with a key, never a keyless local endpoint, and the scripted model otherwise", () => {
    const none = [
      status("scripted", "not_needed", ["scripted"]),
      status("openai", "none", ["gpt-5-mini"]),
      status("openai-compatible", "not_needed", ["llama3.1"]),
    ];
    expect(defaultColumn(none)).toMatchObject({ provider: "scripted", model: "scripted" });
    const withKey = [...none.slice(0, 1), status("anthropic", "env", ["claude-sonnet-4-5", "claude-haiku-4-5"])];
    expect(defaultColumn(withKey)).toMatchObject({ provider: "anthropic", model: "claude-sonnet-4-5" });
    // Compare: another model of the same provider before the same one twice.
    expect(defaultColumn(withKey, [defaultColumn(withKey)])).toMatchObject({ provider: "anthropic", model: "claude-haiku-4-5" });
  });
});

describe("previewDeclarations", () => {
  const tools = [
    {
      connectionId: "a",
      connectionName: "Server A",
      name: "search",
      inputSchema: { type: "object", properties: { q: { type: "string" } } },
    },
    { connectionId: "b", connectionName: "Server B", name: "search", inputSchema: { type: "object" } },
    { connectionId: "b", connectionName: "Server B", name: "get.item", inputSchema: { type: "object" } },
  ];
  it("namespaces names two servers share, normalizes the rest per provider, keeps the scripted model's names", () => {
    expect(previewDeclarations("openai", false, tools).map((d) => [d.name, d.namespaced])).toEqual([
      ["server_a__search", true],
      ["server_b__search", true],
      ["get_item", false],
    ]);
    expect(previewDeclarations("scripted", false, tools).map((d) => d.name)).toEqual(["server_a__search", "server_b__search", "get.item"]);
    expect(previewDeclarations("openai", false, tools)[2]!.findings.some((f) => f.path === "name")).toBe(true);
  });
});
