// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ConformanceRun, ConformanceState, ConformanceSuiteState } from "@/lib/contracts/conformance";
import { parseScenarioList, readResultsDir } from "@/lib/server/mcp/conformance/parse";
import { ConformancePanel } from "@/components/mcp/conformance/conformance-panel";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

// Rendered from the real captured run (suite 0.2.0-alpha.12 vs server-everything, 2025-11-25).
const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/conformance");
const list = parseScenarioList("2025-11-25", readFileSync(path.join(FIXTURES, "list-2025-11-25.txt"), "utf8"));
const scenarios = readResultsDir(path.join(FIXTURES, "everything-2025-11-25"), new Map(list.notScored.map((n) => [n.scenario, n.reason])));
const run: ConformanceRun = {
  id: "r1",
  connectionId: "everything",
  revision: "2025-11-25",
  scenario: null,
  url: "http://127.0.0.1:7220/mcp",
  status: "failed",
  startedAt: 1_700_000_000_000,
  finishedAt: 1_700_000_003_300,
  progress: { index: 33, total: 33, current: null },
  scenarios,
  auth: { headerNames: ["Authorization"], hasOAuthToken: false, carried: false },
};
const http = connectionFixture({ transport: "http", url: "http://127.0.0.1:7220/mcp", headers: { Authorization: "••••••" } } as never);

const suite = (over: Partial<ConformanceSuiteState> = {}): ConformanceSuiteState => ({
  status: "installed",
  dir: "/repo/conformance",
  looked: ["/repo/conformance", "/data/conformance"],
  installDir: "/data/conformance",
  lines: [],
  error: null,
  manual: 'npm install --prefix "/data/conformance" @modelcontextprotocol/conformance@0.2.0-alpha.12 node@22.23.3',
  ...over,
});

