import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { CallToolResult } from "@modelcontextprotocol/client";
import type { TapSecret, TapView } from "@/lib/contracts/taps";
import { getRegistry } from "@/lib/server/mcp/registry";
import { closeAllTapHosts } from "@/lib/server/mcp/tap/serve";
import { namespacedRouting } from "@/lib/server/mcp/tap/aggregate";
import { EVERYTHING, FILESYSTEM, stdioInput, tempDir } from "@/tests/support/servers";
import { startTapHost } from "@/tests/support/tap-host";
import type { TapHostServer } from "@/tests/support/tap-host";
import * as tapsRoute from "@/app/api/taps/route";
import * as tapRoute from "@/app/api/taps/[tapId]/route";
import { settledCalls } from "@/tests/support/tapped-calls";

/**
 * The aggregate tap: two real server-everything processes (every tool name collides) and a
 * server-filesystem, served as one MCP server; each namespaced name reaches its own upstream and
 * the call is recorded there, with the tap as its origin.
 */

const data = tempDir("loupe-tap-agg-");
process.env.LOUPE_DATA_DIR = data.dir;
const files = tempDir("loupe-tap-agg-files-");
const PORT = 8704;

let host: TapHostServer;
const ids: Record<"alpha" | "beta" | "files", string> = { alpha: "", beta: "", files: "" };
const clients: Client[] = [];
const ctx = (tapId: string) => ({ params: Promise.resolve({ tapId }) });
const json = (method: string, body?: unknown) =>
  new Request("http://127.0.0.1/x", {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });

