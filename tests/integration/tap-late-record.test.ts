import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { TapSecret } from "@/lib/contracts/taps";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getRegistry } from "@/lib/server/mcp/registry";
import { closeAllTapHosts } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import { startTapHost } from "@/tests/support/tap-host";
import type { TapHostServer } from "@/tests/support/tap-host";
import { settledCalls } from "@/tests/support/tapped-calls";

/**
 * A tapped call answers its client before its finished row is written (recordAfterAnswer). On a
 * loaded machine that write can come after the client's next request reaches the server: the row
 * of the answered call still said "running", so a server request of the next call (over stdio
 * nothing names its call) found two running calls, was linked to neither, and went to Loupe's inbox
 * instead of the tap's client, which waited until its timeout. Here the write is held back 300 ms,
 * as such a machine would, and the client's sampling handler must still be the one asked.
 */

vi.mock("@/lib/server/after-turn", () => ({
  afterThisTurn: (write: () => void) => void setTimeout(write, 300),
}));

const data = tempDir("loupe-tap-late-record-");
process.env.LOUPE_DATA_DIR = data.dir;
const PORT = 9013;

let host: TapHostServer;
let connectionId: string;
let secret: TapSecret;
let client: Client | undefined;

beforeAll(async () => {
  host = await startTapHost(PORT);
  connectionId = (await getRegistry().create(stdioInput("late record", [EVERYTHING, "stdio"]))).id;
  secret = getTaps().tapConnection(connectionId);
}, 60_000);

afterAll(async () => {
  await client?.close().catch(() => undefined);
  await closeAllTapHosts();
  await host?.close();
  await getRegistry().closeAll();
  data.cleanup();
});

const textOf = (result: unknown) =>
  (((result as { content?: unknown }).content as { text?: string }[] | undefined) ?? []).map((c) => c.text ?? "").join("\n");

it("a call's sampling reaches its tapped client while the previous call's row is still to be written", async () => {
  const asked: string[] = [];
  client = new Client(
    { name: "quick-client", version: "1.0.0" },
    { capabilities: { sampling: {} }, versionNegotiation: { mode: "legacy" } },
  );
  client.setRequestHandler("sampling/createMessage", async (request) => {
    asked.push(request.method);
    return { role: "assistant", content: { type: "text", text: "sampled by the client" }, model: "test-model", stopReason: "endTurn" };
  });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(secret.url), { requestInit: { headers: { Authorization: `Bearer ${secret.key}` } } }),
  );
  const inboxBefore = getClientRequests().list({ connectionId }).length;

  expect(textOf(await client.callTool({ name: "echo", arguments: { message: "first" } }))).toBe("Echo: first");
  // The echo's row is written 300 ms from now: it still reads "running" while the next call asks.
  expect(getRegistry().listCalls(connectionId, { tool: "echo" })[0]?.status).toBe("running");
  const sampled = await client.callTool(
    { name: "trigger-sampling-request", arguments: { prompt: "hello", maxTokens: 5 } },
    { timeout: 8_000 },
  );

  expect(textOf(sampled)).toContain("sampled by the client");
  expect(asked).toEqual(["sampling/createMessage"]);
  expect(getClientRequests().list({ connectionId })).toHaveLength(inboxBefore);
  // Both rows end written and finished.
  const calls = await settledCalls(connectionId);
  expect(calls.map((c) => [c.tool, c.status])).toEqual([
    ["trigger-sampling-request", "ok"],
    ["echo", "ok"],
  ]);
});
