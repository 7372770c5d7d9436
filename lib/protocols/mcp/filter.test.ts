import { describe, expect, it } from "vitest";
import { DEFAULT_FILTER, filterRows, methodsOf, rowCategory } from "./filter";
import { pairTraffic } from "./pairing";
import { entry, wireEntries } from "./test-fixtures";

describe("traffic filters", () => {
  const rows = pairTraffic([
    ...wireEntries("http"),
    entry({ seq: 1000, kind: "stderr", raw: { line: "Secure MCP Filesystem Server running" } }),
  ]);

  it("categorises rows and lists methods", () => {
    const counts: Record<string, number> = {};
    for (const r of rows) counts[rowCategory(r)] = (counts[rowCategory(r)] ?? 0) + 1;
    expect(counts).toEqual({ request: 29, notification: 13, log: 4, stderr: 1 });
    expect(methodsOf(rows)).toEqual([
      "completion/complete",
      "elicitation/create",
      "initialize",
      "logging/setLevel",
      "notifications/cancelled",
      "notifications/initialized",
      "notifications/message",
      "notifications/progress",
      "notifications/resources/updated",
      "ping",
      "prompts/get",
      "prompts/list",
      "resources/list",
      "resources/read",
      "resources/subscribe",
      "resources/templates/list",
      "roots/list",
      "sampling/createMessage",
      "tools/call",
      "tools/list",
    ]);
  });

  it("filters by method, toggles and a search over method and raw JSON", () => {
    expect(filterRows(rows, { ...DEFAULT_FILTER, method: "notifications/progress" })).toHaveLength(9);
    expect(filterRows(rows, { ...DEFAULT_FILTER, showStderr: false })).toHaveLength(rows.length - 1);
    expect(filterRows(rows, { ...DEFAULT_FILTER, showNotifications: false, showLogs: false })).toHaveLength(30);
    // Matches response sides: Loupe's sampling reply names the stub model, and the
    // trigger-sampling-request result echoes it back.
    const hits = filterRows(rows, { ...DEFAULT_FILTER, search: "  Probe-Stub-Model " });
    expect(hits.map((r) => (r.type === "request" ? [r.method, r.id] : null))).toEqual([
      ["tools/call", 10],
      ["sampling/createMessage", 1],
    ]);
    expect(filterRows(rows, { ...DEFAULT_FILTER, search: "filesystem server" })).toHaveLength(1);
  });
});
