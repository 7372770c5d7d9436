// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { buildTimeline } from "@/lib/protocols/adk/timeline";
import { sseEvents } from "@/lib/protocols/adk/test-fixtures";
import { SessionSummary } from "./session-summary";

afterEach(cleanup);

describe("SessionSummary", () => {
  it("counts the session's events, not the streamed bubbles the stored events superseded (issue 23: read 6 for 4 stored)", () => {
    const streamed = sseEvents("03");
    const stored = streamed.filter((r) => !(r as { partial?: boolean }).partial);
    // Right after a streamed run: the session re-read holds the final events, and the live frames
    // (partials, then the same finals) fold in after them.
    const timeline = buildTimeline([...stored, ...streamed]);
    expect(timeline.entries.some((e) => e.superseded)).toBe(true);
    render(<SessionSummary timeline={timeline} />);
    expect(screen.getByTestId("summary-events").textContent).toBe(String(stored.length));
  });
});
