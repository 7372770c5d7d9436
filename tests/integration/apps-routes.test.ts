import { afterAll, describe, expect, it } from "vitest";
import path from "node:path";
import type { Entry } from "@/lib/contracts/entries";
import type { AppMessageRecord } from "@/lib/contracts/app-messages";
import type { ReadResourceResponse } from "@/lib/contracts/resources";
import type { CallRecord } from "@/lib/contracts/calls";
import { getRegistry } from "@/lib/server/mcp/registry";
import { toolUiResourceUri } from "@/lib/apps/tool-ui";
import { stdioInput, tempDir } from "@/tests/support/servers";
import * as appMessages from "@/app/api/connections/[id]/app-messages/route";
import * as read from "@/app/api/connections/[id]/resources/read/route";
import * as toolsCall from "@/app/api/connections/[id]/tools/call/route";

const data = tempDir("loupe-apps-");
process.env.LOUPE_DATA_DIR = data.dir;
const BASIC_REACT = path.resolve(import.meta.dirname, "../../node_modules/@modelcontextprotocol/server-basic-react/dist/index.js");

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const post = (body: unknown) =>
  new Request("http://127.0.0.1:3000/x", {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
async function json<T>(res: Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const body = (await r.json()) as T;
  if (r.status !== status) throw new Error(`expected HTTP ${status}, got ${r.status}: ${JSON.stringify(body)}`);
  return body;
}
const appEntries = (id: string): Entry[] =>
  getRegistry()
    .traffic(id, { limit: 10_000 })
    .filter((e) => e.kind === "app_message");

afterAll(async () => {
  await getRegistry().closeAll();
  data.cleanup();
});

describe("MCP app routes against server-basic-react (stdio)", () => {
  let id = "";
  it("lists get-time with its ui:// resource and reads that resource through the connection", async () => {
    id = (await getRegistry().create(stdioInput("basic-react", [BASIC_REACT, "--stdio"]))).id;
    const { tools } = await getRegistry().listTools(id);
    const tool = tools.find((t) => t.name === "get-time");
    expect(tool && toolUiResourceUri(tool)).toBe("ui://get-time/mcp-app.html");
    const res = await json<ReadResourceResponse>(read.POST(post({ uri: "ui://get-time/mcp-app.html" }), ctx(id)));
    const content = res.result.contents[0] as { mimeType?: string; text?: string };
    expect(content.mimeType).toBe("text/html;profile=mcp-app");
    expect(content.text).toContain("<!DOCTYPE html>");
  });

  it("declares the MCP Apps extension to the server (so servers that check it list their apps)", () => {
    const out = getRegistry()
      .traffic(id, { limit: 10_000 })
      .filter((e) => e.kind === "message" && e.direction === "out")
      .map((e) => e.raw as { method?: string; params?: { capabilities?: unknown; _meta?: Record<string, unknown> } });
    const declared = out.map(
      (m) =>
        (m.params?.capabilities ?? m.params?._meta?.["io.modelcontextprotocol/clientCapabilities"]) as
          { extensions?: Record<string, unknown> } | undefined,
    );
    expect(declared.some((c) => c?.extensions?.["io.modelcontextprotocol/ui"] !== undefined)).toBe(true);
    expect(declared.find((c) => c?.extensions?.["io.modelcontextprotocol/ui"])?.extensions?.["io.modelcontextprotocol/ui"]).toEqual({
      mimeTypes: ["text/html;profile=mcp-app"],
    });
  });

  it("records app↔host messages in order with their direction", async () => {
    const before = appEntries(id).length;
    const body = {
      appSessionId: "s1",
      tool: "get-time",
      resourceUri: "ui://get-time/mcp-app.html",
      messages: [
        { direction: "app_to_host", at: 1, message: { jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {} } },
        { direction: "host_to_app", at: 2, message: { jsonrpc: "2.0", id: 1, result: { protocolVersion: "2026-01-26" } } },
        { direction: "app_to_host", at: 3, message: { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "get-time" } } },
      ],
    };
    expect(await json<{ recorded: number }>(appMessages.POST(post(body), ctx(id)))).toEqual({ recorded: 3 });
    const got = appEntries(id).slice(before);
    expect(got.map((e) => [e.protocol, e.direction, (e.raw as AppMessageRecord).direction])).toEqual([
      ["loupe", "in", "app_to_host"],
      ["loupe", "out", "host_to_app"],
      ["loupe", "in", "app_to_host"],
    ]);
    const first = got[0]!.raw as AppMessageRecord;
    expect(first).toMatchObject({ appSessionId: "s1", tool: "get-time", resourceUri: "ui://get-time/mcp-app.html" });
    expect(first.message.method).toBe("ui/initialize");
  });

  it("refuses a bad batch with 400 and records nothing of it", async () => {
    const before = appEntries(id).length;
    const ok = { direction: "app_to_host", at: 1, message: { jsonrpc: "2.0", method: "ui/notifications/initialized" } };
    const bad = [
      "{not json",
      { appSessionId: "s", tool: "t", resourceUri: "https://x", messages: [ok] },
      { appSessionId: "s", tool: "t", resourceUri: "ui://x", messages: [] },
      { appSessionId: "s", tool: "t", resourceUri: "ui://x", messages: [ok, { ...ok, direction: "sideways" }] },
      { appSessionId: "s", tool: "t", resourceUri: "ui://x", messages: [{ ...ok, message: { jsonrpc: "1.0", method: "x" } }] },
      { appSessionId: "s", tool: "t", resourceUri: "ui://x", messages: [{ ...ok, message: { jsonrpc: "2.0" } }] },
    ];
    for (const b of bad) {
      const r = await appMessages.POST(post(b), ctx(id));
      expect(r.status, JSON.stringify(b)).toBe(400);
      expect(((await r.json()) as { error: { code: string } }).error.code).toMatch(/^bad_request:(json|body)$/);
    }
    expect(appEntries(id).length).toBe(before);
  });

  it("answers 404 for an unknown connection", async () => {
    const r = await appMessages.POST(post({ appSessionId: "s", tool: "t", resourceUri: "ui://x", messages: [] }), ctx("nope"));
    expect(r.status).toBe(404);
  });

  it("proxies an app's tools/call through the calls route: recorded on the connection's traffic", async () => {
    const call = await json<CallRecord>(toolsCall.POST(post({ name: "get-time", arguments: {} }), ctx(id)));
    expect(call.status).toBe("ok");
    const frames = getRegistry()
      .traffic(id, { limit: 10_000 })
      .filter((e) => e.kind === "message");
    expect(frames.some((e) => (e.raw as { method?: string }).method === "tools/call" && e.direction === "out")).toBe(true);
  });
});
