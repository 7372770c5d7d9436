import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionInput } from "@/lib/contracts/connections";
import { getRegistry } from "@/lib/server/mcp/registry";
import { tempDir } from "@/tests/support/servers";

/**
 * SEP-2243 custom headers on a 2026-07-28 HTTP connection, against a small stateless MCP server
 * written for this test (plain JSON-RPC over HTTP, as the spec's wire has it): it lists tools whose
 * schemas mark arguments with `x-mcp-header`, and answers each tools/call with the Mcp-Param-*
 * headers it received.
 */

const data = tempDir("loupe-param-headers-");
process.env.LOUPE_DATA_DIR = data.dir;
const PORT = 7122;

const TOOLS = [
  {
    name: "route",
    description: "Routed by region",
    inputSchema: {
      type: "object",
      properties: {
        region: { type: "string", "x-mcp-header": "Region" },
        note: { type: "string", "x-mcp-header": "Note" },
        count: { type: "integer", "x-mcp-header": "Count" },
        flag: { type: "boolean", "x-mcp-header": "Flag" },
        nested: { type: "object", properties: { zone: { type: "string", "x-mcp-header": "Zone" } } },
        body: { type: "string" },
      },
      required: ["region"],
    },
  },
  {
    name: "bad_array_header",
    description: "x-mcp-header on an array: must be left out",
    inputSchema: { type: "object", properties: { tags: { type: "array", items: { type: "string" }, "x-mcp-header": "Tags" } } },
  },
  {
    name: "bad_duplicate_header",
    description: "Two properties declare the same header in different case",
    inputSchema: {
      type: "object",
      properties: { a: { type: "string", "x-mcp-header": "Dup" }, b: { type: "string", "x-mcp-header": "dup" } },
    },
  },
];

const seen: Record<string, string>[] = [];
let slowListings = 0;
let server: http.Server;

function reply(res: http.ServerResponse, id: unknown, result: Record<string, unknown>): void {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", id, result: { resultType: "complete", ...result } }));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      if (req.method !== "POST") {
        res.writeHead(405).end();
        return;
      }
      const msg = JSON.parse(raw) as { id?: unknown; method: string; params?: { name?: string } };
      if (msg.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      if (msg.method === "server/discover") {
        reply(res, msg.id, {
          ttlMs: 0,
          cacheScope: "private",
          supportedVersions: ["2026-07-28"],
          capabilities: { tools: {} },
          serverInfo: { name: "param-header-fixture", version: "1.0.0" },
        });
      } else if (msg.method === "tools/list") {
        // Under /slow/, the listing at connect fails and the next ones take a while: a call then
        // waits for its tool's headers.
        const slow = req.url?.startsWith("/slow/") === true;
        if (slow && slowListings++ === 0) {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: "not ready yet" } }));
          return;
        }
        setTimeout(() => reply(res, msg.id, { ttlMs: 0, cacheScope: "private", tools: TOOLS }), slow ? 600 : 0);
      } else if (msg.method === "tools/call") {
        const params = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k.startsWith("mcp-param-"))) as Record<
          string,
          string
        >;
        seen.push(params);
        reply(res, msg.id, { content: [{ type: "text", text: JSON.stringify(params) }] });
      } else {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: `Method not found: ${msg.method}` } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(PORT, "127.0.0.1", resolve));
});

afterAll(async () => {
  await getRegistry().closeAll();
  await new Promise((resolve) => server.close(resolve));
  data.cleanup();
});

async function connect(pathname = "/mcp"): Promise<string> {
  const input: ConnectionInput = {
    name: `param headers ${pathname}`,
    transport: "http",
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${pathname}`,
    headers: {},
    requestTimeoutMs: 10_000,
    protocolEra: "2026-07-28",
  };
  const view = await getRegistry().create(input);
  expect(view.state.status).toBe("connected");
  expect(view.state.era?.mode).toBe("modern");
  return view.id;
}

describe("Mcp-Param-* headers on a 2026-07-28 HTTP connection (SEP-2243)", () => {
  let id = "";
  beforeAll(async () => {
    id = await connect();
  });

  it("leaves out tools whose x-mcp-header declarations are invalid, and says why", async () => {
    const listing = await getRegistry().listTools(id, { refresh: true });
    expect(listing.tools.map((t) => t.name)).toEqual(["route"]);
    expect(listing.excluded?.map((e) => e.name)).toEqual(["bad_array_header", "bad_duplicate_header"]);
    expect(listing.excluded?.[0]?.reason).toContain("string, integer or boolean");
    expect(listing.excluded?.[1]?.reason).toContain("case-insensitive");
  });

  it("mirrors the marked arguments into headers, base64-encoding values HTTP would alter", async () => {
    const call = await getRegistry().callTool(id, {
      name: "route",
      arguments: { region: "us-west1", note: " padded ", count: 42, flag: false, nested: { zone: "Zürich" }, body: "not a header" },
    });
    expect(call.status).toBe("ok");
    expect(seen.at(-1)).toEqual({
      "mcp-param-region": "us-west1",
      "mcp-param-note": `=?base64?${Buffer.from(" padded ").toString("base64")}?=`,
      "mcp-param-count": "42",
      "mcp-param-flag": "false",
      "mcp-param-zone": `=?base64?${Buffer.from("Zürich").toString("base64")}?=`,
    });
  });

  it("sends no header for a null or absent argument", async () => {
    const call = await getRegistry().callTool(id, { name: "route", arguments: { region: "eu", note: null } });
    expect(call.status).toBe("ok");
    expect(seen.at(-1)).toEqual({ "mcp-param-region": "eu" });
  });
});

describe("a call that waits for its tool's headers (its tool never listed)", () => {
  it("is already running: a cancel then stops it, and a second call with its id is refused", async () => {
    const id = await connect("/slow/mcp");
    const calls = seen.length;
    const pending = getRegistry().callTool(id, { name: "route", arguments: { region: "eu" }, callId: "waits-for-headers" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(
      getRegistry().callTool(id, { name: "route", arguments: { region: "us" }, callId: "waits-for-headers" }),
    ).rejects.toMatchObject({
      code: "conflict:call_id",
    });
    getRegistry().cancelCall(id, "waits-for-headers", "the user stopped it");
    const call = await pending;
    expect(call).toMatchObject({ id: "waits-for-headers", status: "cancelled" });
    // Nothing was sent: the server saw no tools/call.
    expect(seen.length).toBe(calls);
  });
});
