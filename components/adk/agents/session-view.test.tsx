// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { sseEvents } from "@/lib/protocols/adk/test-fixtures";
import { SessionView } from "@/components/adk/agents/session-view";
import { installLayout, settle } from "@/components/adk/timeline/test-support";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

beforeAll(installLayout);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REF = { agentId: "ag", appName: "inspector_demo", userId: "u1", sessionId: "s_confirm" };

function setup() {
  const router = fetchRouter({
    // Capture 21 ends paused on an adk_request_confirmation for delete_file.
    "GET /api/agents/ag/apps/inspector_demo/sessions/s_confirm": () => ({
      id: "s_confirm",
      appName: "inspector_demo",
      userId: "u1",
      state: {},
      events: sseEvents("21"),
      lastUpdateTime: 1,
    }),
    "GET /api/inbox": () => [],
    "GET /api/agents/ag/apps/inspector_demo/sessions/s_confirm/artifacts": () => ["report.txt"],
    "GET /api/agents/ag/apps/inspector_demo/sessions/s_confirm/artifacts/report.txt/versions": () => [0, 1],
    "GET /api/agents/ag/apps/inspector_demo/sessions/s_confirm/artifacts/report.txt": () => ({ text: "v1 of the report" }),
    "POST /api/agents/ag/answers": (req) => {
      const b = req.body as { sessionKey: string; interruptId: string; answer: unknown };
      return {
        answer: {
          id: "a1",
          agentId: "ag",
          sessionKey: b.sessionKey,
          interruptId: b.interruptId,
          answer: b.answer,
          status: "sent",
          createdAt: 9,
        },
      };
    },
  });
  vi.stubGlobal("fetch", router.fetch);
  renderWithClient(<SessionView sessionRef={REF} agentName="Demo" />);
  return router;
}

describe("SessionView", () => {
  it("shows the stored session with its pause answerable inline, and answers it", async () => {
    const router = setup();
    await screen.findByTestId("adk-timeline");
    settle();
    const card = await screen.findByTestId("interrupt-card");
    expect(card.getAttribute("data-kind")).toBe("confirmation");
    expect(card.getAttribute("data-status")).toBe("pending");
    expect(screen.getByTestId("composer-input")).toBeTruthy();

    fireEvent.click(within(card).getByTestId("approve"));
    await waitFor(() => expect(router.requests.some((r) => r.method === "POST" && r.path === "/api/agents/ag/answers")).toBe(true));
    const body = router.requests.find((r) => r.method === "POST")!.body as {
      sessionKey: string;
      interruptId: string;
      answer: { kind: string; confirmed: boolean };
    };
    expect(body.sessionKey).toBe("inspector_demo/u1/s_confirm");
    expect(body.answer).toMatchObject({ kind: "confirmation", confirmed: true });
    expect(body.interruptId).toMatch(/^adk-/);
  });

  it("lists artifacts and previews the latest version", async () => {
    const router = setup();
    const panel = await screen.findByTestId("artifacts-panel");
    fireEvent.click(await within(panel).findByText("report.txt"));
    expect(await within(panel).findByText(/v1 of the report/)).toBeTruthy();
    expect(router.requests.map((r) => r.path)).toContain(
      "/api/agents/ag/apps/inspector_demo/sessions/s_confirm/artifacts/report.txt?userId=u1&version=1",
    );
  });
});
