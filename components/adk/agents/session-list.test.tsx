// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AgentSessionSummary } from "@/lib/contracts/agents";
import { SessionList } from "@/components/adk/agents/session-list";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

beforeEach(() => {
  // happy-dom does no layout: give the virtualized list's scroller a height so rows render.
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(440);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(280);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const summary = (id: string, t: number): AgentSessionSummary => ({ id, appName: "demo", userId: "u1", lastUpdateTime: t });

function setup(selectedId: string | null = null) {
  let sessions = [summary("s2", 2000), summary("s1", 1000)];
  const router = fetchRouter({
    "GET /api/agents/ag/apps/demo/sessions": () => sessions,
    "POST /api/agents/ag/apps/demo/sessions": (req) => {
      sessions = [summary("s3", 3000), ...sessions];
      return Response.json(
        { id: "s3", appName: "demo", userId: "u1", state: (req.body as { state?: unknown }).state ?? {}, events: [], lastUpdateTime: 3000 },
        { status: 201 },
      );
    },
    "DELETE /api/agents/ag/apps/demo/sessions/s2": () => {
      sessions = sessions.filter((s) => s.id !== "s2");
      return new Response(null, { status: 204 });
    },
  });
  vi.stubGlobal("fetch", router.fetch);
  const onOpen = vi.fn();
  renderWithClient(<SessionList agentId="ag" appName="demo" userId="u1" selectedId={selectedId} onOpen={onOpen} />);
  return { router, onOpen };
}

const ids = () => screen.getAllByTestId("session-item").map((li) => li.getAttribute("data-session-id"));

describe("SessionList", () => {
  it("lists the user's sessions, creates one with an initial state and opens it", async () => {
    const { router, onOpen } = setup();
    await waitFor(() => expect(ids()).toEqual(["s2", "s1"]));
    expect(router.requests[0]!.path).toBe("/api/agents/ag/apps/demo/sessions?userId=u1");

    fireEvent.click(screen.getByRole("button", { name: "Initial state" }));
    fireEvent.change(screen.getByTestId("new-session-state"), { target: { value: "[1]" } });
    fireEvent.click(screen.getByTestId("new-session"));
    expect(screen.getByRole("alert").textContent).toContain("must be a JSON object");
    expect(router.requests.filter((r) => r.method === "POST")).toHaveLength(0);

    fireEvent.change(screen.getByTestId("new-session-state"), { target: { value: '{"user:name":"Ada"}' } });
    fireEvent.click(screen.getByTestId("new-session"));
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith("s3"));
    expect(router.requests.find((r) => r.method === "POST")!.body).toEqual({ userId: "u1", state: { "user:name": "Ada" } });
    await waitFor(() => expect(ids()).toEqual(["s3", "s2", "s1"]));
  });

  it("deletes a session only after the confirm, and closes it when it was open", async () => {
    const { router, onOpen } = setup("s2");
    await waitFor(() => expect(ids()).toEqual(["s2", "s1"]));
    const row = screen.getAllByTestId("session-item")[0]!;
    fireEvent.click(within(row).getByTestId("delete-session"));
    expect(router.requests.some((r) => r.method === "DELETE")).toBe(false);
    fireEvent.click(within(row).getByTestId("confirm-delete-session"));
    await waitFor(() => expect(ids()).toEqual(["s1"]));
    expect(router.requests.find((r) => r.method === "DELETE")!.path).toBe("/api/agents/ag/apps/demo/sessions/s2?userId=u1");
    expect(onOpen).toHaveBeenCalledWith(null);
  });

  it("renders only a window of 5,000 sessions; scrolling, arrow keys and opening still work", async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => summary(`s${i}`, 10_000 - i));
    vi.stubGlobal("fetch", fetchRouter({ "GET /api/agents/ag/apps/demo/sessions": () => many }).fetch);
    const onOpen = vi.fn();
    renderWithClient(<SessionList agentId="ag" appName="demo" userId="u1" selectedId="s1" onOpen={onOpen} />);
    await waitFor(() => expect(ids()[0]).toBe("s0"));
    expect(ids().length).toBeGreaterThan(5);
    expect(ids().length).toBeLessThan(40);
    expect(screen.getAllByTestId("session-item")[1]!.getAttribute("aria-current")).toBe("true");

    const opens = () => screen.getAllByTestId("session-item").map((li) => li.querySelector<HTMLElement>("[data-session-open]")!);
    opens()[0]!.focus();
    fireEvent.keyDown(opens()[0]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(opens()[1]);
    fireEvent.click(opens()[1]!);
    expect(onOpen).toHaveBeenCalledWith("s1");

    const scroller = screen.getByTestId("session-scroll");
    act(() => {
      scroller.scrollTop = 44 * 4_500;
      fireEvent.scroll(scroller);
    });
    await waitFor(() => expect(ids()).toContain("s4500"));
    expect(ids()).not.toContain("s0");
    expect(ids().length).toBeLessThan(40);
  });
});
