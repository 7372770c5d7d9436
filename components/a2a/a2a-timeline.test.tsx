// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { A2aTimeline } from "./a2a-timeline";
import { RawEntryDialog } from "./raw-entry-dialog";
import { settleStreaming, summarizeEntry, type EntrySummary } from "./entry-summary";
import { everyStep } from "./test-entries";

afterEach(cleanup);

/** happy-dom lays nothing out: give the scroller a height and each measured row one, so the virtualizer renders a window. */
beforeAll(() => {
  const proto = HTMLElement.prototype;
  Object.defineProperty(proto, "clientHeight", { configurable: true, get: () => 2000 });
  Object.defineProperty(proto, "clientWidth", { configurable: true, get: () => 1000 });
  Object.defineProperty(proto, "offsetHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute("data-index") ? 40 : 0;
    },
  });
});

async function renderTimeline(onSelect = vi.fn()) {
  const entries = everyStep();
  render(<A2aTimeline entries={entries} selectedSeq={null} onSelect={onSelect} />);
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
    fireEvent.scroll(screen.getByTestId("a2a-timeline"));
  });
  return { entries, onSelect };
}

describe("A2aTimeline", () => {
  it("says it is reading the task's entries while they load, and that nothing is recorded only once read", () => {
    const { rerender } = render(<A2aTimeline entries={[]} loading={1506} selectedSeq={null} onSelect={vi.fn()} />);
    expect(screen.getByText("Reading the task's 1,506 recorded entries…")).toBeTruthy();
    expect(screen.queryByText("Nothing recorded for this task yet.")).toBeNull();
    rerender(<A2aTimeline entries={[]} loading={null} selectedSeq={null} onSelect={vi.fn()} />);
    expect(screen.getByText("Nothing recorded for this task yet.")).toBeTruthy();
  });

  it("shows every task state, v1.0 names read as the contract's", async () => {
    await renderTimeline();
    const states = screen
      .getAllByTestId("a2a-timeline-row")
      .map((r) => r.getAttribute("data-state"))
      .filter(Boolean);
    expect(states).toEqual([
      "submitted",
      "working",
      "input-required",
      "auth-required",
      "completed",
      "failed",
      "canceled",
      "rejected",
      "completed",
    ]);
  });

  it("marks no chunk 'streaming' once its artifact's last chunk came", async () => {
    // Before, every chunk but the last kept a pulsing "streaming" badge for good (599 of them on a
    // completed 600-chunk task): here the first two.
    await renderTimeline();
    const artifactRows = screen.getAllByTestId("a2a-timeline-row").filter((r) => r.getAttribute("data-kind") === "artifact-update");
    expect(artifactRows).toHaveLength(3);
    expect(artifactRows.map((r) => r.querySelector("[data-testid=a2a-streaming]") !== null)).toEqual([false, false, false]);
    expect(artifactRows[2]!.textContent).toContain("Next review: Monday.");
  });

  it("leaves 'streaming' on the newest chunk of an artifact more may follow, until its task ends or its stream closes", () => {
    const chunk = (artifact: string, exchange = "x1", task = "t1"): EntrySummary => ({
      chip: "artifact-update",
      streaming: true,
      chunk: { key: `${task}\n${artifact}`, task, exchange },
    });
    const settled = (rows: EntrySummary[]) => {
      settleStreaming(rows);
      return rows.map((r) => (r.chunk ? Boolean(r.streaming) : null));
    };
    // Live: two artifacts streaming side by side, each newest chunk says so.
    expect(settled([chunk("a"), chunk("b"), chunk("a"), chunk("b")])).toEqual([false, false, true, true]);
    // The task ended (a terminal state) or the exchange's stream closed or dropped: cut off, not streaming.
    expect(settled([chunk("a"), { chip: "status-update", ends: { task: "t1" } }])).toEqual([false, null]);
    expect(settled([chunk("a"), { chip: "stream", ends: { exchange: "x1" } }])).toEqual([false, null]);
    // Another task's end, or another exchange's stream, leaves it streaming.
    expect(settled([chunk("a"), { chip: "status-update", ends: { task: "t2" } }, { chip: "stream", ends: { exchange: "x2" } }])).toEqual([
      true,
      null,
      null,
    ]);
  });

  it("reads what ends a task or a stream, and which artifact a chunk belongs to", () => {
    const rows = everyStep().map(summarizeEntry);
    expect(rows.filter((r) => r.ends?.task).map((r) => r.state)).toEqual(["completed", "failed", "canceled", "rejected", "completed"]);
    expect(new Set(rows.filter((r) => r.chunk).map((r) => r.chunk?.key)).size).toBe(1);
  });

  it("gives each step its latency since the previous one", async () => {
    await renderTimeline();
    const rows = screen.getAllByTestId("a2a-timeline-row");
    expect(rows[0]!.textContent).toContain("start");
    expect(rows[3]!.textContent).toContain("+28 ms");
    expect(rows[10]!.textContent).toContain("+1.05 s");
  });

  it("shows the request, stream events, pushes, malformed frames and unknown kinds instead of dropping them", async () => {
    await renderTimeline();
    const kinds = screen.getAllByTestId("a2a-timeline-row").map((r) => r.getAttribute("data-kind"));
    expect(kinds[0]).toBe("request");
    expect(kinds).toContain("stream");
    expect(kinds).toContain("push · status-update");
    expect(kinds).toContain("malformed");
    expect(kinds.at(-1)).toBe("a2a_something_new");
    expect(screen.getAllByTestId("a2a-timeline-row").at(-1)!.textContent).toContain("shown raw");
  });

  it("opens a row's raw JSON on click", async () => {
    const { onSelect, entries } = await renderTimeline();
    fireEvent.click(screen.getAllByTestId("a2a-timeline-row")[6]!);
    expect(onSelect).toHaveBeenCalledWith(entries[6]!.seq);
  });
});

