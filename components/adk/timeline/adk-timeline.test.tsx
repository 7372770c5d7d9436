// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { applyEvent, buildTimeline, createTimeline } from "@/lib/protocols/adk/timeline";
import { sessionFixture, sseEvents } from "@/lib/protocols/adk/test-fixtures";
import { AdkTimeline } from "./adk-timeline";
import { DEFAULT_TIMELINE_FILTER } from "./filter";
import { Harness, entryRow, eventRows, installLayout, layout, settle } from "./test-support";

beforeAll(installLayout);
beforeEach(() => {
  layout.viewport = 4000; // fixture sessions fit whole; the 10k test shrinks it
});
afterEach(cleanup);

const full = () => buildTimeline(sessionFixture("26_get_session_full.json").events, { seeded: true });

describe("AdkTimeline on the full session (26)", () => {
  it("groups events by invocation with authors, counts, duration and tokens", () => {
    render(<Harness timeline={full()} />);
    settle();
    const headers = screen.getAllByTestId("timeline-invocation");
    expect(headers).toHaveLength(5);
    const fourth = headers[3]!;
    expect(within(fourth).getByTestId("invocation-authors").textContent).toBe("user → inspector_demo → helper_agent");
    expect(within(fourth).getByTestId("invocation-events").textContent).toBe("5 events");
    expect(within(fourth).getByTestId("invocation-duration").textContent).toBe("9.0 ms");
    expect(within(fourth).getByTestId("invocation-tokens").textContent).toContain("950 tokens");
    expect(eventRows()).toHaveLength(21);
    expect(screen.getByTestId("timeline-count").textContent).toBe("21 events");
  });

  it("pairs a tool call with its result and latency, shows scoped state, the artifact and the transfer", () => {
    const onOpenArtifact = vi.fn();
    render(<Harness timeline={full()} onOpenArtifact={onOpenArtifact} />);
    settle();
    const call = within(entryRow(1)!).getByTestId("tool-call");
    expect(call.getAttribute("data-tool")).toBe("get_weather");
    expect(call.getAttribute("data-state")).toBe("ok");
    expect(within(call).getByTestId("tool-call-latency").textContent).toBe("8.0 ms");
    expect(within(call).getByTestId("tool-call-args").textContent).toContain('"city": "Paris"');
    expect(within(call).getByTestId("tool-call-result").textContent).toContain('"forecast": "sunny"');
    expect(within(entryRow(1)!).getByTestId("timeline-text").textContent).toContain("Checking");
    expect(within(entryRow(1)!).getByTestId("event-usage").textContent).toBe("tokens 15 in · 33 out · 48 total");

    const result = entryRow(2)!;
    expect(within(result).getByTestId("tool-result").textContent).toContain("get_weather");
    const keys = within(result).getAllByTestId("state-key");
    expect(keys.map((k) => [k.getAttribute("data-key"), k.getAttribute("data-scope")])).toEqual([
      ["last_city", "session"],
      ["user:lookups", "user"],
      ["app:demo_version", "app"],
    ]);
    expect(within(keys[1]!).getByTestId("scope-badge").textContent).toBe("user");
    const artifact = within(result).getByTestId("artifact-delta");
    expect(artifact.textContent).toContain("weather_report.txt");
    expect(artifact.textContent).toContain("v0");
    fireEvent.click(artifact);
    expect(onOpenArtifact).toHaveBeenCalledWith("weather_report.txt", 0);

    expect(within(entryRow(17)!).getByTestId("transfer").textContent).toBe("→ helper_agent");
    // The long-running start_job got an interim and a final result.
    expect(within(entryRow(7)!).getAllByTestId("tool-call-result")).toHaveLength(2);
  });

  it("renders the inbox's interrupt card right below the call that paused", () => {
    const renderInterrupt = (id: string) => <div data-testid="fake-card">card {id}</div>;
    render(<Harness timeline={full()} renderInterrupt={renderInterrupt} />);
    settle();
    const slots = screen.getAllByTestId("interrupt-slot");
    expect(slots.map((s) => s.getAttribute("data-call-id"))).toEqual([
      "adk-c2ae186d-3719-419f-8e3b-20256c60594f",
      "adk-8dd0361b-abf3-4474-b13d-cc6670d42504",
      "adk-8c42d8ed-642d-4855-9531-ea9ad65f7f6b",
    ]);
    const confirm = within(entryRow(4)!).getByTestId("tool-call");
    expect(confirm.parentElement?.lastElementChild?.textContent).toBe("card adk-c2ae186d-3719-419f-8e3b-20256c60594f");
  });

  it("selects an event on click and deselects on a second click", () => {
    const onSelect = vi.fn();
    render(<Harness timeline={full()} onSelect={onSelect} />);
    settle();
    fireEvent.click(entryRow(3)!);
    expect(onSelect).toHaveBeenLastCalledWith(3);
    expect(entryRow(3)!.getAttribute("data-selected")).toBe("true");
    fireEvent.click(entryRow(3)!);
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });

  it("leaves the selection alone when the user works the answer card inside an event", () => {
    const onSelect = vi.fn();
    const renderInterrupt = (id: string) => (
      <form data-testid="fake-card" onSubmit={(e) => e.preventDefault()}>
        <p data-testid="fake-card-text">card {id}</p>
        <details>
          <summary data-testid="fake-card-summary">Payload</summary>
        </details>
        <label>
          Answer <input data-testid="fake-card-input" />
        </label>
        <button type="button" data-testid="fake-card-tab">
          <span data-testid="fake-card-tab-label">Free text</span>
        </button>
        <button type="submit" data-testid="fake-card-send">
          Send answer
        </button>
      </form>
    );
    render(<Harness timeline={full()} renderInterrupt={renderInterrupt} onSelect={onSelect} />);
    settle();
    const row = entryRow(4)!;
    const card = within(row).getByTestId("fake-card");
    for (const id of ["fake-card-text", "fake-card-summary", "fake-card-input", "fake-card-tab-label", "fake-card-send"]) {
      fireEvent.click(within(card).getByTestId(id));
    }
    expect(onSelect).not.toHaveBeenCalled();
    expect(row.getAttribute("data-selected")).toBe("false");
    // The rest of the row still selects the event.
    fireEvent.click(within(row).getAllByTestId("tool-call")[0]!);
    expect(onSelect).toHaveBeenLastCalledWith(4);
  });

  it("filters by tool name and by text, and by kind", () => {
    render(<Harness timeline={full()} />);
    settle();
    fireEvent.change(screen.getByTestId("timeline-filter-tool"), { target: { value: "start_job" } });
    expect(eventRows().map((r) => r.getAttribute("data-entry"))).toEqual(["7", "8", "10"]);
    expect(screen.getByTestId("timeline-count").textContent).toBe("3 of 21 events");
    fireEvent.change(screen.getByTestId("timeline-filter-tool"), { target: { value: "__all__" } });
    fireEvent.change(screen.getByTestId("timeline-search"), { target: { value: "TRANSFER WORKED" } });
    expect(eventRows().map((r) => r.getAttribute("data-entry"))).toEqual(["18", "20"]);
    fireEvent.change(screen.getByTestId("timeline-search"), { target: { value: "" } });
    fireEvent.click(screen.getByTestId("timeline-kind-artifacts"));
    expect(eventRows().map((r) => r.getAttribute("data-entry"))).toEqual(["2"]);
    expect(screen.getByTestId("timeline-kind-artifacts").getAttribute("data-state")).toBe("on");
    expect(screen.getByTestId("timeline-kind-text").getAttribute("data-state")).toBe("off");
    // Un-picking the only picked kind shows everything again.
    fireEvent.click(screen.getByTestId("timeline-kind-artifacts"));
    expect(eventRows()).toHaveLength(21);
  });
});

