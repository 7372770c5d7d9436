// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AgentSessionSummary } from "@/lib/contracts/agents";
import { SessionList } from "@/components/adk/agents/session-list";
import { SessionLabelEditor } from "@/components/adk/agents/session-label-editor";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(440);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(280);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup() {
  let sessions: AgentSessionSummary[] = [
    { id: "s2", appName: "demo", userId: "u1", lastUpdateTime: 2000, labels: ["bug"] },
    { id: "s1", appName: "demo", userId: "u1", lastUpdateTime: 1000 },
  ];
  const router = fetchRouter({
    "GET /api/agents/ag/apps/demo/sessions": () => sessions,
    "PUT /api/agents/ag/apps/demo/sessions/s1/label": (req) => {
      const body = req.body as { name?: string; labels?: string[] };
      const old = sessions.find((s) => s.id === "s1")!;
      const name = body.name ?? old.name;
      const labels = body.labels ?? old.labels ?? [];
      sessions = sessions.map((s) => (s.id === "s1" ? { ...s, ...(name ? { name } : {}), labels } : s));
      return { ...(name ? { name } : {}), labels, updatedAt: 5 };
    },
  });
  vi.stubGlobal("fetch", router.fetch);
  const ref = { agentId: "ag", appName: "demo", userId: "u1", sessionId: "s1" };
  renderWithClient(
    <>
      <SessionLabelEditor sessionRef={ref} />
      <SessionList agentId="ag" appName="demo" userId="u1" selectedId="s1" onOpen={vi.fn()} />
    </>,
  );
  return router;
}

const row = (id: string) => screen.getAllByTestId("session-item").find((li) => li.getAttribute("data-session-id") === id)!;
const ids = () => screen.getAllByTestId("session-item").map((li) => li.getAttribute("data-session-id"));

describe("session names and labels", () => {
  it("renames inline and adds and removes labels; the list row shows them at once", async () => {
    const router = setup();
    await waitFor(() => expect(ids()).toEqual(["s2", "s1"]));
    fireEvent.click(await screen.findByTestId("session-name"));
    fireEvent.change(screen.getByTestId("session-name-input"), { target: { value: "  Refund flow  " } });
    fireEvent.keyDown(screen.getByTestId("session-name-input"), { key: "Enter" });
    await waitFor(() => expect(within(row("s1")).getByText("Refund flow")).toBeTruthy());
    expect(router.requests.find((r) => r.method === "PUT")!.body).toEqual({ name: "Refund flow", userId: "u1" });
    expect(screen.getByTestId("session-name").textContent).toContain("Refund flow");

    fireEvent.click(screen.getByTestId("add-session-label"));
    fireEvent.change(screen.getByTestId("session-label-input"), { target: { value: "p1" } });
    fireEvent.keyDown(screen.getByTestId("session-label-input"), { key: "Enter" });
    await waitFor(() =>
      expect(
        within(row("s1"))
          .getAllByTestId("session-label")
          .map((c) => c.textContent),
      ).toEqual(["p1"]),
    );
    expect(router.requests.filter((r) => r.method === "PUT").at(-1)!.body).toEqual({ labels: ["p1"], userId: "u1" });

    fireEvent.click(screen.getByRole("button", { name: "Remove label p1" }));
    await waitFor(() => expect(within(row("s1")).queryAllByTestId("session-label")).toHaveLength(0));
    expect(router.requests.filter((r) => r.method === "PUT").at(-1)!.body).toEqual({ labels: [], userId: "u1" });
  });

  it("Escape leaves the name as it was and sends nothing", async () => {
    const router = setup();
    fireEvent.click(await screen.findByTestId("session-name"));
    fireEvent.change(screen.getByTestId("session-name-input"), { target: { value: "draft" } });
    fireEvent.keyDown(screen.getByTestId("session-name-input"), { key: "Escape" });
    expect(screen.getByTestId("session-name").textContent).toContain("Name this session");
    expect(router.requests.filter((r) => r.method === "PUT")).toHaveLength(0);
  });

  it("filters the list by a label chip and back", async () => {
    setup();
    await waitFor(() => expect(ids()).toEqual(["s2", "s1"]));
    const chip = screen.getAllByTestId("label-filter").find((c) => c.getAttribute("data-label") === "bug")!;
    fireEvent.click(chip);
    await waitFor(() => expect(ids()).toEqual(["s2"]));
    expect(chip.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(chip);
    await waitFor(() => expect(ids()).toEqual(["s2", "s1"]));
  });
});
