// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { DiagnosisStep } from "@/lib/contracts/connections";
import { DiagnosisChecklist, OverviewPanel } from "@/components/mcp/workbench/overview-panel";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const failedAtTcp: DiagnosisStep[] = [
  { step: "dns", ok: true, detail: "127.0.0.1 is an IP address; no name lookup needed", ms: 0 },
  { step: "tcp", ok: false, detail: "Nothing is listening on 127.0.0.1:9 (connection refused)", ms: 2 },
];

describe("DiagnosisChecklist", () => {
  it("lists the steps in order, highlights the failing one and re-runs on demand", () => {
    const onRunAgain = vi.fn();
    render(<DiagnosisChecklist steps={failedAtTcp} running={false} onRunAgain={onRunAgain} />);
    const rows = screen.getAllByTestId("diagnosis-step");
    expect(rows.map((r) => r.dataset.step)).toEqual(["dns", "tcp"]);
    expect(rows.map((r) => r.getAttribute("aria-current"))).toEqual([null, "step"]);
    expect(rows[1]!.textContent).toContain("Open a TCP connection");
    expect(rows[1]!.textContent).toContain("Nothing is listening on 127.0.0.1:9 (connection refused)");
    expect(screen.getByLabelText("passed")).toBeTruthy();
    expect(screen.getByLabelText("failed")).toBeTruthy();
    expect(screen.getByText("Later steps were not checked.")).toBeTruthy();
    fireEvent.click(screen.getByText("Run checks again"));
    expect(onRunAgain).toHaveBeenCalledTimes(1);
  });

  it("says no checks ran yet, and shows progress while running", () => {
    const { rerender } = render(<DiagnosisChecklist running={false} onRunAgain={() => undefined} />);
    expect(screen.getByText("No checks have run yet.")).toBeTruthy();
    rerender(<DiagnosisChecklist running onRunAgain={() => undefined} />);
    expect(screen.getByTestId<HTMLButtonElement>("run-checks").disabled).toBe(true);
    expect(screen.getByText("Checking each step…")).toBeTruthy();
  });
});

describe("OverviewPanel", () => {
  it("keeps the error step label and shows the diagnosis; Run checks again posts to diagnose", async () => {
    const conn = connectionFixture(
      {},
      { status: "error", error: { message: "connect ECONNREFUSED", step: "network" }, diagnosis: failedAtTcp },
    );
    const router = fetchRouter({
      "POST /api/connections/everything/diagnose": () => ({ ...conn, state: { ...conn.state, diagnosis: failedAtTcp } }),
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<OverviewPanel connection={conn} onConnect={() => undefined} />);
    expect(screen.getByTestId("connection-error").textContent).toContain("Connection failed while reaching the server");
    expect(screen.getAllByTestId("diagnosis-step")).toHaveLength(2);
    fireEvent.click(screen.getByTestId("run-checks"));
    await waitFor(() => expect(router.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /api/connections/everything/diagnose"]));
  });

  it("pings a connected server and shows the last ping from state", async () => {
    const router = fetchRouter({ "POST /api/connections/everything/ping": () => ({ ms: 3.2 }) });
    vi.stubGlobal("fetch", router.fetch);
    const conn = connectionFixture({}, { lastPing: { at: Date.now(), ms: 4.5 } });
    renderWithClient(<OverviewPanel connection={conn} onConnect={() => undefined} />);
    expect(screen.getByTestId("ping-result").textContent).toMatch(/^4.5 ms at /);
    expect(screen.queryByTestId("diagnosis")).toBeNull();
    fireEvent.click(screen.getByTestId("ping"));
    await waitFor(() => expect(router.requests).toHaveLength(1));
    expect(router.requests[0]).toMatchObject({ method: "POST", path: "/api/connections/everything/ping" });
  });

  it("shows an automatic reconnect with its countdown; Reconnect now and Stop retrying call back", () => {
    const onConnect = vi.fn();
    const onDisconnect = vi.fn();
    const conn = connectionFixture({ transport: "http", url: "http://127.0.0.1:9/mcp", headers: {} } as never, {
      status: "error",
      error: {
        message: "The server is unreachable; retrying in 4 s (attempt 3 of 10). Last error: connection refused (ECONNREFUSED)",
        step: "network",
      },
      reconnect: { attempt: 3, max: 10, nextAt: Date.now() + 3_600 },
    });
    renderWithClient(<OverviewPanel connection={conn} onConnect={onConnect} onDisconnect={onDisconnect} />);
    expect(screen.getByTestId("reconnect-countdown").textContent).toBe("Retrying in 4 s (attempt 3 of 10)");
    expect(screen.getByTestId("connection-error").textContent).toContain("attempt 3 of 10");
    // The schedule replaces the plain Try again.
    expect(screen.queryByTestId("try-again")).toBeNull();
    fireEvent.click(screen.getByTestId("reconnect-now"));
    fireEvent.click(screen.getByTestId("stop-retrying"));
    expect(onConnect).toHaveBeenCalledTimes(1);
    expect(onDisconnect).toHaveBeenCalledTimes(1);
  });

  it("says which attempt is running while it connects", () => {
    const conn = connectionFixture({}, { status: "connecting", reconnect: { attempt: 2, max: 10, nextAt: Date.now() } });
    renderWithClient(<OverviewPanel connection={conn} onConnect={() => undefined} />);
    expect(screen.getByTestId("reconnect-countdown").textContent).toBe("Reconnecting (attempt 2 of 10)…");
    expect(screen.queryByTestId("connection-error")).toBeNull();
  });

  it("offers Restart for a stdio server whose process ended, and Try again otherwise", () => {
    const onConnect = vi.fn();
    const ended = connectionFixture({}, { status: "error", error: { message: "The server process exited with code 1", step: "closed" } });
    const { unmount } = renderWithClient(<OverviewPanel connection={ended} onConnect={onConnect} />);
    expect(screen.getByTestId("connection-error").textContent).toContain("The server process ended");
    expect(screen.queryByTestId("reconnect-notice")).toBeNull();
    fireEvent.click(screen.getByTestId("restart-server"));
    expect(onConnect).toHaveBeenCalledTimes(1);
    unmount();
    const refused = connectionFixture({}, { status: "error", error: { message: "spawn nope ENOENT", step: "spawn" } });
    renderWithClient(<OverviewPanel connection={refused} onConnect={onConnect} />);
    expect(screen.queryByTestId("restart-server")).toBeNull();
    expect(screen.getByTestId("try-again").textContent).toBe("Try again");
  });

  it("shows a failed ping's error", () => {
    const conn = connectionFixture({}, { lastPing: { at: Date.now(), error: "Request timed out" } });
    renderWithClient(<OverviewPanel connection={conn} onConnect={() => undefined} />);
    expect(screen.getByTestId("ping-result").textContent).toBe("Request timed out");
  });
});