describe("compaction (66)", () => {
  const tl = buildTimeline(sessionFixture("66_compaction_session.json").events);

  it("shows each compaction as a fold that expands to the events it covers", () => {
    render(<Harness timeline={tl} />);
    settle();
    const folds = screen.getAllByTestId("compaction-fold");
    expect(folds).toHaveLength(2);
    expect(folds[0]!.textContent).toContain("Compacted 4 events");
    expect(folds[0]!.textContent).toContain("SUMMARY of 3 events");
    expect(folds[0]!.getAttribute("data-state")).toBe("collapsed");
    expect(eventRows()).toHaveLength(10); // raw view: every event stays where it happened
    fireEvent.click(within(folds[0]!).getByTestId("compaction-fold-toggle"));
    const fold = screen.getAllByTestId("compaction-fold")[0]!;
    expect(fold.getAttribute("data-state")).toBe("expanded");
    const inFold = eventRows().filter((r) => r.hasAttribute("data-in-fold"));
    expect(inFold.map((r) => r.getAttribute("data-event-id"))).toEqual(["pRs8IoyO", "Mz8nkoV9", "qbdMmcNt", "oBqJ00CT"]);
  });

  it("model view shows the latest summary instead of the covered events", () => {
    render(<Harness timeline={tl} />);
    settle();
    const toggle = screen.getByTestId("timeline-view-toggle");
    expect(toggle.getAttribute("data-state")).toBe("raw");
    fireEvent.click(toggle);
    settle();
    expect(screen.getByTestId("adk-timeline").getAttribute("data-view")).toBe("model");
    const folds = screen.getAllByTestId("compaction-fold");
    expect(folds).toHaveLength(1);
    expect(folds[0]!.textContent).toContain("SUMMARY of 4 events");
    expect(folds[0]!.textContent).toContain("Compacted 8 events");
    expect(eventRows().map((r) => r.getAttribute("data-event-id"))).toEqual(["zmvGdsxy", "yuVTre48", "Ch2ygRc0"]);
    fireEvent.click(within(folds[0]!).getByTestId("compaction-fold-toggle"));
    expect(eventRows().filter((r) => r.hasAttribute("data-in-fold"))).toHaveLength(8);
  });
});

