// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { Entry } from "@/lib/contracts/entries";
import { TrafficTimeline } from "./traffic-timeline";

// The virtual list needs a size to render a window (see traffic-timeline.test.tsx).
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 900 });
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 800 });
});
afterEach(cleanup);

// Recorded from tests/fixtures/mrtr-server.mjs with the SDK v2 client (2026-07-28).
const frames = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/mrtr-wire.json"), "utf8")) as {
  t: number;
  dir: string;
  msg: unknown;
}[];
const entries: Entry[] = frames.map((f, i) => ({
  seq: i + 1,
  connectionId: "c1",
  sessionKey: null,
  receivedAt: f.t,
  sourceTime: null,
  direction: f.dir === "c->s" ? "out" : "in",
  protocol: "mcp",
  kind: "message",
  raw: f.msg,
  rawBytes: 10,
}));

const settle = () => act(() => void fireEvent.scroll(screen.getByTestId("traffic-scroll")));
const rowOf = (id: number) => screen.getAllByTestId("traffic-row").find((r) => r.textContent?.includes(`#${id}`))!;

describe("multi round-trip requests in the traffic timeline", () => {
  it("marks each leg of a logical call and leaves single calls unmarked", () => {
    render(<TrafficTimeline entries={entries} />);
    settle();
    const badges = screen.getAllByTestId("mrtr-badge").map((b) => b.textContent);
    // confirm-order 2 legs, plan-trip 3, state-check 2 + 2, greeting 2; slow-report none.
    expect(badges).toHaveLength(11);
    expect(within(rowOf(2)).getByTestId("mrtr-badge").textContent).toBe("MRTR 1/3 · asks round 1");
    expect(within(rowOf(3)).getByTestId("mrtr-badge").textContent).toBe("MRTR 2/3 · asks round 2");
    expect(within(rowOf(4)).getByTestId("mrtr-badge").textContent).toBe("MRTR 3/3 · retry 2");
    expect(within(rowOf(11)).queryByTestId("mrtr-badge")).toBeNull();
  });

  it("shows the rounds of the selected call in the detail and opens another leg from there", () => {
    render(<TrafficTimeline entries={entries} />);
    settle();
    fireEvent.click(rowOf(4));
    const panel = screen.getByTestId("mrtr-rounds");
    expect(panel.textContent).toContain("One tools/call plan-trip: 3 legs, 2 rounds of input");
    const legs = within(panel).getAllByTestId("mrtr-leg");
    expect(legs.map((l) => l.getAttribute("data-outcome"))).toEqual(["input_required", "input_required", "complete"]);
    expect(legs[0]!.textContent).toContain("Round 1 asks destination: elicitation/create — “Where should the 2-day trip go?”");
    expect(legs[1]!.textContent).toContain("answers round 1: inputResponses destination");
    expect(legs[1]!.textContent).toContain("Round 2 asks itinerary: sampling/createMessage");
    expect(legs[1]!.textContent).toContain("server requestState");
    expect(legs[2]!.textContent).toContain("answers round 2: inputResponses itinerary · requestState");
    expect(legs[2]!.textContent).toContain("(this row)");
    // The first leg's button opens its own row in the detail.
    fireEvent.click(within(legs[0]!).getByRole("button", { name: /Request #2/ }));
    expect(screen.getByTestId("traffic-detail").textContent).toContain("#2");
    expect(within(screen.getByTestId("mrtr-rounds")).getAllByTestId("mrtr-leg")[0]!.textContent).toContain("(this row)");
  });
});
