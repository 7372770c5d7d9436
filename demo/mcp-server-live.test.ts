import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { JSONRPCMessage, LoggingMessageNotification, Progress } from "@modelcontextprotocol/sdk/types.js";
import { connectDemo, listAllTools } from "./mcp/connect-demo";

type LogParams = LoggingMessageNotification["params"];

describe("demo MCP server: progress, logging, cancellation", () => {
  let client: Client;
  const logs: LogParams[] = [];
  const frames: JSONRPCMessage[] = [];
  const progressOnWire = () =>
    frames.flatMap((f) => ("method" in f && f.method === "notifications/progress" && f.params ? [f.params] : []));

  beforeAll(async () => {
    client = await connectDemo({ onFrame: (f) => frames.push(f) });
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push(n.params);
    });
  });
  afterAll(async () => {
    await client?.close();
  });

  it("sends one progress notification per step and logs at several levels", async () => {
    logs.length = 0;
    frames.length = 0;
    const result = await client.callTool(
      { name: "run-health-check", arguments: { steps: 4, stepMs: 10, services: ["api", "payments"] } },
      undefined,
      { onprogress: () => undefined },
    );
    const progress = progressOnWire();
    expect(progress.map((p) => [p.progress, p.total])).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
    expect(progress[1]?.message).toMatch(/^payments: \d+ ms$/);
    expect(result.content).toEqual([
      { type: "text", text: expect.stringMatching(/^4 of 4 checks passed\. Slow: payments \(\d+ ms\), payments \(\d+ ms\)\.$/) },
    ]);
    expect(new Set(logs.map((l) => l.level))).toEqual(new Set(["info", "debug", "warning", "notice"]));
    expect(logs.every((l) => l.logger === "health-check")).toBe(true);
    expect(logs.at(-1)).toEqual({ level: "notice", logger: "health-check", data: "Finished 4 checks, 2 slow." });
  });

  it("honours logging/setLevel", async () => {
    await client.setLoggingLevel("warning");
    logs.length = 0;
    await client.callTool({ name: "run-health-check", arguments: { steps: 3, stepMs: 0, services: ["payments"] } });
    expect(logs.map((l) => l.level)).toEqual(["warning", "warning", "warning"]);
    await client.setLoggingLevel("debug");
  });

  it("stops sending progress once the call is cancelled", async () => {
    logs.length = 0;
    frames.length = 0;
    const progress: Progress[] = [];
    const controller = new AbortController();
    const pending = client.callTool({ name: "run-health-check", arguments: { steps: 50, stepMs: 150 } }, undefined, {
      signal: controller.signal,
      onprogress: (p) => {
        progress.push(p);
        if (p.progress === 2) controller.abort("enough");
      },
    });
    await expect(pending).rejects.toThrow();
    // Long enough for several more steps had the server ignored the cancellation.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(progress.map((p) => p.progress)).toEqual([1, 2]);
    expect(progressOnWire().map((p) => p.progress)).toEqual([1, 2]);
    expect(logs.at(-1)).toEqual({ level: "notice", logger: "health-check", data: "Cancelled after 2 of 50 checks." });
  });
});

describe("demo MCP server: 1,000 generated tools, paginated", () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectDemo({ extraTools: 1000, pageSize: 100 });
  });
  afterAll(async () => {
    await client?.close();
  });

  it("pages through the 13 built-in plus 1,000 generated tools, 100 at a time", async () => {
    const { tools, pages } = await listAllTools(client);
    // 1,013 tools in pages of 100: ten full pages and one of 13.
    expect(pages).toBe(11);
    expect(tools).toHaveLength(1013);
    expect(new Set(tools.map((t) => t.name)).size).toBe(1013);
    expect(tools[13]?.name).toBe("generated-tool-0001");
    expect(tools.at(-1)?.name).toBe("generated-tool-1000");
    const shapes = new Set(tools.slice(13).map((t) => JSON.stringify(Object.keys(t.inputSchema.properties ?? {}))));
    expect(shapes.size).toBe(6);
  });

  it("calls a generated tool, which echoes its arguments", async () => {
    const result = await client.callTool({ name: "generated-tool-0001", arguments: { query: "lisbon" } });
    expect(result.content).toEqual([
      { type: "text", text: JSON.stringify({ tool: "generated-tool-0001", args: { query: "lisbon", limit: 10 } }) },
    ]);
  });

  it("rejects a cursor it did not issue", async () => {
    await expect(client.listTools({ cursor: "bogus" })).rejects.toMatchObject({ code: -32602 });
  });
});
