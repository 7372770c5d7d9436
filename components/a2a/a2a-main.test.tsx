// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { A2aAgentView } from "@/lib/contracts/a2a";
import { EMPTY_LOCATION } from "@/lib/workbench/location";
import type { WorkbenchLocation } from "@/lib/workbench/location";
import { A2aMain } from "./a2a-main";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DOWN: A2aAgentView = {
  id: "far",
  name: "far agent",
  url: "http://127.0.0.1:1/",
  headers: {},
  createdAt: 1,
  state: { status: "error", error: "connect ECONNREFUSED 127.0.0.1:1" },
};

/** The A2A routes as the test answers them; returns the requests made. */
function stubRoutes(routes: Record<string, () => { status: number; body: unknown }>) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? "GET"} ${url}`;
      calls.push(key);
      const route = routes[key];
      const r = route ? route() : { status: 404, body: { error: { code: "not_found:route", message: `no ${key}` } } };
      return new Response(JSON.stringify(r.body), { status: r.status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

function renderMain(location: Partial<WorkbenchLocation>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <A2aMain location={{ ...EMPTY_LOCATION, view: "a2a", ...location }} navigate={() => undefined} />
    </QueryClientProvider>,
  );
}

describe("A2aMain", () => {
  it("an unreachable agent says so with the reason, and Retry re-fetches its card", async () => {
    const calls = stubRoutes({
      "GET /api/a2a/agents": () => ({ status: 200, body: [DOWN] }),
      "GET /api/a2a/agents/far/tasks": () => ({ status: 200, body: [] }),
      "POST /api/a2a/agents/far/card": () => ({
        status: 502,
        body: { error: { code: "upstream:a2a_unreachable", message: "still down" } },
      }),
    });
    renderMain({ peerId: "far" });
    const alert = await screen.findByText("The agent is unreachable");
    expect(alert.parentElement?.textContent).toContain("ECONNREFUSED");
    expect(await screen.findByTestId("a2a-no-task")).toBeTruthy();
    fireEvent.click(screen.getAllByRole("button", { name: /Retry/ })[0]!);
    await waitFor(() => expect(calls).toContain("POST /api/a2a/agents/far/card"));
    expect(await screen.findByText("Could not re-fetch the card")).toBeTruthy();
  });

  it("says what to do when no agent is open or the open one is gone, and shows a failed list with Retry", async () => {
    stubRoutes({ "GET /api/a2a/agents": () => ({ status: 200, body: [] }) });
    renderMain({});
    expect((await screen.findByTestId("a2a-empty")).textContent).toContain("Add an A2A agent");
    cleanup();
    renderMain({ peerId: "gone" });
    expect((await screen.findByTestId("a2a-empty")).textContent).toContain("not saved");
    cleanup();
    stubRoutes({});
    renderMain({ peerId: "x" });
    expect((await screen.findByTestId("query-error")).textContent).toContain("Could not load A2A agents");
  });

  it("an agent without tasks says 'No tasks yet — send a message', and the stream switch follows the card", async () => {
    const agent: A2aAgentView = { ...DOWN, id: "ok", state: { status: "ok", card: { name: "x", capabilities: { streaming: false } } } };
    stubRoutes({
      "GET /api/a2a/agents": () => ({ status: 200, body: [agent] }),
      "GET /api/a2a/agents/ok/tasks": () => ({ status: 200, body: [] }),
    });
    renderMain({ peerId: "ok" });
    expect((await screen.findByText("No tasks yet — send a message.")).getAttribute("data-testid")).toBe("a2a-no-task");
    expect(screen.getByTestId<HTMLButtonElement>("a2a-stream-toggle").disabled).toBe(true);
  });
});
