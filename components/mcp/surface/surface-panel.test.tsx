// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { SnapshotSummary, SurfaceDiffView } from "@/lib/contracts/surface";
import { diffSurfaces, makeSnapshot } from "@/lib/surface";
import { SurfacePanel } from "@/components/mcp/surface/surface-panel";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

const summary = (id: string, label?: string): SnapshotSummary => ({
  id,
  connectionId: "everything",
  takenAt: 1_700_000_000_000,
  ...(label ? { label } : {}),
  server: { name: "notes", version: "1.0.0" },
  protocolVersion: "2025-11-25",
  counts: { tools: 2, prompts: 0, resources: 0, resourceTemplates: 0 },
  notes: [],
});
const snap = (tools: unknown[]) =>
  makeSnapshot({
    server: { name: "notes", version: "1" },
    protocolVersion: "2025-11-25",
    capabilities: {},
    lists: { tools, prompts: [], resources: [], resourceTemplates: [] },
  });
// A real diff: one tool removed (breaking), a description reworded (cosmetic), one added.
const diff = diffSurfaces(
  snap([{ name: "a", description: "x" }, { name: "gone" }]),
  snap([{ name: "a", description: "y" }, { name: "new" }]),
);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function mount(routes: Parameters<typeof fetchRouter>[0], status: "connected" | "disconnected" = "connected") {
  const router = fetchRouter(routes);
  vi.stubGlobal("fetch", router.fetch);
  renderWithClient(<SurfacePanel connection={connectionFixture({}, { status })} />);
  return router;
}

describe("SurfacePanel", () => {
  it("diffs the newest snapshot against the live server, breaking changes first, in words with their paths", async () => {
    const router = mount({
      "GET /api/connections/everything/snapshots": () => [summary("s2", "release 2"), summary("s1")],
      "GET /api/connections/everything/snapshots/diff": (): SurfaceDiffView => ({
        from: { id: "s2", takenAt: 1 },
        to: { id: "live", takenAt: 2 },
        diff,
      }),
    });
    const view = await screen.findByTestId("surface-diff");
    expect(router.requests.some((r) => r.path === "/api/connections/everything/snapshots/diff?from=s2&to=live")).toBe(true);
    const groups = within(view)
      .getAllByRole("heading")
      .map((h) => h.textContent);
    expect(groups).toEqual(["Breaking (1)", "Added (1)", "Cosmetic (1)"]);
    expect(within(screen.getByTestId("surface-diff-breaking")).getByText("Tool `gone` was removed.")).toBeTruthy();
    expect(screen.getByText('$.tools["gone"]')).toBeTruthy();
    expect(screen.getAllByTestId("surface-history-row")).toHaveLength(2);
    expect(screen.getByText("release 2")).toBeTruthy();
    expect(screen.getAllByText("2 tools · 0 prompts · 0 resources · 0 templates")).toHaveLength(2);
  });

  it("takes a snapshot with its label, and shows a refused one's raw message", async () => {
    let n = 0;
    const router = mount({
      "GET /api/connections/everything/snapshots": () => [],
      "POST /api/connections/everything/snapshots": () =>
        n++
          ? Response.json({ error: { code: "conflict:not_connected", message: '"everything" is not connected' } }, { status: 409 })
          : summary("s1"),
    });
    await screen.findByTestId("surface-empty");
    fireEvent.change(screen.getByLabelText("Snapshot label"), { target: { value: "before the refactor" } });
    fireEvent.click(screen.getByTestId("surface-take"));
    await waitFor(() => expect(router.requests.find((r) => r.method === "POST")?.body).toEqual({ label: "before the refactor" }));
    fireEvent.click(screen.getByTestId("surface-take"));
    expect(await screen.findByText('"everything" is not connected')).toBeTruthy();
  });

  it("offline: no Take, and two kept snapshots compared with each other", async () => {
    const router = mount(
      {
        "GET /api/connections/everything/snapshots": () => [summary("s2"), summary("s1")],
        "GET /api/connections/everything/snapshots/diff": (): SurfaceDiffView => ({
          from: { id: "s2", takenAt: 1 },
          to: { id: "s1", takenAt: 1 },
          diff: diffSurfaces(snap([]), snap([])),
        }),
      },
      "disconnected",
    );
    await screen.findByTestId("surface-diff-empty");
    expect(router.requests.some((r) => r.path.endsWith("diff?from=s2&to=s1"))).toBe(true);
    expect(screen.getByTestId("surface-take").hasAttribute("disabled")).toBe(true);
  });
});
