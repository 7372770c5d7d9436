// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { SessionSearchResult } from "@/lib/contracts/session-search";
import { SessionSearchLauncher } from "@/components/session-search/session-search-launcher";
import { PaletteLauncher } from "@/components/command-palette/palette-launcher";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const found: SessionSearchResult = {
  query: "7788",
  hits: [
    { kind: "adk-session", match: "id", agentId: "a1", agentName: "demo", appName: "wf", userId: "u", id: "zebra-7788", updatedAt: 1 },
  ],
  errors: [],
  truncated: false,
};

function setup() {
  const router = fetchRouter({
    "GET /api/sessions/search": () => found,
    "GET /api/connections": () => [],
    "GET /api/agents": () => [],
    "GET /api/inbox": () => [],
    "GET /api/bundles": () => [],
  });
  vi.stubGlobal("fetch", router.fetch);
  const navigate = vi.fn();
  renderWithClient(
    <>
      <PaletteLauncher navigate={navigate} />
      <SessionSearchLauncher navigate={navigate} />
    </>,
  );
  return navigate;
}

describe("Search sessions… entry points", () => {
  it("the sidebar button and Ctrl+Shift+F open it; choosing a row navigates to the session", async () => {
    const navigate = setup();
    fireEvent.keyDown(window, { key: "F", ctrlKey: true, shiftKey: true });
    const input = await screen.findByTestId("session-search-input");
    fireEvent.change(input, { target: { value: "7788" } });
    await waitFor(() => expect(screen.getAllByTestId("session-search-hit")).toHaveLength(1));
    fireEvent.keyDown(input, { key: "Enter" });
    expect(navigate).toHaveBeenCalledWith({ agentId: "a1", app: "wf", userId: "u", sessionId: "zebra-7788", eventId: null });
    await waitFor(() => expect(screen.queryByTestId("session-search")).toBeNull());
    fireEvent.click(screen.getByTestId("open-session-search"));
    expect(await screen.findByTestId("session-search")).toBeTruthy();
  });

  it("the command palette's “Search sessions…” item opens it", async () => {
    const navigate = setup();
    fireEvent.keyDown(window, { key: "k", ctrlKey: true });
    fireEvent.change(await screen.findByTestId("palette-input"), { target: { value: "search sessions" } });
    const item = screen.getAllByTestId("palette-item").find((i) => i.getAttribute("data-label") === "Search sessions…")!;
    fireEvent.click(item);
    expect(await screen.findByTestId("session-search")).toBeTruthy();
    expect(screen.queryByTestId("command-palette")).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});
