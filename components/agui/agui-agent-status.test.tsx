// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import type { AguiAgentView } from "@/lib/contracts/agui";
import { EMPTY_LOCATION } from "@/lib/workbench/location";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { AguiMain } from "./agui-main";
import { AguiNav } from "./agui-nav";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const agent = (state: AguiAgentView["state"]): AguiAgentView => ({
  id: "a1",
  name: "Travel agent",
  url: "http://127.0.0.1:9/agent",
  headers: {},
  tools: [],
  createdAt: 1,
  state,
});

function serve(view: AguiAgentView) {
  const router = fetchRouter({
    "GET /api/agui/agents": () => [view],
    "GET /api/agui/agents/a1/threads": () => [],
    "GET /api/inbox": () => [],
  });
  vi.stubGlobal("fetch", router.fetch);
}

const location = { ...EMPTY_LOCATION, view: "agui" as const, peerId: "a1" };

// AG-UI has no endpoint to probe but the run itself: before the first run, the status says runs check it.
describe("AG-UI agent status before its first run", () => {
  it("says in the sidebar and in the header that runs check the agent, not a bare 'Not checked'", async () => {
    serve(agent({ status: "unknown" }));
    renderWithClient(
      <>
        <AguiNav location={location} navigate={vi.fn()} />
        <AguiMain location={location} navigate={vi.fn()} />
      </>,
    );
    const row = await screen.findByTestId("agui-agent-row");
    expect(within(row).getByText("Not run yet: a run checks it")).toBeTruthy();
    const main = await screen.findByTestId("agui-main");
    expect(main.querySelector('[data-status="unknown"]')?.textContent).toBe("Not run yet: a run checks it");
  });

  it("says Reachable once a run reached it", async () => {
    serve(agent({ status: "ok", checkedAt: 2 }));
    renderWithClient(<AguiMain location={location} navigate={vi.fn()} />);
    const main = await screen.findByTestId("agui-main");
    expect(main.querySelector('[data-status="ok"]')?.textContent).toBe("Reachable");
  });
});
