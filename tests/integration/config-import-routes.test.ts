import { afterAll, describe, expect, it } from "vitest";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { ImportPreview, ImportResult } from "@/lib/contracts/mcp-config";
import { getRegistry } from "@/lib/server/mcp/registry";
import { EVERYTHING, tempDir } from "@/tests/support/servers";
import * as preview from "@/app/api/connections/import/preview/route";
import * as importRoute from "@/app/api/connections/import/route";
import * as exportRoute from "@/app/api/connections/export/route";

// Import and export of MCP client config files (issue 22), against the real server-everything.
const data = tempDir("loupe-config-routes-");
process.env.LOUPE_DATA_DIR = data.dir;
process.env.LOUPE_TEST_CONFIG_TOKEN = "from-env-123456789";

const base = "http://127.0.0.1:3000";
const post = (url: string, body: unknown) =>
  new Request(base + url, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });

const text = JSON.stringify({
  mcpServers: {
    everything: { command: process.execPath, args: [EVERYTHING, "stdio"], env: { API_TOKEN: "${LOUPE_TEST_CONFIG_TOKEN}", MODE: "dev" } },
    "everything-again": { command: process.execPath, args: [EVERYTHING, "stdio"] },
    remote: {
      url: "http://127.0.0.1:9/mcp?api_key=query-secret-42",
      headers: { Authorization: "Bearer sk-live-abcdef123456", Accept: "application/json" },
    },
    broken: { type: "websocket", url: "ws://127.0.0.1:9" },
  },
});

afterAll(async () => {
  await getRegistry().closeAll();
  data.cleanup();
});

describe("POST /api/connections/import/preview and /import, GET /api/connections/export", () => {
  it("previews every entry, masked, and adds nothing", async () => {
    const res = await preview.POST(post("/api/connections/import/preview", { text, fileName: "claude_desktop_config.json" }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as ImportPreview;
    expect(body.shape).toBe("mcpServers");
    expect(body.entries.map((e) => [e.name, e.client, e.input?.transport ?? null, e.duplicateOf])).toEqual([
      ["everything", "Claude Desktop", "stdio", null],
      ["everything-again", "Claude Desktop", "stdio", null],
      ["remote", "Cursor", "http", null],
      ["broken", "Claude Code", null, null],
    ]);
    expect(body.entries[0]?.input).toMatchObject({ env: { API_TOKEN: SECRET_MASK, MODE: SECRET_MASK } });
    expect(body.entries[3]?.problems).toEqual(["type 'websocket' is not supported (Loupe speaks stdio, Streamable HTTP and SSE)"]);
    expect(getRegistry().list()).toEqual([]);
  });

  it("adds only the picked, usable entries, connects them, and says why the others were skipped", async () => {
    const res = await importRoute.POST(
      post("/api/connections/import", { text, names: ["everything", "everything-again", "broken", "ghost"] }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as ImportResult;
    expect(body.added.map((a) => a.name)).toEqual(["everything"]);
    expect(body.skipped).toEqual([
      { name: "everything-again", reason: "the same server as another entry picked" },
      { name: "broken", reason: "type 'websocket' is not supported (Loupe speaks stdio, Streamable HTTP and SSE)" },
      { name: "ghost", reason: "not in the file" },
    ]);
    const saved = getRegistry().view(body.added[0]!.id);
    expect(saved.state.status).toBe("connected");
    const config = getRegistry().table.list()[0];
    expect(config?.transport === "stdio" && config.env).toEqual({ API_TOKEN: "from-env-123456789", MODE: "dev" });
  }, 30_000);

  it("marks an entry launched like a saved server as its duplicate, and never adds it twice", async () => {
    const [saved] = getRegistry().list();
    const body = (await (await preview.POST(post("/x", { text }))).json()) as ImportPreview;
    expect(body.entries.slice(0, 2).map((e) => e.duplicateOf)).toEqual([
      { id: saved!.id, name: "everything" },
      { id: saved!.id, name: "everything" },
    ]);
    const again = (await (await importRoute.POST(post("/x", { text, names: ["everything", "remote"] }))).json()) as ImportResult;
    expect(again.skipped).toEqual([{ name: "everything", reason: 'already added as "everything"' }]);
    expect(again.added.map((a) => a.name)).toEqual(["remote"]);
    expect(getRegistry().list()).toHaveLength(2);
  }, 30_000);

  it("exports the saved servers in each shape, secrets masked unless asked", async () => {
    const res = await exportRoute.GET(new Request(base + "/api/connections/export?shape=vscode"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="mcp.json"');
    const masked = await res.text();
    expect(masked).not.toMatch(/from-env-123456789|sk-live-abcdef123456|query-secret-42/);
    expect(JSON.parse(masked)).toMatchObject({
      servers: {
        everything: { type: "stdio", env: { API_TOKEN: SECRET_MASK, MODE: "dev" } },
        remote: { type: "http", headers: { Authorization: SECRET_MASK, Accept: "application/json" } },
      },
    });
    const open = await (await exportRoute.GET(new Request(base + "/api/connections/export?shape=inspector&secrets=1"))).json();
    expect(open).toMatchObject({
      mcpServers: {
        everything: { type: "stdio", env: { API_TOKEN: "from-env-123456789" } },
        remote: {
          type: "streamable-http",
          url: "http://127.0.0.1:9/mcp?api_key=query-secret-42",
          headers: { Authorization: "Bearer sk-live-abcdef123456" },
        },
      },
    });
  });

  it("answers client errors with their own codes", async () => {
    const bad = await preview.POST(post("/x", { text: '{"mcpServers": {' }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "bad_request:config", message: expect.stringMatching(/^Not valid JSON/) } });
    const none = await importRoute.POST(post("/x", { text, names: [] }));
    expect(none.status).toBe(400);
    expect((await none.json()).error.code).toBe("bad_request:body");
    const big = await preview.POST(post("/x", { text: "x".repeat(2 * 1024 * 1024 + 70 * 1024) }));
    expect(big.status).toBe(413);
    expect((await big.json()).error.code).toBe("too_large:config");
    const justOver = await preview.POST(post("/x", { text: "x".repeat(1024 * 1024 + 1) }));
    expect(justOver.status).toBe(413);
    const shape = await exportRoute.GET(new Request(base + "/api/connections/export?shape=toml"));
    expect(shape.status).toBe(400);
    expect((await shape.json()).error.code).toBe("bad_request:query");
  });
});
