import "server-only";
import { serveHeldConnections } from "@/lib/server/mcp/held-elsewhere";
import { demoFailed } from "@/lib/server/demo-offers";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import type { InboxRowOf } from "@/lib/contracts/inbox";
import { whenServing } from "@/lib/launcher/serving";
import { logLine } from "@/lib/log-text";
import { field, jsonRows, savedSecrets, savedUrlSecrets, strings } from "@/lib/server/bundles/secrets";
import { startAppsHost } from "@/lib/server/mcp/apps/apps-sandbox";
import { mcpTrafficUnit } from "@/lib/server/mcp/bundle-unit";
import { getRegistry } from "@/lib/server/mcp/registry";
import { mcpLeases } from "@/lib/server/mcp/leased";
import { tapLeases } from "@/lib/server/mcp/tap/leased";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { installTapEndpoint } from "@/lib/server/mcp/tap/endpoint";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { mcpReplayScope, mcpTesting } from "@/lib/server/mcp/testing/driver";
import { nameFor, stableId } from "@/lib/server/peer-names";
import { findSameLaunch, launchKey } from "@/lib/mcp-config";
import type { BootContext, Keep, ProtocolAdapter } from "@/lib/server/protocols/types";
import type { Store } from "@/lib/server/store";

/**
 * MCP (lib/server/mcp/): what its public API plugs into the shared core — a thin file, MCP's
 * internals stay where they are.
 */

/** Server → client requests, with the stored history: those of an earlier run of Loupe stay listed (stale, or answered). */
function inbox(): InboxRowOf<"mcp">[] {
  return getClientRequests()
    .list({ store: getRegistry().hub.store })
    .map((request) => ({ ...request, source: "mcp" as const }));
}

/** Per connection, the time of its oldest pending request: its traffic from then on stays. */
function pending(): Keep {
  const pendingSince: Record<string, number> = {};
  for (const request of getClientRequests().list()) {
    if (request.status !== "pending") continue;
    pendingSince[request.connectionId] = Math.min(pendingSince[request.connectionId] ?? Infinity, request.createdAt);
  }
  return { pendingSince };
}

/**
 * The apps sandbox (a second listener, LOUPE_APPS_PORT, so app code never runs on Loupe's origin),
 * the tap endpoint (/mcp/<tap id>) and taps.json with this port, then the demo server and the
 * --mcp / --mcp-url connections, then the saved ones. A connection that fails shows as such. The
 * demo server is listed at once but connected (spawned) only once Loupe has answered
 * (lib/launcher/serving.ts), and boot does not wait for it.
 */
async function boot({ opts, root, demos }: BootContext): Promise<void> {
  const registry = getRegistry();
  serveHeldConnections(registry);
  await startAppsHost();
  installTapEndpoint();
  getTaps().writeFile();
  const wanted: Promise<unknown>[] = [];
  const preset = new Set<string>();
  if (opts.demo) {
    for (const demo of demos.mcp ?? []) {
      preset.add(demo.id);
      void demo
        .start({ root })
        .then((input) => registry.create(input, { id: demo.id, builtin: true, connect: false }))
        .then(() => whenServing())
        .then(() => registry.connect(demo.id))
        .catch((e: unknown) => demoFailed("mcp", demo, e));
    }
  }
  for (const words of opts.mcp) {
    const id = stableId("cli", words.join("\u0000"));
    preset.add(id);
    const [command = "", ...args] = words;
    wanted.push(registry.create({ name: nameFor(words), transport: "stdio", command, args, env: {}, requestTimeoutMs: 60_000 }, { id }));
  }
  for (const url of opts.mcpUrl) {
    const id = stableId("url", url);
    preset.add(id);
    wanted.push(registry.create({ name: new URL(url).host, transport: "http", url, headers: {}, requestTimeoutMs: 60_000 }, { id }));
  }
  preConnectConfigured(opts.mcpConfig, preset, wanted);
  await Promise.allSettled(wanted);
  await registry.connectSaved({ except: preset });
}

