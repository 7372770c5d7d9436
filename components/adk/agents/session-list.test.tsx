// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AgentSessionSummary } from "@/lib/contracts/agents";
import { SessionList } from "@/components/adk/agents/session-list";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary = (id: string, t: number): AgentSessionSummary => ({ id, appName: "demo", userId: "u1", lastUpdateTime: t });

function setup(selectedId: string | null = null) {
  let sessions = [summary("s2", 2000), summary("s1", 1000)];
  const router = fetchRouter({
    "GET /api/agents/ag/apps/demo/sessions": () => sessions,
    "POST /api/agents/ag/apps/demo/sessions": (req) => {
      sessions = [summary("s3", 3000), ...sessions];
      return Response.json({ id: "s3", appName: "demo", userId: "u1", state: (req.body as { state?: unknown }).state ?? {}, events: [], lastUpdateTime: 3000 }, { status: 201 });
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
});
