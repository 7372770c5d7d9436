// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import type { InboxRow } from "@/lib/contracts/inbox";
import { everySourceRow, rowsOfEverySource, SAME_ID } from "@/tests/support/inbox-rows";
import { renderWithClient, fetchRouter } from "@/components/mcp/workbench/test-support";
import { INBOX_SOURCES } from "@/components/protocols/registry";
import { InboxCard, sourceOf } from "./sources";
import { countFailed, countNeedsYou, countWaiting, groupKeyOf, inboxItemDomKey, inboxStatus, itemKey } from "@/lib/workbench/inbox";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("INBOX_SOURCES", () => {
  it("has a full descriptor, and a card, for every source of InboxRow", () => {
    const rows = rowsOfEverySource();
    expect(Object.keys(INBOX_SOURCES).sort()).toEqual(Object.keys(rows).sort());
    for (const row of Object.values(rows) as InboxRow[]) {
      const d = sourceOf(row);
      expect(d, row.source).toBe(INBOX_SOURCES[row.source]);
      expect(typeof d.Card).toBe("function");
      for (const text of [d.label, d.kindLabel(row), d.prompt(row), d.where(row), d.groupLabel(row)])
        expect(text.length, row.source).toBeGreaterThan(0);
      expect(d.status(row)).toBe("pending");
    }
    expect(new Set(Object.values(INBOX_SOURCES).map((d) => d.label)).size).toBe(6);
  });

  it("keys rows apart across sources even when their ids are equal", () => {
    const rows = everySourceRow();
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set([SAME_ID]));
    expect(new Set(rows.map(itemKey)).size).toBe(rows.length);
    expect(new Set(rows.map(inboxItemDomKey)).size).toBe(rows.length);
    expect(new Set(rows.map(groupKeyOf)).size).toBe(rows.length);
    // Each key names its source first, so no id of one protocol can spell another's key.
    for (const row of rows) expect(itemKey(row).startsWith(`${row.source}\u0000`)).toBe(true);
  });

  it("counts every source's waiting rows apart from its failed ones; the badge counts both (issue 23)", () => {
    const rows = [...everySourceRow("pending"), ...everySourceRow("failed"), ...everySourceRow("answered"), ...everySourceRow("stale")];
    // Approvals know no "failed" (the fixture keeps those pending): 6 pending + 1 pending approval; 5 failed.
    expect(countWaiting(rows)).toBe(7);
    expect(countFailed(rows)).toBe(5);
    expect(countNeedsYou(rows)).toBe(12);
    expect(rows.filter((r) => inboxStatus(r) === "stale")).toHaveLength(6);
  });

  it("renders each source's row through its own card", async () => {
    vi.stubGlobal("fetch", fetchRouter({}).fetch);
    const rows = rowsOfEverySource();
    renderWithClient(
      <div>
        {Object.values(rows).map((row: InboxRow) => (
          <section key={row.source} data-testid={`card-${row.source}`}>
            <InboxCard row={row} />
          </section>
        ))}
      </div>,
    );
    // The ADK input card shows its form (the prompt shows once answered) under "agent › app › session".
    expect(screen.getByTestId("card-adk").textContent).toContain("Demo agent › demo › s1");
    expect(screen.getByTestId("card-adk").querySelector('[data-testid="interrupt-card"]')).not.toBeNull();
    expect(screen.getByTestId("card-mcp").textContent).toContain("Your name?");
    expect(screen.getByTestId("card-approval").textContent).toContain("echo");
    expect(screen.getByTestId("card-a2a").textContent).toContain("Which size?");
    expect(screen.getByTestId("card-agui").textContent).toContain("pick_colour");
  });
});
