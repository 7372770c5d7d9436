// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { CallRecord } from "@/lib/contracts/calls";
import type { Entry } from "@/lib/contracts/entries";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";
import type { Tool } from "@/lib/queries/tools";
import { ToolDetail } from "@/components/mcp/tools/tool-detail";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

const longRunning: Tool = {
  name: "trigger-long-running-operation",
  description: "Demonstrates a long running operation with progress updates.",
  inputSchema: {
    type: "object",
    properties: { duration: { type: "number", default: 10 }, steps: { type: "number", default: 5 } },
  },
};

const started: CallRecord = {
  id: "call-1",
  connectionId: "everything",
  tool: longRunning.name,
  args: { duration: 10, steps: 5 },
  requestId: 4,
  startedAt: Date.now(),
  endedAt: null,
  timeoutMs: 60_000,
  status: "running",
};

let seq = 100;
const mk = (over: Partial<Entry>): Entry => ({
  seq: ++seq,
  connectionId: "everything",
  sessionKey: null,
  receivedAt: Date.now(),
  sourceTime: null,
  direction: "in",
  protocol: "mcp",
  kind: "message",
  raw: null,
  rawBytes: 1,
  ...over,
});
const progress = (n: number, receivedAt: number) =>
  mk({
    receivedAt,
    raw: { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 4, progress: n, total: 5, message: `step ${n}` } },
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ToolDetail while a call runs", () => {
  it("shows live progress, cancels, and labels later progress 'after cancel'", async () => {
    vi.stubGlobal("crypto", { ...globalThis.crypto, randomUUID: () => "call-1" });
    const router = fetchRouter({
      "GET /api/connections/everything/calls": () => [],
      "GET /api/connections/everything/traffic": () => [],
      // The real call answers only when it ends; this one never does within the test.
      "POST /api/connections/everything/tools/call": () => new Promise<never>(() => undefined),
      "POST /api/connections/everything/calls/call-1/cancel": () => ({ ok: true }),
    });
    vi.stubGlobal("fetch", router.fetch);
    const { client } = renderWithClient(<ToolDetail connection={connectionFixture()} tool={longRunning} collision={null} />);
    await screen.findByTestId("call-history");

    fireEvent.click(screen.getByTestId("run-tool"));
    await waitFor(() => expect(router.requests.some((r) => r.path.startsWith("/api/connections/everything/traffic"))).toBe(true));
    const post = router.requests.find((r) => r.method === "POST")!;
    expect(post.body).toEqual({
      callId: "call-1",
      name: longRunning.name,
      arguments: { duration: 10, steps: 5 },
      timeoutMs: 60000,
      maxTotalTimeoutMs: 600000,
    });

    // What the event stream delivers: the start record (with the JSON-RPC id), then progress.
    act(() =>
      applyStreamEntries(client, [mk({ protocol: "loupe", kind: "call", direction: "local", raw: started }), progress(2, Date.now())]),
    );
    await waitFor(() => expect(screen.getByTestId("call-progress-amount").textContent).toBe("2/5"));
    expect(screen.getByTestId("call-progress").textContent).toContain("step 2");
    expect(screen.queryByTestId("progress-after-cancel")).toBeNull();

    fireEvent.click(screen.getByTestId("cancel-call"));
    await waitFor(() => expect(router.requests.some((r) => r.path === "/api/connections/everything/calls/call-1/cancel")).toBe(true));

    act(() => applyStreamEntries(client, [progress(3, Date.now() + 1000)]));
    await screen.findByTestId("progress-after-cancel");
    // The bar keeps the last live value; the late one is only listed as after cancel.
    expect(screen.getByTestId("call-progress-amount").textContent).toBe("2/5");
    expect(screen.getByTestId("progress-after-cancel").textContent).toMatch(/after cancel.*3\/5/);
  });
});

describe("ToolDetail with a large result", () => {
  const report: Tool = {
    name: "download-report",
    inputSchema: { type: "object", properties: { megabytes: { type: "number", default: 5 } } },
  };
  const done: CallRecord = {
    ...started,
    id: "call-big",
    tool: report.name,
    args: { megabytes: 5 },
    endedAt: started.startedAt + 1,
    status: "ok",
  };
  const result = { content: [{ type: "text", text: "service,latency\napi,42\n" }] };

  it("waits for the POST's own answer instead of fetching the result again when the stream says the call ended first", async () => {
    vi.stubGlobal("crypto", { ...globalThis.crypto, randomUUID: () => "call-big" });
    let answer: (record: CallRecord) => void = () => undefined;
    const router = fetchRouter({
      "GET /api/connections/everything/calls": () => [],
      "GET /api/connections/everything/traffic": () => [],
      "POST /api/connections/everything/tools/call": () => new Promise<CallRecord>((resolve) => (answer = resolve)),
      "GET /api/connections/everything/calls/call-big": () => ({ ...done, result }),
    });
    vi.stubGlobal("fetch", router.fetch);
    const { client } = renderWithClient(<ToolDetail connection={connectionFixture()} tool={report} collision={null} />);
    await screen.findByTestId("call-history");
    fireEvent.click(screen.getByTestId("run-tool"));
    await waitFor(() => expect(router.requests.some((r) => r.method === "POST")).toBe(true));

    // The final call entry (result left out: it is large) arrives while the POST body is still coming.
    act(() =>
      applyStreamEntries(client, [mk({ protocol: "loupe", kind: "call", direction: "local", raw: { ...done, resultOmitted: true } })]),
    );
    await screen.findByTestId("result-loading");
    await new Promise((r) => setTimeout(r, 50));
    const refetches = () => router.requests.filter((r) => r.path === "/api/connections/everything/calls/call-big").length;
    expect(refetches()).toBe(0);

    act(() => answer({ ...done, result }));
    await waitFor(() => expect(screen.getByTestId("tool-result").textContent).toContain("api,42"));
    expect(refetches()).toBe(0);
  });
});

describe("ToolDetail's Schema tab", () => {
  it("shows a 2020-12 inputSchema and outputSchema exactly as the server listed them", async () => {
    const inputSchema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      $defs: { address: { $anchor: "addressDef", type: "object", properties: { city: { type: "string" } } } },
      properties: { address: { $ref: "#/$defs/address" }, phone: { type: "string" }, email: { type: "string" } },
      allOf: [{ anyOf: [{ required: ["phone"] }, { required: ["email"] }] }],
      if: { required: ["phone"] },
      then: { required: ["phone"] },
      else: { required: ["email"] },
      additionalProperties: false,
    };
    const outputSchema = { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", unevaluatedProperties: false };
    const rich: Tool = { name: "rich", inputSchema: { ...inputSchema, type: "object" }, outputSchema: { ...outputSchema, type: "object" } };
    const router = fetchRouter({ "GET /api/connections/everything/calls": () => [], "GET /api/connections/everything/traffic": () => [] });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<ToolDetail connection={connectionFixture()} tool={rich} collision={null} />);
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Schema" }));
    const shown = (testId: string) => JSON.parse(screen.getByTestId(testId).querySelector("pre")?.textContent ?? "null") as unknown;
    await waitFor(() => expect(screen.getByTestId("input-schema")).toBeTruthy());
    expect(shown("input-schema")).toEqual(inputSchema);
    expect(shown("output-schema")).toEqual(outputSchema);
  });
});