describe("RawEntryDialog", () => {
  it("shows the frame whole and the request of the same exchange beside it", () => {
    const entries = everyStep();
    render(<RawEntryDialog entry={entries[6]!} request={entries[0]} onClose={() => undefined} />);
    expect(screen.getByTestId("a2a-raw-json").textContent).toContain("TASK_STATE_INPUT_REQUIRED");
    expect(screen.getByTestId("a2a-raw-request-tab")).toBeTruthy();
  });
});

describe("summarizeEntry", () => {
  it("reads v0.3 frames too (kind discriminator, lowercase states)", () => {
    const [e] = everyStep();
    const v03 = {
      ...e!,
      kind: "a2a_frame",
      raw: {
        exchangeId: "x",
        payload: {
          jsonrpc: "2.0",
          id: 1,
          result: {
            kind: "status-update",
            taskId: "t",
            contextId: "c",
            final: true,
            status: {
              state: "input-required",
              message: { kind: "message", messageId: "m", role: "agent", parts: [{ kind: "text", text: "City?" }] },
            },
          },
        },
      },
    };
    expect(summarizeEntry(v03)).toMatchObject({ chip: "status-update", state: "input-required", text: "City?" });
  });

  it("says a frame it cannot read is shown raw, with why", () => {
    const [e] = everyStep();
    const bad = {
      ...e!,
      kind: "a2a_frame",
      raw: { exchangeId: "x", payload: { jsonrpc: "2.0", id: 1, result: { kind: "status-update", taskId: "t" } } },
    };
    expect(summarizeEntry(bad)).toMatchObject({ chip: "raw", error: true });
    expect(summarizeEntry(bad).text).toMatch(/status-update\.(status|contextId)/);
  });

  it("shows a JSON-RPC error as an error row", () => {
    const [e] = everyStep();
    const err = {
      ...e!,
      kind: "a2a_frame",
      raw: { exchangeId: "x", payload: { jsonrpc: "2.0", id: 1, error: { code: -32001, message: "Task not found" } } },
    };
    expect(summarizeEntry(err)).toMatchObject({ chip: "error", error: true, text: "-32001 Task not found" });
  });
});