/**
 * The --config servers (read and checked by the launcher, lib/launcher/config-flags.ts): one saved
 * with the same launch (command + args + cwd, or URL) is that server — whatever its name, from an
 * earlier start with the same file or added by hand — so a second start adds nothing. What the
 * files held that Loupe cannot use is said on the terminal.
 */
function preConnectConfigured(config: BootContext["opts"]["mcpConfig"], preset: Set<string>, wanted: Promise<unknown>[]): void {
  if (!config) return;
  const registry = getRegistry();
  for (const message of config.messages) logLine("[loupe]", message);
  for (const { file, input } of config.servers) {
    const same = findSameLaunch(input, registry.list());
    if (same) {
      logLine(`[loupe] --config ${file}: ${input.name}: already saved as "${same.name}"`);
      continue;
    }
    const id = stableId("config", launchKey(input));
    preset.add(id);
    wanted.push(registry.create(input, { id }));
  }
}

/** Saved header and env values, OAuth client secrets, private keys and tokens, URL credentials, tap keys. */
function secrets(store: Store): string[] {
  const found: unknown[] = [];
  for (const config of jsonRows(store, "connections", "config")) {
    found.push(
      ...savedSecrets(field(config, "env")),
      ...savedSecrets(field(config, "headers")),
      field(config, "oauth", "clientSecret"),
      field(config, "oauth", "privateKey"),
    );
    found.push(...savedUrlSecrets(field(config, "url")));
  }
  for (const oauth of jsonRows(store, "oauth", "data")) {
    found.push(
      field(oauth, "tokens", "access_token"),
      field(oauth, "tokens", "refresh_token"),
      field(oauth, "tokens", "id_token"),
      field(oauth, "client", "client_secret"),
      field(oauth, "pending", "codeVerifier"),
      ...[field(oauth, "verifiers")].flat(),
    );
  }
  for (const tap of jsonRows(store, "taps", "json")) found.push(field(tap, "key"));
  return strings(found);
}

export const mcpAdapter = {
  id: "mcp" as const,
  label: "MCP",
  peers: {
    list: () => getRegistry().list(),
    has: (id: string) => getRegistry().get(id) !== undefined,
    remove: (id: string) => getRegistry().remove(id),
  },
  inbox,
  inboxScope: (row: InboxRowOf<"mcp">) => (row.relatedCall ? mcpReplayScope(row.connectionId, row.relatedCall.callId) : null),
  inboxEntryScope: (entry) => {
    const request = entryPayload(entry, "mcp_request");
    return request?.relatedCall ? mcpReplayScope(request.connectionId, request.relatedCall.callId) : null;
  },
  // A tap client's gated calls are a person's client at work, never a replay's.
  approvalScope: () => null,
  bundleUnits: [mcpTrafficUnit],
  search: null,
  retention: {
    pending,
    // A large call result is stored once, in its response frame: the call history points at it. (Cast:
    // PostgreSQL compares a seq with a number, not with JSON's text.)
    keepsRows:
      "seq IN (SELECT CAST(json_extract(record, '$.resultRef.seq') AS INTEGER) FROM calls WHERE json_extract(record, '$.resultRef.seq') IS NOT NULL)",
    // The call history goes with its traffic, oldest first (a pruned call's frames are no longer kept
    // for it); a call still running stays.
    history: [
      {
        table: "calls",
        at: "started_at",
        connection: "connection_id",
        session: null,
        keeps: "json_extract(record, '$.status') = 'running'",
      },
    ],
  },
  boot,
  secrets,
  testing: mcpTesting,
  // A tap goes with its connection: its lease is taken after the connection's (tap/leased.ts).
  leases: [mcpLeases, tapLeases],
  closeAll: () => getRegistry().closeAll(),
} satisfies ProtocolAdapter;
