// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { Bundle, BundleEntry } from "@/lib/contracts/bundle";
import { bundleSchema } from "@/lib/contracts/bundle";
import { summaryOf } from "@/lib/testing/bundle-summary";
import { mcpTrafficSnapshotSchema } from "@/lib/contracts/bundle-snapshots";
import { mcpInspectorLogFormat } from "@/lib/server/bundles/formats/mcp-inspector-log";
import { tempDir } from "@/tests/support/servers";
import { McpTrafficView } from "./mcp-traffic-view";

// The Inspector converter masks with what this Loupe's store knows: a store of its own.
const data = tempDir("loupe-mcp-traffic-view-");
process.env.LOUPE_DATA_DIR = data.dir;

// The virtual list needs a size to render a window (see components/mcp/traffic/traffic-timeline.test.tsx).
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 900 });
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 800 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => data.cleanup());

// Recorded from tests/fixtures/mrtr-server.mjs with the SDK v2 client (2026-07-28): MRTR legs and plain calls.
const frames = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/mrtr-wire.json"), "utf8")) as {
  t: number;
  dir: string;
  msg: unknown;
}[];
const messages: BundleEntry[] = frames.map((f, i) => ({
  seq: 100 + i,
  connectionId: "c-elsewhere",
  sessionKey: null,
  receivedAt: f.t,
  sourceTime: null,
  direction: f.dir === "c->s" ? "out" : "in",
  protocol: "mcp",
  kind: "message",
  raw: f.msg,
}));

function bundleOf(entries: BundleEntry[], over: Partial<Bundle> = {}): Bundle {
  return bundleSchema.parse({
    format: "loupe-bundle",
    formatVersion: 1,
    loupeVersion: "0.0.0-test",
    exportedAt: "2026-11-24T10:00:00.000Z",
    title: "MCP traffic · mrtr · all traffic",
    unit: { type: "mcp-traffic", connectionId: "c-elsewhere", scope: { kind: "all" } },
    origin: { kind: "loupe" },
    connection: { protocol: "mcp", id: "c-elsewhere", name: "mrtr", target: "node mrtr-server.mjs", transport: "stdio" },
    entryKinds: [...new Set(entries.map((e) => e.kind))],
    entries,
    snapshot: { scope: { kind: "all" }, calls: [] },
    inbox: [],
    secrets: { masked: 0, mask: "••••••" },
    ...over,
  });
}

const summary = (b: Bundle) => summaryOf(b, { id: "b1", origin: b.origin.kind });

const settle = () => act(() => void fireEvent.scroll(screen.getByTestId("traffic-scroll")));
const rowOf = (id: number) => screen.getAllByTestId("traffic-row").find((r) => r.textContent?.includes(`#${id}`))!;
const open = (tab: string) => fireEvent.mouseDown(screen.getByTestId(`mcp-traffic-bundle-tab-${tab}`));

