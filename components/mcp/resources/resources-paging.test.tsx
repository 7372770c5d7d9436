// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useQuery } from "@tanstack/react-query";
import type { Resource } from "@modelcontextprotocol/sdk/types.js";
import type { ConnectionView } from "@/lib/contracts/connections";
import { connectionsQuery } from "@/lib/queries/connections";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import type { RecordedRequest } from "@/components/mcp/workbench/test-support";
import { ResourcesPanel } from "@/components/mcp/resources/resources-panel";

// Paging (resources/list and templates/list past the aggregate bound, via useInfiniteQuery) and
// the virtualized resource list.
const CAPS = { resources: { subscribe: true, listChanged: true } };
const res = (i: number): Resource => ({ uri: `test://r/${i}`, name: `r${i}` });
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => res(from + i));

function Harness() {
  const list = useQuery(connectionsQuery());
  const c = list.data?.[0];
  return c ? <ResourcesPanel connection={c} /> : null;
}

/** A server with `total` resources; the aggregate stops at `bound`, later pages hold `page` each. */
function setup(total: number, bound: number, page: number, templates = false) {
  const connection = connectionFixture({}, { capabilities: CAPS, connectedAt: 1 });
  const router = fetchRouter({
    "GET /api/connections": () => [connection],
    "GET /api/connections/everything/resources": (req: RecordedRequest) => {
      const cursor = new URL(req.path, "http://x").searchParams.get("cursor");
      const from = cursor === null ? 0 : Number(cursor);
      const to = Math.min(total, from + (cursor === null ? bound : page));
      return {
        resources: range(from, to),
        pages: cursor === null ? 2 : 1,
        ...(to < total ? { nextCursor: String(to), truncated: true } : {}),
        listedAt: 1,
      };
    },
    "GET /api/connections/everything/resource-templates": (req: RecordedRequest) => {
      const cursor = new URL(req.path, "http://x").searchParams.get("cursor");
      const t = (id: string) => ({ uriTemplate: `test://t/${id}/{x}`, name: `t${id}` });
      if (!templates) return { resourceTemplates: [t("a")], pages: 1, listedAt: 1 };
      return cursor === null
        ? { resourceTemplates: [t("a")], pages: 1, nextCursor: "t2", truncated: true, listedAt: 1 }
        : { resourceTemplates: [t("b")], pages: 1, listedAt: 1 };
    },
  });
  vi.stubGlobal("fetch", router.fetch);
  return { ...renderWithClient(<Harness />), router };
}

const items = () => screen.queryAllByTestId("resource-item");
const listPaths = (router: { requests: RecordedRequest[] }) =>
  router.requests.filter((r) => r.path.includes("/resources")).map((r) => r.path);

beforeEach(() => {
  // happy-dom does no layout: give the scroller a height so the virtualizer renders a window.
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(320);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("resource paging", () => {
  it("loads the next pages by cursor on demand and hides the button when the server has no more", async () => {
    const { router } = setup(7, 3, 2);
    await waitFor(() => expect(screen.getByTestId("resource-count").textContent).toMatch(/^3 resources · 2 pages/));
    fireEvent.click(screen.getByTestId("resources-more"));
    await waitFor(() => expect(screen.getByTestId("resource-count").textContent).toMatch(/^5 resources · 3 pages/));
    fireEvent.click(screen.getByTestId("resources-more"));
    await waitFor(() => expect(screen.getByTestId("resource-count").textContent).toMatch(/^7 resources · 4 pages/));
    expect(screen.queryByTestId("resources-more")).toBeNull();
    expect(items().map((el) => el.dataset.uri)).toEqual(range(0, 7).map((r) => r.uri));
    expect(listPaths(router)).toEqual([
      "/api/connections/everything/resources",
      "/api/connections/everything/resources?paged=true&cursor=3",
      "/api/connections/everything/resources?paged=true&cursor=5",
    ]);
  });

  it("a list change re-lists from the first page instead of replaying stale cursors", async () => {
    const { router, client } = setup(7, 3, 2);
    await screen.findByTestId("resources-more");
    fireEvent.click(screen.getByTestId("resources-more"));
    await waitFor(() => expect(items()).toHaveLength(5));
    const view = client.getQueryData<ConnectionView[]>(["connections"])![0]!;
    act(() => {
      applyStreamEntries(client, [
        {
          seq: 20,
          connectionId: "everything",
          sessionKey: "s1",
          receivedAt: 1,
          sourceTime: null,
          direction: "local",
          protocol: "loupe",
          kind: "status",
          raw: { ...view.state, resourcesVersion: 1 },
          rawBytes: 10,
        },
      ]);
    });
    await screen.findByTestId("resources-changed");
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(listPaths(router).slice(2)).toEqual(["/api/connections/everything/resources"]);
    expect(screen.getByTestId("resources-more")).toBeTruthy();
  });

  it("pages templates the same way", async () => {
    const { router } = setup(2, 2, 2, true);
    await waitFor(() => expect(screen.getAllByTestId("template-item")).toHaveLength(1));
    expect(screen.queryByTestId("resources-more")).toBeNull();
    fireEvent.click(screen.getByTestId("templates-more"));
    await waitFor(() => expect(screen.getAllByTestId("template-item")).toHaveLength(2));
    expect(screen.queryByTestId("templates-more")).toBeNull();
    expect(router.requests.some((r) => r.path === "/api/connections/everything/resource-templates?paged=true&cursor=t2")).toBe(true);
  });
});

describe("virtualized resource list", () => {
  it("renders only a window of 5,000 resources, follows scrolling, and keeps keyboard and selection", async () => {
    setup(5_000, 5_000, 1);
    await waitFor(() => expect(screen.getByTestId("resource-count").textContent).toMatch(/^5,000 resources/));
    const first = items();
    expect(first.length).toBeGreaterThan(5);
    expect(first.length).toBeLessThan(60);
    expect(first[0]!.dataset.uri).toBe("test://r/0");
    // The list reserves the height of every row, so the scrollbar is honest.
    expect(parseFloat(screen.getByTestId("resource-list").style.height)).toBeGreaterThan(5_000 * 50);

    // Arrow keys move focus between rendered rows; a click selects.
    first[0]!.focus();
    fireEvent.keyDown(first[0]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(first[1]);
    fireEvent.click(first[1]!);
    await waitFor(() => expect(items()[1]!.getAttribute("aria-selected")).toBe("true"));

    // Scrolling far down renders rows from there (and drops the first ones).
    const scroller = screen.getByTestId("resources-scroller");
    act(() => {
      scroller.scrollTop = 64 * 4_000;
      scroller.dispatchEvent(new Event("scroll"));
    });
    await waitFor(() => expect(items().some((el) => el.dataset.uri === "test://r/4000")).toBe(true));
    expect(items().some((el) => el.dataset.uri === "test://r/0")).toBe(false);
    expect(items().length).toBeLessThan(60);
  });
});