describe("streaming, errors and odd input", () => {
  it("grows one message while partials arrive, marked streaming…, then final", () => {
    const raws = sseEvents("03");
    let tl = createTimeline();
    for (const r of raws.slice(0, 2)) tl = applyEvent(tl, r);
    const props = {
      view: "raw" as const,
      onViewChange: () => {},
      filter: DEFAULT_TIMELINE_FILTER,
      onFilterChange: () => {},
      selectedIndex: null,
      onSelect: () => {},
    };
    const { rerender } = render(<AdkTimeline timeline={tl} {...props} />);
    settle();
    expect(eventRows()).toHaveLength(1);
    expect(eventRows()[0]!.getAttribute("data-state")).toBe("streaming");
    expect(screen.getByTestId("timeline-text").textContent).toContain("Checking the");
    expect(screen.getByTestId("streaming-marker").textContent).toBe("streaming…");
    for (const r of raws.slice(2, 4)) tl = applyEvent(tl, r);
    rerender(<AdkTimeline timeline={tl} {...props} />);
    expect(eventRows()).toHaveLength(1);
    expect(screen.getByTestId("timeline-text").textContent).toContain("Checking the weather first.");
    tl = applyEvent(tl, raws[4]);
    rerender(<AdkTimeline timeline={tl} {...props} />);
    expect(eventRows()).toHaveLength(1);
    expect(eventRows()[0]!.getAttribute("data-state")).toBe("final");
    expect(screen.queryByTestId("streaming-marker")).toBeNull();
    // The call is not answered yet in this prefix of the stream.
    expect(screen.getByTestId("tool-call").getAttribute("data-state")).toBe("open");
  });

  it("shows event errors, stream error frames, failed tool results and unrecognized input in place", () => {
    const t = 1795257092000;
    const tl = buildTimeline([
      ...sseEvents("09"),
      { id: "a", invocationId: "e-2", author: "m", timestamp: t, content: { parts: [{ functionCall: { id: "x", name: "f", args: {} } }] } },
      {
        id: "b",
        invocationId: "e-2",
        author: "m",
        timestamp: t + 3,
        content: { parts: [{ functionResponse: { id: "x", name: "f", response: { error: "Error in tool 'f': boom" } } }] },
      },
      { error: "Tool confirmation rejected: confirmation_not_required." },
      "garbage",
    ]);
    render(<Harness timeline={tl} />);
    settle();
    const errors = screen.getAllByTestId("timeline-error");
    expect(errors.map((e) => e.getAttribute("data-stream-level"))).toEqual(["false", "true"]);
    expect(errors[0]!.textContent).toContain("UNKNOWN_ERROR");
    expect(errors[0]!.textContent).toContain("Max number of llm calls limit of 500 exceeded");
    expect(errors[1]!.textContent).toContain("confirmation_not_required");
    expect(entryRow(0)!.getAttribute("data-state")).toBe("error");
    expect(screen.getByTestId("tool-call").getAttribute("data-state")).toBe("error");
    expect(screen.getByTestId("tool-result").getAttribute("data-state")).toBe("error");
    expect(screen.getByTestId("unrecognized").textContent).toContain('"garbage"');
    expect(entryRow(4)!.getAttribute("data-state")).toBe("unrecognized");
  });

  it("lays parallel calls side by side; the unanswered one stays open", () => {
    const t = 1795257092000;
    const calls = [{ functionCall: { id: "x", name: "f", args: { q: 1 } } }, { functionCall: { id: "y", name: "g", args: {} } }];
    const tl = buildTimeline([
      { id: "a", invocationId: "e", author: "m", timestamp: t, content: { parts: calls } },
      {
        id: "b",
        invocationId: "e",
        author: "m",
        timestamp: t + 40,
        content: { parts: [{ functionResponse: { id: "x", name: "f", response: { ok: 1 } } }] },
      },
    ]);
    render(<Harness timeline={tl} />);
    settle();
    const group = screen.getByTestId("tool-calls-parallel");
    const cards = within(group).getAllByTestId("tool-call");
    expect(cards.map((c) => [c.getAttribute("data-tool"), c.getAttribute("data-state")])).toEqual([
      ["f", "ok"],
      ["g", "open"],
    ]);
    expect(within(cards[0]!).getByTestId("tool-call-latency").textContent).toBe("40 ms");
    expect(within(cards[1]!).queryByTestId("tool-call-result")).toBeNull();
  });

  it("indents workflow nodes and shows their outputs (53)", () => {
    render(<Harness timeline={buildTimeline(sessionFixture("53_workflow_session.json").events)} />);
    settle();
    expect(entryRow(1)!.getAttribute("data-depth")).toBe("1");
    expect(entryRow(2)!.getAttribute("data-depth")).toBe("0");
    expect(within(entryRow(9)!).getByTestId("workflow-output").textContent).toContain('"secretFetched": true');
    expect(within(entryRow(9)!).queryByTestId("timeline-text")).toBeNull();
  });
});

