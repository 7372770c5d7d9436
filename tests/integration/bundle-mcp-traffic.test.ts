import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bundle, BundleEntry, BundleUnitRefOf } from "@/lib/contracts/bundle";
import type { CallRecord } from "@/lib/contracts/calls";
import { ConnectionInput, SECRET_MASK } from "@/lib/contracts/connections";
import { BundleService, getBundles } from "@/lib/server/bundles";
import { mcpTrafficUnit } from "@/lib/server/mcp/bundle-unit";
import { getRegistry } from "@/lib/server/mcp/registry";
import { openStore } from "@/lib/server/store";
import { closeConnections, playgroundDataDir } from "@/tests/support/playground";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import { saveOAuth } from "@/lib/server/mcp/oauth/oauth-store";
import { connectionTable } from "@/lib/server/mcp/connection-store";

/**
 * MCP traffic bundles against server-everything over stdio, recorded through Loupe's own
 * connection: the exporter with a real store (each scope, whole raws, the call records in scope,
 * the connection masked, no secret), and the round trip into a fresh Loupe's store.
 */

const data = playgroundDataDir("loupe-bundle-mcp-");
// In the child's environment: get-env echoes it back in a tool result, so it is in the traffic.
const ENV_SECRET = "env-secret-bundle-8c1f27";

let connectionId = "";
const calls: Record<string, CallRecord> = {};

const ref = (scope: BundleUnitRefOf<"mcp-traffic">["scope"]): BundleUnitRefOf<"mcp-traffic"> => ({
  type: "mcp-traffic",
  connectionId,
  scope,
});

/** The entry of the JSON-RPC request with that method and id Loupe sent, and the response to it. */
function exchange(entries: BundleEntry[], call: CallRecord): [BundleEntry, BundleEntry] {
  const isId = (e: BundleEntry) => e.kind === "message" && (e.raw as { id?: unknown }).id === call.requestId;
  const request = entries.find((e) => isId(e) && e.direction === "out" && (e.raw as { method?: string }).method === "tools/call");
  const response = entries.find((e) => isId(e) && e.direction === "in" && request !== undefined && e.seq > request.seq);
  if (!request || !response) throw new Error(`no exchange for ${call.tool}`);
  return [request, response];
}

beforeAll(async () => {
  const view = await getRegistry().create(stdioInput("everything", [EVERYTHING, "stdio"], { env: { BUNDLE_SECRET: ENV_SECRET } }));
  expect(view.state.status).toBe("connected");
  connectionId = view.id;
  const registry = getRegistry();
  // Apart in time, so a range around one call cannot share a millisecond with the next.
  const pause = () => new Promise((r) => setTimeout(r, 30));
  calls.first = await registry.callTool(connectionId, { name: "echo", arguments: { message: "first" } });
  await pause();
  calls.sum = await registry.callTool(connectionId, { name: "get-sum", arguments: { a: 2, b: 3 } });
  await pause();
  calls.env = await registry.callTool(connectionId, { name: "get-env", arguments: {} });
  await pause();
  calls.last = await registry.callTool(connectionId, { name: "echo", arguments: { message: "last" } });
  for (const call of Object.values(calls)) expect(call.status).toBe("ok");
});

afterAll(() => closeConnections(data));