describe("McpTrafficView (read-only)", () => {
  it("shows the bundle's entries in the live timeline: paired rows, MRTR legs grouped, the detail, no request to a server", () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error("a read-only view must not fetch")));
    vi.stubGlobal("fetch", fetchSpy);
    const b = bundleOf(messages);
    render(<McpTrafficView bundle={b} summary={summary(b)} />);
    settle();
    expect(screen.getByTestId("mcp-traffic-bundle-connection").textContent).toContain("node mrtr-server.mjs");
    expect(screen.getByTestId("mcp-traffic-bundle-scope").textContent).toBe("All traffic");
    // Requests and responses are paired into rows, as live.
    const rows = screen.getAllByTestId("traffic-row");
    expect(rows.length).toBeLessThan(messages.length);
    expect(screen.getAllByTestId("mrtr-badge")).toHaveLength(11);
    expect(within(rowOf(4)).getByTestId("mrtr-badge").textContent).toBe("MRTR 3/3 · retry 2");
    fireEvent.click(rowOf(4));
    expect(screen.getByTestId("traffic-detail").getAttribute("data-state")).toBe("ok");
    expect(screen.getByTestId("mrtr-rounds").textContent).toContain("One tools/call plan-trip: 3 legs, 2 rounds of input");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("works from entries alone (a converted inspector log with no calls): the calls and inbox tabs say there are none", () => {
    const b = bundleOf(messages, { snapshot: { scope: { kind: "all" } } });
    render(<McpTrafficView bundle={b} summary={summary(b)} />);
    settle();
    expect(screen.getAllByTestId("traffic-row").length).toBeGreaterThan(5);
    open("calls");
    expect(screen.getByTestId("recorded-calls-empty")).toBeTruthy();
    open("inbox");
    expect(screen.getByTestId("recorded-inbox-empty")).toBeTruthy();
  });

  it("lists the recorded calls and inbox rows read-only, and keeps HTTP exchanges out of the rows", () => {
    const exchange: BundleEntry = {
      ...messages[0]!,
      seq: 99,
      protocol: "loupe",
      kind: "http_exchange",
      direction: "out",
      raw: { id: "x1", state: "done", method: "POST", url: "http://127.0.0.1/mcp", status: 200, requestHeaders: {}, responseHeaders: {} },
    };
    const call = {
      id: "call-1",
      connectionId: "c-elsewhere",
      tool: "plan-trip",
      args: { days: 2 },
      requestId: 4,
      startedAt: frames[0]!.t,
      endedAt: frames[0]!.t + 120,
      timeoutMs: 60_000,
      status: "ok",
      result: { content: [{ type: "text", text: "Lisbon, 2 days" }] },
    };
    const request = {
      source: "mcp",
      id: "r1",
      connectionId: "c-elsewhere",
      connectionName: "mrtr",
      sessionKey: null,
      kind: "elicitation_form",
      jsonrpcId: "destination",
      params: { message: "Where should the 2-day trip go?" },
      createdAt: frames[0]!.t,
      status: "answered",
      answer: { at: frames[0]!.t + 50, body: { action: "accept", content: { destination: "Lisbon" } } },
    };
    const b = bundleOf([exchange, ...messages], {
      snapshot: mcpTrafficSnapshotSchema.parse({ scope: { kind: "all" }, calls: [call] }),
      inbox: [request],
    });
    render(<McpTrafficView bundle={b} summary={summary(b)} />);
    settle();
    expect(screen.getAllByTestId("traffic-row").every((r) => r.getAttribute("data-seq") !== "99")).toBe(true);
    open("calls");
    const recorded = screen.getByTestId("recorded-call");
    expect(recorded.getAttribute("data-status")).toBe("ok");
    expect(recorded.textContent).toContain("plan-trip");
    expect(recorded.textContent).toContain("Lisbon, 2 days");
    open("inbox");
    const row = screen.getByTestId("recorded-inbox-row");
    expect(row.textContent).toContain("Where should the 2-day trip go?");
    expect(row.textContent).toContain("Answered");
    expect(row.textContent).toContain("Lisbon");
    // Read-only: no button that would answer, send or re-run anything.
    expect(
      within(screen.getByTestId("mcp-traffic-bundle-view")).queryByRole("button", { name: /answer|send|re-?run|accept|decline/i }),
    ).toBeNull();
  });

  it("opens a real MCP Inspector protocol log as converted on import: every request paired and answered, no calls", () => {
    const file = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/bundles/inspector-protocol.json"), "utf8"),
    ) as unknown;
    const b = bundleSchema.parse(mcpInspectorLogFormat.convert(file, "inspector-protocol.json"));
    render(<McpTrafficView bundle={b} summary={summary(b)} />);
    settle();
    const requests = screen.getAllByTestId("traffic-row").filter((r) => r.textContent?.includes("#"));
    expect(requests.length).toBeGreaterThan(3);
    expect(requests.every((r) => r.getAttribute("data-state") === "ok")).toBe(true);
    expect(screen.getAllByTestId("traffic-row").some((r) => r.getAttribute("data-method") === "tools/call")).toBe(true);
    expect(screen.getByTestId("mcp-traffic-bundle-connection").textContent).toContain("protocol");
    open("calls");
    expect(screen.getByTestId("recorded-calls-empty")).toBeTruthy();
  });
});
