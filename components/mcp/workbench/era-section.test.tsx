// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { EraSection } from "@/components/mcp/workbench/era-section";
import { draftFromView, draftToInput, emptyDraft } from "@/components/mcp/connections/connection-draft";
import type { ConnectionView } from "@/lib/contracts/connections";

afterEach(cleanup);

describe("EraSection", () => {
  it("a modern session: version, why, what server/discover returned and what the revision removed", () => {
    const discover = { supportedVersions: ["2026-07-28"], capabilities: { tools: {} } };
    render(<EraSection era={{ version: "2026-07-28", mode: "modern", why: "server/discover answered", discover }} setting="auto" />);
    expect(screen.getByTestId("era-version").textContent).toBe("2026-07-28");
    expect(screen.getByTestId("era-mode").dataset.mode).toBe("modern");
    expect(screen.getByTestId("era-why").textContent).toBe("server/discover answered");
    expect(screen.getByTestId("era-discover").textContent).toContain('"supportedVersions"');
    expect(screen.getByTestId("era-removed").textContent).toMatch(/ping does not exist in MCP 2026-07-28/);
    expect(screen.getByTestId("era-removed").textContent).toMatch(/logging\/setLevel/);
  });

  it("a legacy session says why the handshake was used and lists nothing as removed", () => {
    render(
      <EraSection
        era={{ version: "2025-11-25", mode: "legacy", why: "Pinned to 2025-11-25 in the connection settings" }}
        setting="2025-11-25"
      />,
    );
    expect(screen.getByTestId("era-mode").dataset.mode).toBe("legacy");
    expect(screen.getByTestId("era-setting").textContent).toBe("pinned to 2025-11-25");
    expect(screen.queryByTestId("era-removed")).toBeNull();
    expect(screen.queryByTestId("era-discover")).toBeNull();
  });

  it("an auto session offers Re-detect era, which runs the re-probe; a pinned one does not", () => {
    let runs = 0;
    const why =
      "Era legacy (initialize handshake, no server/discover probe), remembered from 2026-11-24 01:00:00 UTC; Reconnect with re-probe to check again";
    const era = { version: "2025-11-25", mode: "legacy" as const, why, rememberedAt: 1 };
    const { rerender } = render(<EraSection era={era} setting="auto" redetect={{ run: () => runs++, pending: false }} />);
    expect(screen.getByTestId("era-why").textContent).toMatch(/remembered from .*Reconnect with re-probe/);
    fireEvent.click(screen.getByTestId("era-redetect"));
    expect(runs).toBe(1);
    rerender(<EraSection era={era} setting="auto" redetect={{ run: () => runs++, pending: true }} />);
    expect(screen.getByTestId("era-redetect").textContent).toBe("Re-detecting…");
    expect(screen.getByTestId<HTMLButtonElement>("era-redetect").disabled).toBe(true);
    rerender(<EraSection era={era} setting="2025-11-25" redetect={{ run: () => runs++, pending: false }} />);
    expect(screen.queryByTestId("era-redetect")).toBeNull();
  });
});

describe("the protocolEra setting in the connection draft", () => {
  it("is saved only when pinned, and read back from the view", () => {
    const auto = draftToInput({ ...emptyDraft(), name: "a", command: "node" });
    expect(auto.ok && "protocolEra" in auto.input).toBe(false);
    const pinned = draftToInput({ ...emptyDraft(), name: "p", command: "node", protocolEra: "2026-07-28" });
    expect(pinned.ok && pinned.input.protocolEra).toBe("2026-07-28");
    const view = {
      id: "c1",
      name: "p",
      transport: "stdio",
      command: "node",
      args: [],
      env: {},
      requestTimeoutMs: 5000,
      createdAt: 1,
      protocolEra: "2025-11-25",
      state: { status: "idle", stderrTail: [], toolsVersion: 0 },
    } as ConnectionView;
    expect(draftFromView(view).protocolEra).toBe("2025-11-25");
  });
});

describe("SubscribeButton on a 2026-07-28 session", () => {
  it("says the revision has no resources/subscribe instead of blaming the server", async () => {
    const { SubscribeButton } = await import("@/components/mcp/resources/subscribe-button");
    const { renderWithClient } = await import("@/components/mcp/workbench/test-support");
    renderWithClient(
      <SubscribeButton
        connectionId="c1"
        uri="demo://x"
        subscribed={false}
        supported={false}
        note="resources/subscribe is not in MCP 2026-07-28"
      />,
    );
    expect(screen.getByTestId("subscribe-unsupported").textContent).toBe("resources/subscribe is not in MCP 2026-07-28");
  });
});