describe("mcpTrafficUnit", () => {
  it("all: every entry of the connection, whole, in seq order; every call; the connection masked", async () => {
    const parts = await mcpTrafficUnit.export(ref({ kind: "all" }));
    const store = getRegistry().hub.store;
    const stored = store.connectionEntries(connectionId, undefined, 100_000);
    expect(parts.entries.map((e) => e.seq)).toEqual(stored.map((e) => e.seq));
    expect(parts.entries.map((e) => e.raw)).toEqual(stored.map((e) => e.raw));
    // Not only JSON-RPC frames: the stderr lines and Loupe's own records of the connection too.
    const kinds = new Set(parts.entries.map((e) => e.kind));
    expect(kinds).toContain("message");
    expect(kinds).toContain("call");
    expect(kinds).toContain("status");
    expect(parts.entries.every((e) => !("rawBytes" in e) && !("truncated" in e))).toBe(true);

    const snapshot = mcpTrafficUnit.snapshotSchema.parse(parts.snapshot) as { scope: unknown; calls: CallRecord[] };
    expect(snapshot.scope).toEqual({ kind: "all" });
    expect(snapshot.calls.map((c) => c.id)).toEqual([calls.first!.id, calls.sum!.id, calls.env!.id, calls.last!.id]);
    expect(snapshot.calls[1]!.result).toEqual(calls.sum!.result);

    expect(parts.connection).toMatchObject({ protocol: "mcp", id: connectionId, name: "everything", transport: "stdio" });
    expect(parts.connection.target).toContain(EVERYTHING);
    expect((parts.connection.config as { env: Record<string, string> }).env).toEqual({ BUNDLE_SECRET: SECRET_MASK });
    expect((parts.connection as { serverInfo?: { name: string } }).serverInfo?.name).toBeTruthy();
    expect(parts.title).toBe("MCP traffic · everything · all traffic");
  });

  it("lists the env values as secrets: the raw export holds one (get-env), the bundle none", async () => {
    const secrets = mcpTrafficUnit.secretValues(ref({ kind: "all" }));
    expect(secrets).toContain(ENV_SECRET);
    const raw = await mcpTrafficUnit.export(ref({ kind: "all" }));
    expect(JSON.stringify(raw)).toContain(ENV_SECRET);
    const bundle = await getBundles().exportUnit(ref({ kind: "all" }));
    const text = JSON.stringify(bundle);
    expect(text).not.toContain(ENV_SECRET);
    expect(bundle.secrets.masked).toBeGreaterThan(0);
  });

  it("lists a remote connection's header values, OAuth client secret and tokens; none reaches the bundle", async () => {
    const store = getRegistry().hub.store;
    const secrets = {
      header: "hdr-secret-value-5521",
      clientSecret: "oauth-client-secret-7781",
      access: "access-token-value-9910",
      refresh: "refresh-token-value-3346",
    };
    // Saved, not connected: the exporter reads the store, and the traffic below is what a peer echoed.
    connectionTable(store).save({
      // Through the schema, so the saved config has every default a real one has.
      ...ConnectionInput.parse({
        name: "remote",
        transport: "http",
        url: "http://127.0.0.1:9/mcp",
        headers: { Authorization: `Bearer ${secrets.header}` },
        oauth: { enabled: true, clientId: "loupe", clientSecret: secrets.clientSecret },
      }),
      id: "remote-secrets",
      createdAt: Date.now(),
    });
    saveOAuth(store, "remote-secrets", { tokens: { access_token: secrets.access, refresh_token: secrets.refresh, token_type: "Bearer" } });
    store.insertEntry({
      connectionId: "remote-secrets",
      sessionKey: null,
      receivedAt: Date.now(),
      sourceTime: null,
      direction: "in",
      protocol: "mcp",
      kind: "message",
      raw: { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: Object.values(secrets).join(" ") } },
    });
    const remote: BundleUnitRefOf<"mcp-traffic"> = { type: "mcp-traffic", connectionId: "remote-secrets", scope: { kind: "all" } };
    const listed = mcpTrafficUnit.secretValues(remote);
    expect(listed).toEqual(expect.arrayContaining([`Bearer ${secrets.header}`, secrets.clientSecret, secrets.access, secrets.refresh]));
    const raw = JSON.stringify(await mcpTrafficUnit.export(remote));
    for (const value of Object.values(secrets)) expect(raw).toContain(value);
    const bundle = await getBundles().exportUnit(remote);
    const text = JSON.stringify(bundle);
    for (const value of Object.values(secrets)) expect(text).not.toContain(value);
    expect(bundle.connection).toMatchObject({ transport: "http", target: "http://127.0.0.1:9/mcp" });
    expect((bundle.connection.config as { headers: Record<string, string> }).headers).toEqual({ Authorization: SECRET_MASK });
  });

  it("range: only entries received in [from, to] and the calls started in it", async () => {
    const all = (await mcpTrafficUnit.export(ref({ kind: "all" }))).entries;
    const [request, response] = exchange(all, calls.sum!);
    const from = calls.sum!.startedAt;
    const to = response.receivedAt;
    const parts = await mcpTrafficUnit.export(ref({ kind: "range", from, to }));
    expect(parts.entries.map((e) => e.seq)).toEqual(all.filter((e) => e.receivedAt >= from && e.receivedAt <= to).map((e) => e.seq));
    expect(parts.entries.map((e) => e.seq)).toContain(request.seq);
    expect(parts.entries.every((e) => e.receivedAt >= from && e.receivedAt <= to)).toBe(true);
    const snapshot = parts.snapshot as { calls: CallRecord[] };
    expect(snapshot.calls.map((c) => c.id)).toEqual([calls.sum!.id]);
  });

  it("selection: exactly the chosen seqs, ascending whatever the order given, and the call of a chosen tools/call", async () => {
    const all = (await mcpTrafficUnit.export(ref({ kind: "all" }))).entries;
    const [request, response] = exchange(all, calls.last!);
    const parts = await mcpTrafficUnit.export(ref({ kind: "selection", seqs: [response.seq, request.seq] }));
    expect(parts.entries.map((e) => e.seq)).toEqual([request.seq, response.seq]);
    expect((parts.snapshot as { calls: CallRecord[] }).calls.map((c) => c.id)).toEqual([calls.last!.id]);
    expect(parts.title).toBe("MCP traffic · everything · 2 selected entries");
  });

  it("an unknown connection with no traffic is not_found:bundle_unit", async () => {
    await expect(mcpTrafficUnit.export({ type: "mcp-traffic", connectionId: "nope", scope: { kind: "all" } })).rejects.toMatchObject({
      code: "not_found:bundle_unit",
    });
  });

  it("round trip: exported through the service, imported into a fresh Loupe, the entries are equal", async () => {
    const bundle = await getBundles().exportUnit(ref({ kind: "all" }));
    const other = tempDir("loupe-bundle-mcp-import-");
    const store = openStore(other.dir);
    try {
      const service = new BundleService(store);
      const summary = service.importText(JSON.stringify(bundle), "everything.loupe.json");
      expect(summary).toMatchObject({ unitType: "mcp-traffic", origin: "loupe", entryCount: bundle.entries.length });
      const back: Bundle = service.get(summary.id).bundle;
      expect(back.entries).toEqual(bundle.entries);
      expect(back.snapshot).toEqual(bundle.snapshot);
      expect(back.entryKinds).toEqual(bundle.entryKinds);
      expect(JSON.stringify(back)).not.toContain(ENV_SECRET);
    } finally {
      store.close();
      other.cleanup();
    }
  });
});
