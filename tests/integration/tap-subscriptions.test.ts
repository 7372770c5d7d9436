import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { TapSecret } from "@/lib/contracts/taps";
import { subscribe, unsubscribe } from "@/lib/server/mcp/resources";
import { getRegistry } from "@/lib/server/mcp/registry";
import { closeAllTapHosts } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import { startTapHost } from "@/tests/support/tap-host";
import type { TapHostServer } from "@/tests/support/tap-host";

/**
 * A connection's resource subscription has holders: the user in Loupe's UI and each tap client
 * session. A tap client's resources/unsubscribe lets go of its own hold only; the upstream
 * subscription goes when the last holder lets go.
 */
const data = tempDir("loupe-tap-subs-");
process.env.LOUPE_DATA_DIR = data.dir;
const PORT = 8954;

let host: TapHostServer;
let everything: string;
let secret: TapSecret;
const clients: Client[] = [];

beforeAll(async () => {
  host = await startTapHost(PORT);
  const view = await getRegistry().create(stdioInput("everything", [EVERYTHING, "stdio"]));
  everything = view.id;
  expect(getRegistry().get(everything)?.state.status).toBe("connected");
  secret = getTaps().tapConnection(everything);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await closeAllTapHosts();
  await host?.close();
  await getRegistry().closeAll();
  data.cleanup();
});

async function tapClient(name: string): Promise<Client> {
  const client = new Client({ name, version: "1.0.0" }, { capabilities: {}, versionNegotiation: { mode: "legacy" } });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(secret.url), { requestInit: { headers: { Authorization: `Bearer ${secret.key}` } } }),
  );
  clients.push(client);
  return client;
}

const subscribed = () => getRegistry().get(everything)?.state.subscriptions ?? [];
const unsubscribesSent = (uri: string) =>
  getRegistry()
    .traffic(everything, { limit: 1000 })
    .filter(
      (e) =>
        e.direction === "out" &&
        (e.raw as { method?: string }).method === "resources/unsubscribe" &&
        (e.raw as { params?: { uri?: string } }).params?.uri === uri,
    ).length;

describe("a tap client's resources/unsubscribe", () => {
  it("keeps the subscription the user made in Loupe", async () => {
    const client = await tapClient("unsubscriber");
    const uri = (await client.listResources()).resources[0]!.uri;
    await subscribe(getRegistry().connection(everything), uri);
    await client.subscribeResource({ uri });
    await client.unsubscribeResource({ uri });
    expect(subscribed()).toContain(uri);
    expect(unsubscribesSent(uri)).toBe(0);
  });

  it("keeps another tap client's subscription; the last one to let go ends it upstream", async () => {
    const a = await tapClient("holder-a");
    const b = await tapClient("holder-b");
    const uri = (await a.listResources()).resources[1]!.uri;
    await a.subscribeResource({ uri });
    await b.subscribeResource({ uri });
    await a.unsubscribeResource({ uri });
    expect(subscribed()).toContain(uri);
    expect(unsubscribesSent(uri)).toBe(0);
    await b.unsubscribeResource({ uri });
    expect(subscribed()).not.toContain(uri);
    expect(unsubscribesSent(uri)).toBe(1);
  });

  it("a session that ends without unsubscribing lets go of its hold (the user's unsubscribe then ends it upstream)", async () => {
    const client = await tapClient("leaver");
    const uri = (await client.listResources()).resources[2]!.uri;
    const conn = getRegistry().connection(everything);
    await subscribe(conn, uri);
    await client.subscribeResource({ uri });
    // DELETE of the session (the SDK client's terminateSession), no resources/unsubscribe.
    await (client.transport as StreamableHTTPClientTransport).terminateSession();
    await client.close();
    await unsubscribe(conn, uri);
    expect(subscribed()).not.toContain(uri);
    expect(unsubscribesSent(uri)).toBe(1);
  });
});
