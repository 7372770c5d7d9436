// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { Entry } from "@/lib/contracts/entries";
import { normalizeAguiRun } from "@/lib/protocols/agui";
import { runsOfEntries } from "@/lib/queries/agui";
import { installLayout, layout } from "@/components/adk/timeline/test-support";
import { RunTimeline } from "./run-timeline";

const fixture = (name: string) =>
  JSON.parse(readFileSync(path.join(process.cwd(), "tests/fixtures/agui", name), "utf8")) as Record<string, unknown>[];

/** The entries the server records for one run: its input, then every event as received. */
function entriesOf(events: Record<string, unknown>[], runId = "run-1", extra: Entry[] = []): Entry[] {
  const base = { connectionId: "demo-agui", sessionKey: "t-1", sourceTime: null, protocol: "agui" as const, rawBytes: 10 };
  return [
    { ...base, seq: 1, receivedAt: 1000, direction: "out", kind: "agui_input", raw: { runId, input: { state: {} } } },
    ...events.map((event, i): Entry => ({
      ...base,
      seq: i + 2,
      receivedAt: 1000 + i * 5,
      direction: "in",
      kind: "agui_event",
      raw: { runId, event },
    })),
    ...extra,
  ];
}

function renderRun(events: Record<string, unknown>[], extra: Entry[] = []) {
  const run = runsOfEntries(entriesOf(events, "run-1", extra))[0]!;
  const timeline = normalizeAguiRun(
    run.events.map((e) => e.event),
    { initialState: {} },
  );
  render(<RunTimeline run={run} timeline={timeline} />);
  return { run, timeline };
}

beforeAll(() => {
  installLayout();
  layout.viewport = 20_000; // every item of the showcase run in the window
});
afterEach(cleanup);

describe("RunTimeline — the demo agent's showcase run", () => {
  it("assembles streamed text, chunks, reasoning, the tool call's args and result, and state changes as diffs", () => {
    renderRun(fixture("showcase.json"));
    const texts = screen.getAllByTestId("agui-text").map((e) => e.textContent);
    expect(texts.some((t) => t?.startsWith("You said: ") && t.endsWith("Let me check the weather."))).toBe(true);
    // The TEXT_MESSAGE_CHUNK pair is one message, said to come from chunks.
    expect(texts).toContain("It is sunny in Lisbon, 21°C.");
    expect(screen.getByTestId("agui-reasoning").textContent).toContain("The user wants a trip; check the weather first.");
    const call = screen.getByTestId("agui-tool-call");
    expect(call.dataset.tool).toBe("get_weather");
    expect(within(call).getByTestId("agui-tool-args").textContent).toContain('"city": "Lisbon"');
    expect(within(call).getByTestId("agui-tool-result").textContent).toContain("sunny");
    // STATE_DELTA [replace /trip/nights 0→3, add /checks/0]: a diff, not a patch to decode.
    const rows = screen.getAllByTestId("agui-diff-row");
    const nights = rows.find((r) => r.dataset.path === "/trip/nights")!;
    expect(nights.dataset.change).toBe("changed");
    expect(within(nights).getByTestId("diff-before").textContent).toBe("0");
    expect(within(nights).getByTestId("diff-after").textContent).toBe("3");
    expect(rows.find((r) => r.dataset.path === "/trip/weather")?.dataset.change).toBe("added");
    // Steps nest what happens inside them.
    const items = screen.getAllByTestId("agui-item");
    const step = items.find((i) => i.dataset.kind === "step")!;
    const reasoning = items.find((i) => i.dataset.kind === "reasoning")!;
    expect(parseInt(reasoning.style.paddingLeft)).toBeGreaterThan(parseInt(step.style.paddingLeft));
    expect(items.at(-1)?.dataset.kind).toBe("run_finished");
  });

  it("filters by kind, and the events table filters by type, searches payloads and opens one event raw", () => {
    const { run } = renderRun(fixture("showcase.json"));
    fireEvent.click(screen.getByTestId("agui-filter-tools"));
    expect(screen.getAllByTestId("agui-item").map((i) => i.dataset.kind)).toEqual(["tool_call"]);

    fireEvent.click(screen.getByTestId("agui-mode-events"));
    expect(screen.getAllByTestId("agui-event-row")).toHaveLength(run.events.length);
    fireEvent.change(screen.getByTestId("agui-event-type"), { target: { value: "STATE_DELTA" } });
    expect(screen.getAllByTestId("agui-event-row").map((r) => r.dataset.type)).toEqual(["STATE_DELTA", "STATE_DELTA"]);
    fireEvent.change(screen.getByTestId("agui-timeline-search"), { target: { value: "sunny" } });
    const hits = screen.getAllByTestId("agui-event-row");
    expect(hits).toHaveLength(1); // only the delta that adds /trip/weather = "sunny"
    expect(screen.getByTestId("agui-timeline-count").textContent).toBe(`1 of ${run.events.length}`);
    fireEvent.click(hits[0]!);
    const raw = within(screen.getByTestId("agui-inspector")).getByTestId("agui-inspector-event");
    expect(JSON.parse(raw.textContent)).toEqual(run.events.find((e) => JSON.stringify(e.event).includes('"/trip/weather"'))!.event);
  });
});

