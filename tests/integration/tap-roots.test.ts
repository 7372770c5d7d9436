import { mkdirSync, realpathSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { CallToolResult } from "@modelcontextprotocol/client";
import type { TapSecret } from "@/lib/contracts/taps";
import { getRegistry } from "@/lib/server/mcp/registry";
import { closeAllTapHosts } from "@/lib/server/mcp/tap/serve";
import { FILESYSTEM, stdioInput, tempDir } from "@/tests/support/servers";
import { startTapHost } from "@/tests/support/tap-host";
import type { TapHostServer } from "@/tests/support/tap-host";
import * as tapRoute from "@/app/api/connections/[id]/tap/route";
import * as tapsRoute from "@/app/api/taps/route";

/**
 * Roots through the tap (issue 23): the real server-filesystem reads its allowed directories from
 * the client's roots after `initialized` and on notifications/roots/list_changed. Behind the tap
 * its client is Loupe, so it must get the tapped client's roots, not Loupe's own.
 */

const data = tempDir("loupe-tap-roots-");
process.env.LOUPE_DATA_DIR = data.dir;
const files = tempDir("loupe-tap-roots-files-");
const PORT = 8773;
const dir = (name: string) => {
  const p = path.join(files.dir, name);
  mkdirSync(p, { recursive: true });
  return realpathSync(p);
};
const base = dir("base");
const loupeDir = dir("loupe");
const dirA = dir("a");
const dirB = dir("b");

let host: TapHostServer;
let connectionId: string;
let secret: TapSecret;
const clients: { close(): Promise<void> }[] = [];

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const text = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

/** A 2025-11-25 client through the tap whose roots are `roots()` (read each time it is asked). */
async function rootsClient(
  name: string,
  roots: () => string[],
  via: { url: string; key: string } = secret,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client(
    { name, version: "1.0.0" },
    { capabilities: { roots: { listChanged: true } }, versionNegotiation: { mode: "legacy" } },
  );
  client.setRequestHandler("roots/list", async () => ({
    roots: roots().map((d) => ({ uri: pathToFileURL(d).href, name: path.basename(d) })),
  }));
  const transport = new StreamableHTTPClientTransport(new URL(via.url), {
    requestInit: { headers: { Authorization: `Bearer ${via.key}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

/** server-filesystem's own answer: the directories it allows now. */
async function allowed(client: Client): Promise<string> {
  return text(await client.callTool({ name: "list_allowed_directories", arguments: {} }));
}

beforeAll(async () => {
  host = await startTapHost(PORT);
  const view = await getRegistry().create(stdioInput("files", [FILESYSTEM, base], { roots: [{ uri: pathToFileURL(loupeDir).href }] }));
  connectionId = view.id;
  secret = (await (await tapRoute.POST(new Request("http://x", { method: "POST", body: "{}" }), ctx(connectionId))).json()) as TapSecret;
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await closeAllTapHosts();
  await host?.close();
  await getRegistry().closeAll();
  data.cleanup();
  files.cleanup();
});

describe("roots through the tap, against server-filesystem", () => {
  it("the server sees the tapped client's roots, follows its roots/list_changed, and gets Loupe's back when it leaves", async () => {
    let roots = [dirA];
    const { client, transport } = await rootsClient("roots-client", () => roots);
    await expect.poll(() => allowed(client), { timeout: 10_000 }).toContain(dirA);
    expect(await allowed(client)).not.toContain(loupeDir);
    // The question was handed to the tapped client, and that is on the record.
    const forwards = getRegistry()
      .traffic(connectionId, { limit: 500 })
      .filter((e) => e.kind === "tap_forward")
      .map((e) => e.raw as { method: string; tapId: string; client?: { name: string } });
    // Asked after initialized, or (on a busy machine) while the client's first call runs: then the
    // forward also names that call (callId). Either is the same question handed to the same client.
    expect(forwards).toContainEqual(
      expect.objectContaining({ tapId: connectionId, method: "roots/list", client: { name: "roots-client", version: "1.0.0" } }),
    );

    roots = [dirB];
    await client.sendRootsListChanged();
    await expect.poll(() => allowed(client), { timeout: 10_000 }).toContain(dirB);
    expect(await allowed(client)).not.toContain(dirA);

    // The client ends its session (DELETE): without a tapped client holding roots, the server is
    // told, asks again and gets Loupe's own.
    await transport.terminateSession();
    await client.close();
    const viaLoupe = async () => {
      const record = await getRegistry().callTool(connectionId, { name: "list_allowed_directories", arguments: {} });
      return JSON.stringify(record.result);
    };
    await expect.poll(viaLoupe, { timeout: 10_000 }).toContain(loupeDir);
  });

  it("an SSE-only client's roots reach the server the same way", async () => {
    const client = new V1Client({ name: "sse-roots", version: "0.1.0" }, { capabilities: { roots: { listChanged: true } } });
    client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: pathToFileURL(dirB).href }] }));
    await client.connect(
      new SSEClientTransport(new URL(secret.tap.sseUrl), { requestInit: { headers: { Authorization: `Bearer ${secret.key}` } } }),
    );
    clients.push(client);
    const listed = async () => JSON.stringify(await client.callTool({ name: "list_allowed_directories", arguments: {} }));
    await expect.poll(listed, { timeout: 10_000 }).toContain(dirB);
    expect(await listed()).not.toContain(loupeDir);
  });

  it("through an aggregate tap, the same rule holds for each of its servers", async () => {
    const res = await tapsRoute.POST(
      new Request("http://x", { method: "POST", body: JSON.stringify({ name: "All files", connectionIds: [connectionId] }) }),
    );
    const aggregate = (await res.json()) as TapSecret;
    const { client } = await rootsClient("aggregate-roots", () => [dirA], aggregate);
    const listed = async () => JSON.stringify(await client.callTool({ name: "files__list_allowed_directories", arguments: {} }));
    await expect.poll(listed, { timeout: 10_000 }).toContain(dirA);
  });
});
