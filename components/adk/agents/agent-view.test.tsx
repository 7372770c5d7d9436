// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { AgentServerView } from "@/lib/contracts/agents";
import { EMPTY_LOCATION } from "@/lib/workbench/location";
import { useAgentActions } from "@/hooks/use-agent-actions";
import { AgentView } from "@/components/adk/agents/agent-view";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const agent: AgentServerView = {
  id: "ag",
  name: "ag",
  url: "http://127.0.0.1:8000",
  headers: {},
  userId: "u1",
  createdAt: 1,
  state: { status: "ok", apps: ["first", "second"] },
};

function View({
  navigate,
  app = null,
  sessionId = null,
}: {
  navigate: (patch: object) => void;
  app?: string | null;
  sessionId?: string | null;
}) {
  const actions = useAgentActions();
  return (
    <AgentView
      agent={agent}
      location={{ ...EMPTY_LOCATION, agentId: "ag", app, sessionId }}
      navigate={navigate}
      actions={actions}
      onEdit={() => {}}
    />
  );
}

describe("AgentView", () => {
  it("a session made right after picking an app belongs to that app, even before the URL has caught up", async () => {
    const session = (app: string) => ({ id: `s-${app}`, appName: app, userId: "u1", state: {}, events: [], lastUpdateTime: 1 });
    const router = fetchRouter({
      "GET /api/agents/ag/apps/first/sessions": () => [],
      "GET /api/agents/ag/apps/second/sessions": () => [],
      "POST /api/agents/ag/apps/first/sessions": () => Response.json(session("first"), { status: 201 }),
      "POST /api/agents/ag/apps/second/sessions": () => Response.json(session("second"), { status: 201 }),
    });
    vi.stubGlobal("fetch", router.fetch);
    // The router's navigation is a transition: here it never lands, as when the click comes first.
    const navigate = vi.fn();
    renderWithClient(<View navigate={navigate} />);
    await waitFor(() => expect(screen.getByTestId("session-panel").getAttribute("data-app")).toBe("first"));
    fireEvent.change(screen.getByTestId("app-picker"), { target: { value: "second" } });
    expect(navigate).toHaveBeenCalledWith(expect.objectContaining({ app: "second" }));
    expect(screen.getByTestId<HTMLSelectElement>("app-picker").value).toBe("second");
    fireEvent.click(screen.getByTestId("new-session"));
    await waitFor(() => expect(router.requests.some((r) => r.method === "POST")).toBe(true));
    expect(router.requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual(["/api/agents/ag/apps/second/sessions"]);
  });

  it("picking the app the URL already names, then making a session, opens that session (CI: it stayed hidden)", async () => {
    const router = fetchRouter({
      "GET /api/agents/ag/apps/first/sessions": () => [],
      "GET /api/agents/ag/apps/first/sessions/s-new": () => ({
        id: "s-new",
        appName: "first",
        userId: "u1",
        state: {},
        events: [],
        lastUpdateTime: 1,
      }),
    });
    vi.stubGlobal("fetch", router.fetch);
    const navigate = vi.fn();
    const view = renderWithClient(<View navigate={navigate} app="first" sessionId="s-old" />);
    fireEvent.change(screen.getByTestId("app-picker"), { target: { value: "first" } });
    // The URL drops the old session; then the new session is opened in the URL.
    view.rerender(
      <QueryClientProvider client={view.client}>
        <View navigate={navigate} app="first" sessionId={null} />
      </QueryClientProvider>,
    );
    view.rerender(
      <QueryClientProvider client={view.client}>
        <View navigate={navigate} app="first" sessionId="s-new" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("session-view").getAttribute("data-session-id")).toBe("s-new"));
  });
});