describe("RunTimeline — export", () => {
  it("Export JSON saves the run's events exactly as received", async () => {
    const { run } = renderRun(fixture("showcase.json"));
    let saved: Blob | null = null;
    const create = vi.spyOn(URL, "createObjectURL").mockImplementation((b) => {
      saved = b as Blob;
      return "blob:agui-test";
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    fireEvent.click(screen.getByTestId("agui-export"));
    expect(create).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    expect(JSON.parse(await saved!.text())).toEqual(run.events.map((e) => e.event));
    create.mockRestore();
    click.mockRestore();
  });
});

describe("RunTimeline — export as a bundle", () => {
  it("offers 'Export run bundle' (the live pane) beside the events JSON, which asks the server for this run's bundle", async () => {
    const run = runsOfEntries(entriesOf(fixture("showcase.json")))[0]!;
    const timeline = normalizeAguiRun(
      run.events.map((e) => e.event),
      { initialState: {} },
    );
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ title: "AG-UI run run-1 · demo" }), { status: 200 })));
    vi.stubGlobal("fetch", fetch);
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    const create = vi.spyOn(URL, "createObjectURL").mockImplementation(() => "blob:agui-test");
    render(<RunTimeline run={run} timeline={timeline} bundleUnit={{ type: "agui-run", agentId: "demo-agui", runId: "run-1" }} />);
    const button = screen.getByTestId("agui-export-bundle");
    expect(button.textContent).toContain("Export run bundle");
    expect(screen.getByTestId("agui-export").textContent).toContain("Export events JSON");
    await act(async () => {
      fireEvent.click(button);
      await new Promise((r) => setTimeout(r, 0));
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/bundles/export");
    expect(JSON.parse(String(init.body))).toEqual({ type: "agui-run", agentId: "demo-agui", runId: "run-1" });
    click.mockRestore();
    create.mockRestore();
    vi.unstubAllGlobals();
  });

  it("has no bundle button without a unit (an imported run's own view)", () => {
    renderRun(fixture("showcase.json"));
    expect(screen.queryByTestId("agui-export-bundle")).toBeNull();
  });
});

describe("RunTimeline — what goes wrong", () => {
  it("shows an unknown event type as received, ordering findings, and a malformed frame raw", () => {
    const events = [
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "orphan" },
      { type: "RUN_STARTED", threadId: "t-1", runId: "run-1" },
      { type: "FUTURE_EVENT", payload: { x: 1 } },
      { type: "RUN_FINISHED", threadId: "t-1", runId: "run-1" },
    ];
    const malformed: Entry = {
      seq: 99,
      connectionId: "demo-agui",
      sessionKey: "t-1",
      receivedAt: 2000,
      sourceTime: null,
      direction: "in",
      protocol: "agui",
      kind: "agui_malformed",
      raw: { runId: "run-1", text: "data: {not json", error: "Unexpected token" },
      rawBytes: 20,
    };
    const { timeline } = renderRun(events, [malformed]);
    expect(timeline.findings.length).toBeGreaterThan(0);
    const unknown = screen.getAllByTestId("agui-item").find((i) => i.dataset.kind === "unknown")!;
    expect(unknown.textContent).toContain("FUTURE_EVENT");
    expect(unknown.textContent).toContain('"x": 1');
    fireEvent.click(within(screen.getByTestId("agui-findings")).getByRole("button", { expanded: false }));
    expect(screen.getAllByTestId("agui-finding").length).toBe(timeline.findings.length);
    expect(screen.getByTestId("agui-malformed").textContent).toContain("data: {not json");
  });

  it("keeps only a window of a 10,000-event run in the DOM", async () => {
    layout.viewport = 600;
    const events: Record<string, unknown>[] = [{ type: "RUN_STARTED", threadId: "t-1", runId: "run-1" }];
    for (let i = 0; i < 9_998; i++) events.push({ type: "CUSTOM", name: `tick-${i}`, value: i });
    events.push({ type: "RUN_FINISHED", threadId: "t-1", runId: "run-1" });
    renderRun(events);
    await act(async () => {});
    const scroll = screen.getByTestId("agui-items");
    expect(scroll.dataset.count).toBe("10000");
    expect(screen.getAllByTestId("agui-item").length).toBeLessThan(60);
    layout.viewport = 20_000;
  });
});
