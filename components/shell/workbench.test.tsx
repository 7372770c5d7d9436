// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { Workbench } from "./workbench";

const nav = vi.hoisted(() => ({ search: "", replace: vi.fn(), push: vi.fn() }));
vi.mock("next/navigation", () => ({
  useSearchParams: () => new URLSearchParams(nav.search),
  useRouter: () => ({ replace: nav.replace, push: nav.push }),
  usePathname: () => "/",
}));

beforeEach(() => {
  nav.replace.mockReset();
  nav.push.mockReset();
  // The stream never opens here; every list the sidebar reads is empty but the servers'.
  const empty = () => [];
  const router = fetchRouter({
    "GET /api/connections": () => [connectionFixture()],
    "GET /api/agents": empty,
    "GET /api/inbox": empty,
    "GET /api/bundles": empty,
    "GET /api/playground/conversations": empty,
    "GET /api/a2a/agents": empty,
    "GET /api/agui/agents": empty,
    "GET /api/stream": () => new Response(null, { status: 503 }),
  });
  vi.stubGlobal("fetch", router.fetch);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the workbench shell", () => {
  it("shows every protocol's sidebar section and the open server's pane; Add server and Edit share one dialog", async () => {
    nav.search = "c=everything";
    renderWithClient(<Workbench />);
    const sidebar = screen.getByTestId("sidebar");
    await waitFor(() => expect(within(sidebar).getByTestId("servers-section")).toBeTruthy());
    expect(await screen.findByTestId("connection-view")).toBeTruthy();
    fireEvent.click(within(sidebar).getByTestId("add-server"));
    expect((await screen.findByTestId("add-server-dialog")).textContent).toContain("Add server");
    fireEvent.keyDown(screen.getByTestId("add-server-dialog"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("add-server-dialog")).toBeNull());
    fireEvent.click(screen.getByTestId("edit-server"));
    expect((await screen.findByTestId("add-server-dialog")).textContent).toContain("Edit everything");
  });

  it("opens the inbox for ?view=inbox, and with nothing open lands on the first server", async () => {
    nav.search = "view=inbox";
    const { unmount } = renderWithClient(<Workbench />);
    expect(await screen.findByTestId("inbox-view")).toBeTruthy();
    // The inbox every protocol feeds is the shell's, first in the sidebar, not one protocol's.
    const first = screen.getByTestId("sidebar").querySelector("button");
    expect(first?.dataset.testid).toBe("inbox-link");
    expect(first?.getAttribute("aria-current")).toBe("page");
    unmount();
    nav.search = "";
    renderWithClient(<Workbench />);
    await waitFor(() => expect(nav.replace).toHaveBeenCalledWith("/?c=everything", { scroll: false }));
    // The landing replaces the entry it came from: Back from the first view leaves Loupe.
    expect(nav.push).not.toHaveBeenCalled();
  });

  it("opening another view adds a history entry (issue 22: Back returns to the server)", async () => {
    nav.search = "c=everything";
    renderWithClient(<Workbench />);
    await screen.findByTestId("connection-view");
    fireEvent.click(screen.getByTestId("inbox-link"));
    expect(nav.push).toHaveBeenCalledWith("/?view=inbox", { scroll: false });
    expect(nav.replace).not.toHaveBeenCalled();
  });

  it("the command palette lists every protocol's items, then the core ones", async () => {
    nav.search = "c=everything";
    renderWithClient(<Workbench />);
    await screen.findByTestId("connection-view");
    fireEvent.click(screen.getByTestId("open-palette"));
    const palette = await screen.findByTestId("command-palette");
    await waitFor(() =>
      expect(
        within(palette)
          .getAllByTestId("palette-item")
          .map((i) => i.dataset.kind),
      ).toContain("server"),
    );
    expect(within(palette).getAllByTestId("palette-item").at(-1)?.dataset.kind).not.toBe("server");
  });
});
