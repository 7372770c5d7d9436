// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { InboxRow } from "@/lib/contracts/inbox";
import { rowsOfEverySource } from "@/tests/support/inbox-rows";
import { InboxBadge } from "./inbox-badge";
import { InboxList } from "./inbox-list";
import { requestInboxReveal } from "@/lib/workbench/inbox-reveal";
import { countWaiting, inboxItemDomKey } from "@/lib/workbench/inbox";

afterEach(cleanup);

const VIEWPORT = 600;
const ROW_PX = 100;

/** happy-dom lays nothing out: a pane of VIEWPORT px, each measured line ROW_PX, the content as tall as the virtualizer says. */
beforeAll(() => {
  const proto = HTMLElement.prototype;
  Object.defineProperty(proto, "clientHeight", { configurable: true, get: () => VIEWPORT });
  Object.defineProperty(proto, "clientWidth", { configurable: true, get: () => 700 });
  Object.defineProperty(proto, "offsetHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute("data-index") ? ROW_PX : 0;
    },
  });
  Object.defineProperty(proto, "scrollHeight", {
    configurable: true,
    get(this: HTMLElement) {
      const content = this.firstElementChild as HTMLElement | null;
      return Math.max(VIEWPORT, content ? parseFloat(content.style.height) || 0 : 0);
    },
  });
});

/** `n` rows, every source in turn, ids unique, statuses cycling, newest first. */
function manyRows(n: number): InboxRow[] {
  const statuses: InboxRow["status"][] = ["pending", "answered", "stale", "failed"];
  return Array.from({ length: n }, (_, i) => {
    const all = Object.values(rowsOfEverySource(statuses[i % 4], n - i)) as InboxRow[];
    const row = all[i % all.length]!;
    // ADK rows are keyed by their interrupt key (event + call id), the others by id.
    return row.source === "adk" ? { ...row, id: `r${i}`, key: `ev${i}:r${i}` } : { ...row, id: `r${i}` };
  });
}

const rendered = () => screen.queryAllByTestId("inbox-item");

describe("InboxList — virtualized", () => {
  it("keeps only a window of 5,000 rows in the DOM, with every row counted", () => {
    const rows = manyRows(5000);
    render(<InboxList items={rows} groupBy="session" />);
    const inDom = rendered().length;
    expect(inDom).toBeGreaterThan(0);
    expect(inDom).toBeLessThan(40);
    // The counts read every row, not the window.
    const waiting = countWaiting(rows);
    expect(waiting).toBeGreaterThan(1000);
    expect(screen.getByTestId("inbox-waiting").textContent).toBe(`${waiting} waiting`);
    expect(screen.getByText("· 5000 in total")).toBeTruthy();
    render(<InboxBadge count={waiting} />);
    expect(screen.getByTestId("inbox-count").textContent).toBe("99+");
    // Pending first: the window opens on what waits.
    expect(rendered().every((r) => r.dataset.status === "pending")).toBe(true);
  });

  it("scrolls to later rows, filters over every row and moves focus by arrow keys", () => {
    render(<InboxList items={manyRows(5000)} />);
    const scroller = screen.getByTestId("inbox-scroll");
    const firstKeys = rendered().map((r) => r.getAttribute("data-item-key"));
    act(() => {
      // Past the end: the virtualizer clamps to the list's last window.
      scroller.scrollTop = 10_000_000;
      fireEvent.scroll(scroller);
    });
    const later = rendered();
    expect(later.length).toBeLessThan(40);
    expect(later.map((r) => r.getAttribute("data-item-key")).some((k) => firstKeys.includes(k))).toBe(false);
    expect(later.every((r) => r.dataset.status === "stale")).toBe(true);

    act(() => {
      scroller.scrollTop = 0;
      fireEvent.scroll(scroller);
    });
    fireEvent.click(screen.getByTestId("filter-status-failed"));
    const failed = rendered();
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(40);
    expect(failed.every((r) => r.dataset.status === "failed")).toBe(true);

    const [first, second] = failed;
    first!.focus();
    fireEvent.keyDown(first!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(second);
  });

  it("scrolls a row far down into the window when the command palette asks for it, before or after the list mounts", () => {
    const rows = manyRows(5000);
    const far = rows[4001]!;
    const key = inboxItemDomKey(far);
    const inDom = () => rendered().some((r) => r.getAttribute("data-item-key") === key);
    render(<InboxList items={rows} />);
    expect(inDom()).toBe(false);
    act(() => requestInboxReveal(key));
    act(() => void fireEvent.scroll(screen.getByTestId("inbox-scroll")));
    expect(inDom()).toBe(true);
    cleanup();

    // Asked while no inbox is shown (the palette navigates there next): the list reveals it on mount.
    const other = inboxItemDomKey(rows[3003]!);
    requestInboxReveal(other);
    render(<InboxList items={rows} />);
    act(() => void fireEvent.scroll(screen.getByTestId("inbox-scroll")));
    expect(rendered().some((r) => r.getAttribute("data-item-key") === other)).toBe(true);
  });
});
