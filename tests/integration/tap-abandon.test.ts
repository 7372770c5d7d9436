import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { CallRecord } from "@/lib/contracts/calls";
import type { TapSecret } from "@/lib/contracts/taps";
import { getRegistry } from "@/lib/server/mcp/registry";
import { closeAllTapHosts } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import { startTapHost } from "@/tests/support/tap-host";
import type { TapHostServer } from "@/tests/support/tap-host";
import * as tapRoute from "@/app/api/connections/[id]/tap/route";

/**
 * A 2026-07-28 client was asked for input (an input_required round) and has not come back when
 * the tap goes (turned off, key rotated): nobody can answer that round any more, so the upstream
 * call is cancelled at once instead of after ABANDON_MS (10 minutes). (Deleting the connection
 * goes through the same closeTapHost, and closes the upstream itself.)
 */
const data = tempDir("loupe-tap-abandon-");
process.env.LOUPE_DATA_DIR = data.dir;
const PORT = 8952;

let host: TapHostServer;
const clients: Client[] = [];
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const post = (body: unknown) =>
  new Request("http://127.0.0.1/x", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });

beforeAll(async () => {
  host = await startTapHost(PORT);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await closeAllTapHosts();
  await host?.close();
  await getRegistry().closeAll();
  data.cleanup();
});

/** A modern client that declares elicitation and never answers it (its user walked away). */
async function silentClient(secret: TapSecret, asked: () => void): Promise<Client> {
  const client = new Client(
    { name: "walked-away", version: "1.0.0" },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  client.setRequestHandler("elicitation/create", () => {
    asked();
    return new Promise(() => undefined);
  });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(secret.url), { requestInit: { headers: { Authorization: `Bearer ${secret.key}` } } }),
  );
  clients.push(client);
  return client;
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

const ends: [string, (id: string) => Promise<unknown>][] = [
  ["the tap is turned off", (id) => tapRoute.DELETE(new Request("http://x", { method: "DELETE" }), ctx(id))],
  ["the key is rotated", (id) => tapRoute.POST(post({ rotate: true }), ctx(id))],
];

describe.each(ends)("an unanswered 2026-07-28 input round when %s", (_label, end) => {
  it("cancels the upstream call at once", { timeout: 30_000 }, async () => {
    const view = await getRegistry().create(stdioInput(`abandon-${_label}`, [EVERYTHING, "stdio"]));
    expect(getRegistry().get(view.id)?.state.status).toBe("connected");
    const secret = getTaps().tapConnection(view.id);
    let asked = false;
    const client = await silentClient(secret, () => (asked = true));
    void client.callTool({ name: "trigger-elicitation-request", arguments: {} }).catch(() => undefined);
    await until(() => asked, 15_000);
    let call: CallRecord | undefined;
    call = getRegistry().listCalls(view.id, { tool: "trigger-elicitation-request" })[0];
    expect(call?.status).toBe("running");
    await end(view.id);
    // Within seconds, not ABANDON_MS: the upstream was told (notifications/cancelled) and the call ended.
    await until(() => (call = getRegistry().listCalls(view.id, { tool: "trigger-elicitation-request" })[0])?.status !== "running", 5_000);
    expect(call?.status).toBe("cancelled");
  });
});
