// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { SessionSearchResult } from "@/lib/contracts/session-search";
import { SessionSearchDialog } from "@/components/session-search/session-search-dialog";
import { hitTarget } from "@/lib/workbench/search";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const result: SessionSearchResult = {
  query: "jam",
  hits: [
    {
      kind: "adk-session",
      match: "id",
      agentId: "a1",
      agentName: "demo",
      appName: "loupe_demo",
      userId: "user",
      id: "jam-1",
      updatedAt: 1,
    },
    {
      kind: "adk-session",
      match: "text",
      agentId: "a1",
      agentName: "demo",
      appName: "workflow_demo",
      userId: "user",
      id: "s9",
      snippet: "toast with Jam and more jam",
      eventId: "ev-7",
      updatedAt: 2,
    },
    { kind: "playground", match: "text", id: "pg1", name: "Jam talk", snippet: "Jam talk", updatedAt: 3 },
  ],
  errors: [{ agentId: "down", agentName: "gone", error: "fetch failed" }],
  truncated: false,
};

function setup(answer: (q: string) => Response | SessionSearchResult = () => result) {
  const router = fetchRouter({ "GET /api/sessions/search": (req) => answer(new URL(req.path, "http://x").searchParams.get("q")!) });
  vi.stubGlobal("fetch", router.fetch);
  const onChoose = vi.fn();
  renderWithClient(<SessionSearchDialog open onOpenChange={vi.fn()} onChoose={onChoose} />);
  return { router, onChoose };
}

const type = (text: string) => fireEvent.change(screen.getByTestId("session-search-input"), { target: { value: text } });

describe("SessionSearchDialog", () => {
  it("groups results by agent and app, marks the query, reports an agent that is down; arrows and Enter open a row", async () => {
    const { router, onChoose } = setup();
    expect(screen.getByTestId("session-search-status").textContent).toContain("Type part of a session id");
    type("jam");
    await waitFor(() => expect(screen.getAllByTestId("session-search-hit")).toHaveLength(3));
    expect(router.requests.map((r) => r.path)).toEqual(["/api/sessions/search?q=jam"]);
    expect(screen.getAllByTestId("session-search-group").map((g) => g.getAttribute("aria-label"))).toEqual([
      "demo · loupe_demo",
      "demo · workflow_demo",
      "Playground",
    ]);
    const snippet = screen.getAllByTestId("session-search-snippet")[0]!;
    expect([...snippet.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["Jam", "jam"]);
    expect(screen.getByTestId("session-search-agent-errors").textContent).toContain("gone: sessions not listed (fetch failed)");
    expect(screen.getByTestId("session-search-status").textContent).toBe("3 results.");

    const input = screen.getByTestId("session-search-input");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(screen.getAllByTestId("session-search-hit")[1]!.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onChoose).toHaveBeenCalledWith(result.hits[1]);
  });

  it("says when nothing matches, and shows a failed search as an error, not a blank", async () => {
    setup((q) =>
      q === "boom"
        ? Response.json({ error: { code: "internal:x", message: "disk on fire" } }, { status: 500 })
        : { query: q, hits: [], errors: [], truncated: false },
    );
    type("nothing");
    await waitFor(() => expect(screen.getByTestId("session-search-status").textContent).toBe("Nothing matches “nothing”."));
    type("boom");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("disk on fire"));
  });

  it("a row opens the session at its event, or the conversation of its kind", () => {
    expect(hitTarget(result.hits[1]!)).toEqual({ agentId: "a1", app: "workflow_demo", userId: "user", sessionId: "s9", eventId: "ev-7" });
    expect(hitTarget(result.hits[2]!)).toEqual({ view: "playground", conversationId: "pg1" });
    expect(hitTarget({ kind: "a2a-context", match: "id", agentId: "p", id: "ctx", updatedAt: 1 })).toEqual({
      view: "a2a",
      peerId: "p",
      thread: "ctx",
      item: null,
    });
  });
});