async function connect(url: string, key: string, era: "legacy" | "modern"): Promise<Client> {
  const client = new Client(
    { name: `agg-${era}`, version: "1.0.0" },
    { capabilities: {}, versionNegotiation: { mode: era === "legacy" ? "legacy" : { pin: "2026-07-28" } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  clients.push(client);
  return client;
}

const text = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

beforeAll(async () => {
  host = await startTapHost(PORT);
  const registry = getRegistry();
  ids.alpha = (await registry.create(stdioInput("Alpha", [EVERYTHING, "stdio"]))).id;
  ids.beta = (await registry.create(stdioInput("beta", [EVERYTHING, "stdio"]))).id;
  ids.files = (await registry.create(stdioInput("files", [FILESYSTEM, files.dir]))).id;
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await closeAllTapHosts();
  await host?.close();
  await getRegistry().closeAll();
  data.cleanup();
  files.cleanup();
});

describe("namespacing", () => {
  it("keys repeat-free with Portability's serverKey, longest key first when one prefixes another", () => {
    const r = namespacedRouting([
      { id: "1", name: "My Server" },
      { id: "2", name: "my-server!" },
      { id: "3", name: "a" },
      { id: "4", name: "a__b" },
    ]);
    expect(r.expose("1", "echo")).toBe("my_server__echo");
    expect(r.expose("2", "echo")).toBe("my-server__echo");
    expect(r.expose("3", "x")).toBe("a__x");
    expect(r.resolve("a__b__x")).toEqual({ connectionId: "4", name: "x" });
    expect(r.resolve("a__x")).toEqual({ connectionId: "3", name: "x" });
    expect(r.resolve("echo")).toBeUndefined();
    const same = namespacedRouting([
      { id: "1", name: "srv" },
      { id: "2", name: "SRV" },
    ]);
    expect([same.expose("1", "t"), same.expose("2", "t")]).toEqual(["srv__t", "srv_2__t"]);
    expect(same.resolve("srv_2__t")).toEqual({ connectionId: "2", name: "t" });
  });
});

for (const era of ["legacy", "modern"] as const) {
  describe(`an aggregate tap of two server-everything and a server-filesystem (${era})`, () => {
    let secret: TapSecret;

    beforeAll(async () => {
      const res = await tapsRoute.POST(json("POST", { name: `All three ${era}`, connectionIds: [ids.alpha, ids.beta, ids.files] }));
      expect(res.status).toBe(201);
      secret = (await res.json()) as TapSecret;
    });

    it("is listed with an agg_ id, and its key only in its own GET", async () => {
      expect(secret.tap).toMatchObject({
        kind: "aggregate",
        name: `All three ${era}`,
        connectionIds: [ids.alpha, ids.beta, ids.files],
        policy: "never",
      });
      expect(secret.tap.id).toMatch(/^agg_/);
      expect(secret.url).toBe(`http://127.0.0.1:${PORT}/mcp/${secret.tap.id}`);
      const list = (await (await tapsRoute.GET()).json()) as TapView[];
      expect(list.map((t) => t.id)).toContain(secret.tap.id);
      expect(JSON.stringify(list)).not.toContain(secret.key);
      const one = (await (await tapRoute.GET(json("GET"), ctx(secret.tap.id))).json()) as TapSecret;
      expect(one.key).toBe(secret.key);
    });

    it("serves the colliding names side by side, and each call lands on its own upstream", async () => {
      const client = await connect(secret.url, secret.key, era);
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(["alpha__echo", "beta__echo", "files__list_directory"]));
      expect(names.filter((n) => !/^(alpha|beta|files)__/.test(n))).toEqual([]);

      const before = { alpha: getRegistry().listCalls(ids.alpha).length, beta: getRegistry().listCalls(ids.beta).length };
      const a = await client.callTool({ name: "alpha__echo", arguments: { message: `to alpha ${era}` } });
      const b = await client.callTool({ name: "beta__echo", arguments: { message: `to beta ${era}` } });
      expect(text(a)).toContain(`to alpha ${era}`);
      expect(text(b)).toContain(`to beta ${era}`);
      const alphaCalls = await settledCalls(ids.alpha);
      const betaCalls = await settledCalls(ids.beta);
      expect(alphaCalls.length).toBe(before.alpha + 1);
      expect(betaCalls.length).toBe(before.beta + 1);
      expect(alphaCalls.find((c) => JSON.stringify(c.args).includes(`to alpha ${era}`))).toMatchObject({
        tool: "echo",
        status: "ok",
        origin: { kind: "tap", tapId: secret.tap.id, client: { name: `agg-${era}` } },
      });
      expect(betaCalls.find((c) => JSON.stringify(c.args).includes(`to beta ${era}`))).toMatchObject({ tool: "echo", status: "ok" });
      expect(betaCalls.some((c) => JSON.stringify(c.args).includes(`to alpha ${era}`))).toBe(false);

      const listing = await client.callTool({ name: "files__list_allowed_directories", arguments: {} });
      expect(text(listing)).toContain(files.dir.split("/").pop()!);
      await expect(client.callTool({ name: "echo", arguments: { message: "bare" } })).rejects.toThrow(/Unknown tool: echo/);
    });

    it("merges resources with their URIs unchanged and reads each from its owner", async () => {
      const client = clients[clients.length - 1]!;
      const resources = (await client.listResources()).resources;
      const first = resources.find((r) => r.uri.startsWith("demo://") || r.uri.startsWith("test://"));
      expect(first).toBeDefined();
      const read = await client.readResource({ uri: first!.uri });
      expect(read.contents[0]?.uri).toBe(first!.uri);
    });

    it("PATCH changes the policy; a rotated key locks the old one out; DELETE turns it off", async () => {
      const patched = (await (await tapRoute.PATCH(json("PATCH", { policy: "always" }), ctx(secret.tap.id))).json()) as TapView;
      expect(patched.policy).toBe("always");
      const bad = await tapRoute.PATCH(json("PATCH", { policy: "sometimes" }), ctx(secret.tap.id));
      expect(bad.status).toBe(400);
      await tapRoute.PATCH(json("PATCH", { rotate: true }), ctx(secret.tap.id));
      const old = await fetch(secret.url, {
        method: "POST",
        headers: { authorization: `Bearer ${secret.key}`, "content-type": "application/json" },
        body: "{}",
      });
      expect(old.status).toBe(401);
      expect((await tapRoute.DELETE(json("DELETE"), ctx(secret.tap.id))).status).toBe(204);
      expect((await tapRoute.GET(json("GET"), ctx(secret.tap.id))).status).toBe(404);
      expect((await tapRoute.DELETE(json("DELETE"), ctx(secret.tap.id))).status).toBe(404);
    });
  });
}

describe("bad input", () => {
  it("an aggregate of an unknown connection or of none is a 4xx with its own code", async () => {
    const unknown = await tapsRoute.POST(json("POST", { name: "x", connectionIds: ["nope"] }));
    expect(unknown.status).toBe(404);
    const empty = await tapsRoute.POST(json("POST", { name: "x", connectionIds: [] }));
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { code: string } }).error.code).toMatch(/^bad_request:/);
  });
});
