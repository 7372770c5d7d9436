// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import fixture from "@/tests/fixtures/adk-trace/weather-paris.json";
import { buildTimeline } from "@/lib/protocols/adk/timeline";
import { parseModelCall } from "@/lib/protocols/adk/trace";
import type { RawSpan } from "@/lib/protocols/adk/trace";
import { InspectorTabs } from "./inspector-tabs";
import { matchableEvents, mayHaveModelCall } from "./matchable";
import { ModelCallPanel } from "./model-call-panel";
import { ModelCallView } from "./model-call-view";
import { TraceView } from "./trace-view";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const spans = fixture.sessionTrace as unknown as RawSpan[];
const [callEvent, responseEvent, finalEvent] = fixture.events;
const attrs = (id: string) => (fixture.eventTrace as Record<string, { body: Record<string, unknown> }>)[id]!.body;

describe("ModelCallView", () => {
  it("shows the system instruction, the conversation by role, the declared tools with their schema and the response", () => {
    render(<ModelCallView call={parseModelCall(attrs(finalEvent!.id))!} eventId={finalEvent!.id} />);
    expect(screen.getByTestId("model-call-model").textContent).toBe("scripted-1");
    expect(screen.getByTestId("model-call-system").textContent).toContain("You are loupe_demo, a demo agent");
    const contents = within(screen.getByTestId("model-call-contents")).getAllByTestId("trace-content");
    expect(contents.map((c) => c.getAttribute("data-role"))).toEqual(["user", "model", "user"]);
    expect(within(contents[1]!).getByTestId("trace-part-call").textContent).toContain("get_weather");
    expect(within(contents[2]!).getByTestId("trace-part-response").textContent).toContain('"forecast": "sunny"');
    const tools = screen.getAllByTestId("model-call-tool");
    expect(tools.map((t) => t.getAttribute("data-name"))).toContain("get_weather");
    const weather = tools.find((t) => t.getAttribute("data-name") === "get_weather")!;
    expect(within(weather).getByTestId("model-call-tool-schema").textContent).toContain('"city"');
    const response = screen.getByTestId("model-call-response");
    expect(
      within(response)
        .getAllByTestId("trace-part-text")
        .map((p) => p.getAttribute("data-thought")),
    ).toEqual(["true", null]);
    expect(response.textContent).toContain("It is sunny in Paris, 21 °C.");
    expect(response.textContent).toContain("finish: STOP");
    // Raw is one click away: the request as the span holds it.
    expect(within(screen.getByTestId("model-call-raw")).getAllByTestId("raw-json")).toHaveLength(3);
  });
});

describe("TraceView", () => {
  const timeline = buildTimeline(fixture.events, { seeded: false });

  it("draws the span tree of the invocation, nested and colored by kind, with durations and bars inside the invocation", () => {
    render(<TraceView spans={spans} events={matchableEvents(timeline)} />);
    expect(screen.getAllByTestId("trace-invocation")).toHaveLength(1);
    const rows = screen.getAllByTestId("trace-span");
    expect(rows.map((r) => r.getAttribute("data-kind"))).toEqual(["invocation", "agent", "llm", "tool", "llm"]);
    for (const bar of screen.getAllByTestId("trace-bar")) {
      const left = parseFloat(bar.style.left);
      const width = parseFloat(bar.style.width);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left + width).toBeLessThanOrEqual(100.6);
    }
    expect(screen.getAllByTestId("trace-bar")[0]!.style.left).toBe("0%");
    expect(screen.getAllByTestId("trace-duration")[0]!.textContent).toMatch(/ms$/);
  });

  it("clicking an LLM or tool span selects the event it produced; the invocation span selects nothing", () => {
    const onSelect = vi.fn();
    render(<TraceView spans={spans} events={matchableEvents(timeline)} selectedEventId={callEvent!.id} onSelectEvent={onSelect} />);
    const rows = screen.getAllByTestId("trace-span");
    expect(rows[2]!.getAttribute("data-selected")).toBe("true");
    fireEvent.click(rows[3]!);
    expect(onSelect).toHaveBeenLastCalledWith(responseEvent!.id);
    fireEvent.click(rows[4]!);
    expect(onSelect).toHaveBeenLastCalledWith(finalEvent!.id);
    fireEvent.click(rows[0]!);
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it("says so when there are no spans", () => {
    render(<TraceView spans={[]} />);
    expect(screen.getByTestId("trace-empty").textContent).toContain("No spans for this session");
  });
});

describe("InspectorTabs", () => {
  it("offers a Model call tab for the events a model wrote only", () => {
    const timeline = buildTimeline(fixture.events, { seeded: false });
    expect(mayHaveModelCall(timeline, 0)).toBe(true);
    // The function response event comes from the tool run; the final answer from the model.
    expect(mayHaveModelCall(timeline, 1)).toBe(false);
    expect(mayHaveModelCall(timeline, 2)).toBe(true);
    const { rerender } = render(<InspectorTabs event={<p>event body</p>} modelCall={<p>model body</p>} />);
    expect(screen.getByTestId("inspector-tab-model").textContent).toBe("Model call");
    expect(screen.getByText("event body")).toBeTruthy();
    rerender(<InspectorTabs event={<p>event body</p>} modelCall={null} />);
    expect(screen.queryByTestId("inspector-tabs")).toBeNull();
  });
});

describe("ModelCallPanel", () => {
  const toolSpan = spans.find((sp) => sp.name === "execute_tool get_weather")!;
  const answers: Record<string, unknown> = {
    model: { attributes: attrs(callEvent!.id) },
    tool: { attributes: toolSpan.attributes },
    nospan: { absent: true, reason: "no span for this event (only model calls and tool runs have one)" },
    prod: { absent: true, reason: "this server exposes no trace endpoint (not a dev server)" },
  };
  const show = (eventId: string) => {
    const router = fetchRouter(
      Object.fromEntries(Object.entries(answers).map(([id, body]) => [`GET /api/agents/ag/apps/demo/trace/events/${id}`, () => body])),
    );
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<ModelCallPanel agentId="ag" appName="demo" eventId={eventId} />);
  };

  it("reads the event's span and shows the model call", async () => {
    show("model");
    expect((await screen.findByTestId("model-call-system")).textContent).toContain("You are loupe_demo");
  });

  it("says which is missing: the model call behind the event, or the trace endpoint itself", async () => {
    show("tool");
    expect((await screen.findByTestId("model-call-absent")).getAttribute("data-kind")).toBe("no-call");
    cleanup();
    show("nospan");
    expect((await screen.findByTestId("model-call-absent")).textContent).toMatch(/^No model call behind this event: no span/);
    cleanup();
    show("prod");
    const note = await screen.findByTestId("model-call-absent");
    expect(note.getAttribute("data-kind")).toBe("no-trace");
    expect(note.textContent).toBe("This server exposes no trace endpoint (not a dev server).");
  });
});