describe("10,000 events", () => {
  function synthetic(n: number): unknown[] {
    const raws: unknown[] = [];
    for (let i = 0; i < n; i++) {
      const inv = `e-${Math.floor(i / 10)}`;
      raws.push({
        id: `m${i}`,
        invocationId: inv,
        author: i % 10 === 0 ? "user" : "agent",
        timestamp: 1795257092000 + i,
        content: { parts: [{ text: `message ${i}` }] },
      });
    }
    return raws;
  }

  it("renders only a window of rows, opened on the newest", () => {
    layout.viewport = 600;
    const tl = buildTimeline(synthetic(10_000));
    const started = performance.now();
    render(<Harness timeline={tl} />);
    settle();
    const shown = eventRows();
    expect(shown.length).toBeGreaterThan(3);
    expect(shown.length).toBeLessThan(40);
    expect(shown.at(-1)!.getAttribute("data-entry")).toBe("9999");
    expect(screen.getByTestId("timeline-count").textContent).toBe("10,000 events");
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("brings an event selected from outside into view", () => {
    layout.viewport = 600;
    const tl = buildTimeline(synthetic(10_000));
    const props = {
      view: "raw" as const,
      onViewChange: () => {},
      filter: DEFAULT_TIMELINE_FILTER,
      onFilterChange: () => {},
      onSelect: () => {},
    };
    const { rerender } = render(<AdkTimeline timeline={tl} selectedIndex={null} {...props} />);
    settle();
    expect(entryRow(42)).toBeUndefined();
    rerender(<AdkTimeline timeline={tl} selectedIndex={42} {...props} />);
    settle();
    expect(entryRow(42)?.getAttribute("data-selected")).toBe("true");
    expect(eventRows().length).toBeLessThan(40);
  });
});

describe("errors (issue 9 §4)", () => {
  const toolError = {
    id: "tErr1",
    invocationId: "e-fail",
    author: "loupe_demo",
    timestamp: 1795257300001,
    content: {
      role: "user",
      parts: [
        {
          functionResponse: {
            id: "adk-f1",
            name: "flaky_service",
            response: { error: "Error in tool 'flaky_service': service 'x' is unavailable" },
          },
        },
      ],
    },
  };
  const call = {
    id: "tCall1",
    invocationId: "e-fail",
    author: "loupe_demo",
    timestamp: 1795257300000,
    content: { role: "model", parts: [{ functionCall: { id: "adk-f1", name: "flaky_service", args: { service: "x" } } }] },
  };
  const errorsTimeline = () => buildTimeline([...sseEvents("01"), call, toolError, ...sseEvents("09"), { error: "stream broke" }]);

  it("the Errors chip shows the errors — error events, stream errors and tool-error results — and only them", () => {
    const tl = errorsTimeline();
    render(<Harness timeline={tl} />);
    settle();
    const total = eventRows().length;
    fireEvent.click(screen.getByTestId("timeline-kind-errors"));
    const shown = eventRows();
    expect(shown.length).toBeGreaterThanOrEqual(3);
    expect(shown.length).toBeLessThan(total);
    expect(shown.map((r) => r.getAttribute("data-event-id"))).toContain("tErr1");
    expect(shown.every((r) => r.getAttribute("data-state") === "error")).toBe(true);
    expect(screen.getByTestId("timeline-kind-errors").getAttribute("aria-pressed")).toBe("true");
  });

  it("a tool-error result marks its row and its invocation as errors", () => {
    render(<Harness timeline={errorsTimeline()} />);
    settle();
    const row = eventRows().find((r) => r.getAttribute("data-event-id") === "tErr1")!;
    expect(row.getAttribute("data-state")).toBe("error");
    const header = screen.getAllByTestId("timeline-invocation").find((h) => h.getAttribute("data-invocation") === "e-fail");
    expect(header?.getAttribute("data-state")).toBe("error");
  });
});

describe("streaming bubbles (issue 9 §4)", () => {
  it("a stored session read while the run streamed leaves no stale streaming bubble and no merged badge", () => {
    const frames = sseEvents("03");
    const finals = frames.filter((f) => (f as { partial?: boolean }).partial !== true);
    // The stored session already has the final events; the live stream then delivers the whole run.
    let tl = buildTimeline(finals);
    for (const f of frames) tl = applyEvent(tl, f);
    render(<Harness timeline={tl} />);
    settle();
    expect(screen.queryByText("streaming…")).toBeNull();
    expect(screen.queryByText(/messages merged/)).toBeNull();
    expect(eventRows()).toHaveLength(finals.length);
    expect(screen.getByTestId("timeline-count").textContent).toBe(`${finals.length} events`);
  });

  it("a streamed event that was not stored yet still shows its merged chunks once final", () => {
    render(<Harness timeline={buildTimeline(sseEvents("03"))} />);
    settle();
    expect(screen.queryByText("streaming…")).toBeNull();
    expect(screen.getAllByText(/messages merged/).length).toBeGreaterThan(0);
  });
});

describe("a reused call id (a workflow gate run twice)", () => {
  const gate = (id: string, inv: string, t: number) => ({
    id,
    invocationId: inv,
    author: "fetch",
    timestamp: t,
    nodeInfo: { path: "gate_twice.fetch" },
    content: {
      role: "model",
      parts: [
        {
          functionCall: {
            id: "gate_key",
            name: "adk_request_credential",
            args: { functionCallId: "gate_key", authConfig: { credentialKey: "gate_key" } },
          },
        },
      ],
    },
    longRunningToolIds: ["gate_key"],
  });
  const say = (id: string, inv: string, t: number, text: string) => ({
    id,
    invocationId: inv,
    author: "user",
    timestamp: t,
    content: { role: "user", parts: [{ text }] },
  });
  const reply = {
    id: "r1",
    invocationId: "e-2",
    author: "user",
    timestamp: 1795257300002,
    content: {
      role: "user",
      parts: [{ functionResponse: { id: "gate_key", name: "adk_request_credential", response: { credentialKey: "gate_key" } } }],
    },
  };
  const done = { id: "o1", invocationId: "e-2", author: "fetch", timestamp: 1795257300003, output: { fetched: true } };

  it("each run's call card shows its own result: the first done, the second still open", () => {
    const tl = buildTimeline([
      say("u1", "e-1", 1795257300000, "go"),
      gate("g1", "e-1", 1795257300001),
      reply,
      done,
      say("u2", "e-3", 1795257300004, "go again"),
      gate("g2", "e-3", 1795257300005),
    ]);
    render(<Harness timeline={tl} />);
    settle();
    const cards = screen.getAllByTestId("tool-call").filter((c) => c.getAttribute("data-tool") === "adk_request_credential");
    expect(cards.map((c) => c.getAttribute("data-state"))).toEqual(["ok", "open"]);
  });
});