function mount(routes: Parameters<typeof fetchRouter>[0]) {
  const router = fetchRouter({
    "GET /api/conformance/suite": () => suite(),
    "GET /api/connections/everything/conformance/scenarios": () => list,
    ...routes,
  });
  vi.stubGlobal("fetch", router.fetch);
  renderWithClient(<ConformancePanel connection={http} />);
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ConformancePanel", () => {
  it("shows a kept run grouped by scenario with the suite's counts, and opens a failing check", async () => {
    mount({ "GET /api/connections/everything/conformance": (): ConformanceState => ({ active: null, runs: [run] }) });
    const results = await screen.findByTestId("conformance-results");
    expect(within(results).getByTestId("conformance-summary").textContent).toContain(
      "11/30 scored scenarios passed · 47 checks passed, 22 failed",
    );
    expect(within(results).getAllByTestId("conformance-scenario")).toHaveLength(33);
    const dns = results.querySelector('[data-scenario="dns-rebinding-protection"]') as HTMLElement;
    expect(within(dns).getByTestId("conformance-scenario-counts").textContent).toContain("1 passed1 failed");
    const check = dns.querySelector('[data-check="localhost-host-rebinding-rejected"]') as HTMLElement;
    expect(within(check).getByTestId("conformance-check-message").textContent).toBe(
      "Expected HTTP 4xx for invalid Host/Origin headers, got 200",
    );
    const link = within(check).getByRole("link", { name: /MCP-DNS-Rebinding-Protection/ });
    expect(link.getAttribute("href")).toMatch(/^https:\/\/modelcontextprotocol\.io\//);
    expect(link.getAttribute("rel")).toContain("noopener");
    expect(within(check).getByTestId("conformance-check-json").textContent).toContain("evil.example.com");
    // Unscored scenarios say so; the header the suite cannot send is named, its value never shown.
    expect((results.querySelector('[data-scenario="server-sse-polling"]') as HTMLElement).textContent).toContain("not scored · pending");
    expect(screen.getByTestId("conformance-auth-note").textContent).toContain("Not sent by the suite: the Authorization header");

    // 11 scenarios passed in the suite's own summary of that run (✓ lines): the other 22 remain.
    fireEvent.click(screen.getByRole("checkbox"));
    await waitFor(() => expect(within(results).getAllByTestId("conformance-scenario")).toHaveLength(22));
  });

  it("runs one picked scenario and shows progress while it goes", async () => {
    const going: ConformanceRun = {
      ...run,
      id: "r2",
      status: "running",
      scenario: "ping",
      scenarios: [],
      progress: { index: 1, total: 1, current: "ping" },
      finishedAt: undefined,
    };
    let started = false;
    const router = mount({
      "GET /api/connections/everything/conformance": (): ConformanceState =>
        started ? { active: going, runs: [going] } : { active: null, runs: [] },
      "POST /api/connections/everything/conformance": () => {
        started = true;
        return Response.json(going, { status: 202 });
      },
    });
    await screen.findByTestId("conformance-empty");
    const picker = screen.getByTestId<HTMLSelectElement>("conformance-scenario-picker");
    await waitFor(() => expect(picker.disabled).toBe(false));
    fireEvent.change(picker, { target: { value: "ping" } });
    fireEvent.click(screen.getByTestId("conformance-run"));
    const progress = await screen.findByTestId("conformance-progress");
    expect(progress.textContent).toContain("Scenario 1 of 1");
    expect(progress.textContent).toContain("ping");
    expect(router.requests.find((r) => r.method === "POST")?.body).toEqual({ revision: "2025-11-25", scenario: "ping" });
    expect(screen.getByTestId("conformance-cancel")).toBeTruthy();
  });

  it("shows why a start was refused (the route's own 409) and keeps the page", async () => {
    mount({
      "GET /api/connections/everything/conformance": (): ConformanceState => ({ active: null, runs: [run] }),
      "POST /api/connections/everything/conformance": () =>
        Response.json(
          { error: { code: "conflict:conformance_running", message: "A conformance run is already going on this connection" } },
          { status: 409 },
        ),
    });
    const runButton = await screen.findByTestId("conformance-run");
    await waitFor(() => expect((runButton as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(runButton);
    const error = await screen.findByTestId("query-error");
    expect(error.textContent).toContain("A conformance run is already going");
    expect(error.textContent).toContain("conflict:conformance_running");
    expect(screen.getByTestId("conformance-results")).toBeTruthy();
  });

  it("without the suite: says what is missing, asks nothing of the suite, installs on the button, and shows a failure in words", async () => {
    const offline =
      "npm could not reach the registry (request to http://127.0.0.1:9/node failed, reason: connect ECONNREFUSED 127.0.0.1:9): the suite needs a network connection once; or install it by hand with: npm install …";
    let state = suite({ status: "missing", dir: null });
    const router = mount({
      "GET /api/conformance/suite": () => state,
      "POST /api/conformance/suite": () => {
        state = suite({
          status: "failed",
          dir: null,
          lines: ["npm http fetch GET http://127.0.0.1:9/node attempt 1 failed"],
          error: offline,
        });
        return Response.json({ ...state, status: "installing", error: null }, { status: 202 });
      },
      "GET /api/connections/everything/conformance": (): ConformanceState => ({ active: null, runs: [] }),
    });
    const setup = await screen.findByTestId("conformance-suite");
    expect(setup.dataset.status).toBe("missing");
    expect(setup.textContent).toContain("/repo/conformance, /data/conformance");
    expect(setup.textContent).toContain('npm install --prefix "/data/conformance"');
    expect(screen.queryByTestId("conformance-run")).toBeNull();
    expect(screen.queryByTestId("conformance-empty")).toBeNull(); // no "Pick a revision and Run" without a suite
    // Nothing but the suite's state is asked: no scenario list (which would need the suite).
    expect(router.requests.some((r) => r.path.includes("/scenarios"))).toBe(false);

    fireEvent.click(within(setup).getByRole("button", { name: "Install the conformance suite" }));
    await waitFor(() => expect(screen.getByTestId("conformance-suite").dataset.status).toBe("failed"));
    expect(screen.getByTestId("conformance-install-error").textContent).toBe(offline);
    expect(screen.getByTestId("conformance-install-log").textContent).toContain("attempt 1 failed");
    expect(router.requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual(["/api/conformance/suite"]);
  });

  it("explains itself on a stdio connection instead of offering a run", () => {
    vi.stubGlobal("fetch", fetchRouter({}).fetch);
    renderWithClient(<ConformancePanel connection={connectionFixture()} />);
    expect(screen.getByTestId("conformance-unavailable").textContent).toContain("stdio connection");
    expect(screen.queryByTestId("conformance-run")).toBeNull();
  });
});
