import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ToolApproval } from "@/lib/contracts/approvals";
import type { TapSecret } from "@/lib/contracts/taps";
import { getApprovals } from "@/lib/server/approvals";
import { getRegistry } from "@/lib/server/mcp/registry";
import { closeAllTapHosts } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { CRASH_FIXTURE, EVERYTHING, FILESYSTEM, stdioInput, tempDir } from "@/tests/support/servers";
import { startTapHost } from "@/tests/support/tap-host";
import type { TapHostServer } from "@/tests/support/tap-host";
import { settledCalls } from "@/tests/support/tapped-calls";

const data = tempDir("loupe-tap-gates-");
process.env.LOUPE_DATA_DIR = data.dir;
const files = tempDir("loupe-tap-fs-");
const PORT = 8651;

let host: TapHostServer;
const closers: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  host = await startTapHost(PORT);
});

afterAll(async () => {
  await Promise.all(closers.map((c) => c.close().catch(() => undefined)));
  await closeAllTapHosts();
  await host?.close();
  await getRegistry().closeAll();
  data.cleanup();
  files.cleanup();
});

async function tapOf(
  input: Parameters<ReturnType<typeof getRegistry>["create"]>[0],
  settings: { policy?: "always" | "never" } = {},
): Promise<{ id: string; secret: TapSecret }> {
  const view = await getRegistry().create(input);
  expect(getRegistry().get(view.id)?.state.status).toBe("connected");
  return { id: view.id, secret: getTaps().tapConnection(view.id, settings) };
}

async function v2Client(secret: TapSecret, era: "legacy" | "modern" = "legacy"): Promise<Client> {
  const client = new Client(
    { name: "gate-test", version: "1.0.0" },
    { capabilities: {}, versionNegotiation: { mode: era === "legacy" ? "legacy" : { pin: "2026-07-28" } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(secret.url), { requestInit: { headers: { Authorization: `Bearer ${secret.key}` } } }),
  );
  closers.push(client);
  return client;
}

async function until<T>(find: () => T | undefined, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

const textOf = (result: unknown) =>
  (((result as { content?: unknown }).content as { text?: string }[] | undefined) ?? []).map((c) => c.text ?? "").join("\n");
const pendingFor = (tapId: string) => () =>
  getApprovals()
    .list({ status: "pending" })
    .find((a: ToolApproval) => a.origin.kind === "tap" && a.origin.tapId === tapId);

describe.each(["legacy", "modern"] as const)("a gated tap (%s)", (era) => {
  let tap: { id: string; secret: TapSecret };
  beforeAll(async () => {
    tap = await tapOf(stdioInput(`gated-${era}`, [EVERYTHING, "stdio"]), { policy: "always" });
  });

  it("holds a call until it is approved in the desk, with the edited arguments", async () => {
    const client = await v2Client(tap.secret, era);
    let settled = false;
    const pending = client.callTool({ name: "echo", arguments: { message: "as sent" } }).finally(() => (settled = true));
    const approval = await until(pendingFor(tap.id));
    expect(approval).toMatchObject({
      tool: "echo",
      arguments: { message: "as sent" },
      origin: { kind: "tap", client: { name: "gate-test" } },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(settled).toBe(false);
    getApprovals().answer(approval.id, { action: "approve", arguments: { message: "edited" } });
    expect(textOf(await pending)).toBe("Echo: edited");
    expect((await settledCalls(tap.id, { tool: "echo" }))[0]).toMatchObject({
      status: "ok",
      approvalId: approval.id,
      args: { message: "edited" },
    });
  });

  it("answers a rejected call with an isError result that says why", async () => {
    const client = await v2Client(tap.secret, era);
    const pending = client.callTool({ name: "echo", arguments: { message: "no" } });
    const approval = await until(pendingFor(tap.id));
    getApprovals().answer(approval.id, { action: "reject", reason: "Not this one." });
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("Not this one.");
  });

  it("makes the approval stale when the client gives up waiting", async () => {
    const client = await v2Client(tap.secret, era);
    const controller = new AbortController();
    const pending = client.callTool({ name: "echo", arguments: { message: "gone" } }, { signal: controller.signal });
    const approval = await until(pendingFor(tap.id));
    controller.abort("the client left");
    await expect(pending).rejects.toThrow();
    await until(() => (getApprovals().get(approval.id).status === "stale" ? true : undefined));
  });
});

describe("an upstream that fails", () => {
  it("answers a call whose server process dies with a JSON-RPC error in words", async () => {
    const { secret } = await tapOf(stdioInput("crashy", [CRASH_FIXTURE]));
    const client = await v2Client(secret);
    const error = await client.callTool({ name: "crash", arguments: {} }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/crashy.*server process exited with code 3/i);
  });

  it("answers a hanging call whose server is killed with an error in words, not a hang", async () => {
    const { id, secret } = await tapOf(stdioInput("hangs", [CRASH_FIXTURE]));
    const client = await v2Client(secret);
    const pending = client.callTool({ name: "hang", arguments: {} }).then(
      () => undefined,
      (e: Error) => e,
    );
    await until(() => (getRegistry().listCalls(id, { tool: "hang" })[0]?.status === "running" ? true : undefined));
    process.kill(getRegistry().get(id)!.state.pid!, "SIGKILL");
    expect((await pending)?.message).toMatch(/"hangs".*(killed|signal|exited)/i);
  });

  it("connects an upstream that is not connected, as the user's Connect would", async () => {
    const { id, secret } = await tapOf(stdioInput("reconnects", [EVERYTHING, "stdio"]));
    await getRegistry().disconnect(id);
    expect(getRegistry().get(id)?.state.status).toBe("disconnected");
    const client = await v2Client(secret);
    expect(textOf(await client.callTool({ name: "echo", arguments: { message: "back" } }))).toBe("Echo: back");
    expect(getRegistry().get(id)?.state.status).toBe("connected");
  });
});

describe("other peers and clients", () => {
  it("serves server-filesystem to the SDK v2 client", async () => {
    const root = path.join(files.dir, "root");
    mkdirSync(root);
    writeFileSync(path.join(root, "note.txt"), "hello from the filesystem");
    const { secret } = await tapOf(stdioInput("filesystem", [FILESYSTEM, root]));
    const client = await v2Client(secret, "modern");
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain("read_text_file");
    const result = await client.callTool({ name: "read_text_file", arguments: { path: path.join(root, "note.txt") } });
    expect(textOf(result)).toContain("hello from the filesystem");
  });

  it("serves server-everything to the SDK v1 client (2025-11-25)", async () => {
    const { secret } = await tapOf(stdioInput("everything-v1", [EVERYTHING, "stdio"]));
    const client = new V1Client({ name: "v1-client", version: "1.32.2" }, { capabilities: {} });
    await client.connect(new V1Transport(new URL(secret.url), { requestInit: { headers: { Authorization: `Bearer ${secret.key}` } } }));
    closers.push(client);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("echo");
    expect(textOf(await client.callTool({ name: "echo", arguments: { message: "v1" } }))).toBe("Echo: v1");
    expect((await client.listPrompts()).prompts.length).toBeGreaterThan(0);
    expect((await client.listResources()).resources.length).toBeGreaterThan(0);
  });
});
