import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { EVERYTHING, expect, test } from "./fixtures";
import type { ToolApproval } from "../lib/contracts/approvals";
import type { CallRecord } from "../lib/contracts/calls";
import type { ConnectionView } from "../lib/contracts/connections";
import type { TapSecret } from "../lib/contracts/taps";
import { PgSync } from "../lib/server/sql/pg-sync";
import { startBalancer, type Balancer } from "../tests/support/balancer";
import { startBuiltLoupe, until, type BuiltInstance } from "../tests/support/built-instances";
import { pgAvailable, startPgCluster, type PgCluster } from "../tests/support/pg-cluster";

/**
 * Taps under leases (issue 25): two built Loupe instances on one temporary PostgreSQL cluster, a
 * load balancer in front, a real MCP server (server-everything) and the SDK v1 client tapping it.
 * - a tapped client's requests reaching B are served by A, which holds the server and its tap; an
 *   approval its call waits for is answered on B;
 * - 200 tapped calls wait for approvals on A, answered at once half on A and half on B, each also
 *   answered on the other instance at the same moment: each applied once, each call run once;
 * - A killed with SIGKILL while a call waits for its approval: B takes the server and the tap over,
 *   the approval stays pending and answerable on B and says the client's request went with A, the
 *   client is told its session is gone in words, approving on B runs the call once on B.
 */

const TOKEN = "cluster-taps-token-0123456789";
/** Long enough that a loaded machine (two Next servers, a stdio server, PostgreSQL on 2 cores) renews in time. */
const TTL = 8_000;
const MANY = 200;

let pg: PgCluster;
let url: string;
let a: BuiltInstance;
let b: BuiltInstance;
let lb: Balancer;
let connectionId: string;
let secret: TapSecret;
const clients: Client[] = [];

test.describe.configure({ mode: "serial" });
test.skip(!pgAvailable(), "Debian's postgresql is not installed");

test.beforeAll(async () => {
  test.setTimeout(300_000);
  pg = await startPgCluster();
  url = pg.createDatabase("taps");
  const options = { token: TOKEN, databaseUrl: url, leaseTtlMs: TTL };
  [a, b] = await Promise.all([startBuiltLoupe("A", options), startBuiltLoupe("B", options)]);
  lb = await startBalancer(b.base);
  const added = await a.api<ConnectionView>("POST", "/api/connections", {
    name: "everything (taps)",
    transport: "stdio",
    command: process.execPath,
    args: [EVERYTHING, "stdio"],
    env: {},
    requestTimeoutMs: 120_000,
  });
  expect(added.status).toBe(201);
  connectionId = added.json.id;
  const tapped = await a.api<TapSecret>("POST", `/api/connections/${connectionId}/tap`, { policy: "always" });
  expect(tapped.status).toBe(200);
  secret = tapped.json;
  // A holds the tap as soon as it is turned on, with its server (before, only at the keeper's next round: an
  // approval answered on B in between was refused as stale — bench answer-across failed so).
  expect(leaseOwner(`tap:${secret.tap.id}`)).toBe(leaseOwner(`mcp:${connectionId}`));
  expect(leaseOwner(`tap:${secret.tap.id}`)).toBeDefined();
});

test.afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await lb?.close();
  await a?.stop();
  await b?.stop();
  pg?.stop();
});

function query(sql: string, ...params: unknown[]): Record<string, unknown>[] {
  const conn = new PgSync(url, "check");
  try {
    return conn.query(sql, params).rows;
  } finally {
    conn.close();
  }
}

function leaseOwner(resource: string): string | undefined {
  const row = query("SELECT owner FROM cluster_leases WHERE resource = $1", resource)[0];
  return row ? String(row.owner) : undefined;
}

/** Every call of the tapped server as stored (the shared store: whichever instance ran it). */
const storedCalls = (): CallRecord[] =>
  query("SELECT record FROM calls WHERE connection_id = $1", connectionId).map((r) => {
    const record: CallRecord = JSON.parse(String(r.record));
    return record;
  });

const tapPath = () => `/mcp/${encodeURIComponent(secret.tap.id)}`;

async function tappedClient(base: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: "cluster-taps", version: "1.0.0" }, { capabilities: {} });
  const transport = new StreamableHTTPClientTransport(new URL(tapPath(), base), {
    requestInit: { headers: { Authorization: `Bearer ${secret.key}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

const echo = (client: Client, message: string, timeout = 180_000) =>
  client.callTool({ name: "echo", arguments: { message } }, undefined, { timeout });

const textOf = (result: unknown) => JSON.stringify(result);

/** The pending tap approvals in `on`'s inbox whose message is among `messages`. */
async function pendingOn(on: BuiltInstance, messages: Set<string>): Promise<ToolApproval[]> {
  const listed = await on.api<ToolApproval[]>("GET", "/api/approvals?status=pending");
  return listed.json.filter((x) => x.origin.kind === "tap" && messages.has(String(x.arguments.message)));
}

test.describe("taps on two Loupe instances", () => {
  test("serves a tapped client that reaches B from A, which holds the tap, and takes its approval's answer on B", async () => {
    test.setTimeout(120_000);
    expect(leaseOwner(`tap:${connectionId}`)).toBe(leaseOwner(`mcp:${connectionId}`));
    const { client } = await tappedClient(lb.url); // the balancer sends it to B
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain("echo");
    const call = echo(client, "through B");
    const approval = await until("the approval listed on B", async () => (await pendingOn(b, new Set(["through B"])))[0]);
    const answered = await b.api<ToolApproval>("POST", `/api/approvals/${approval.id}`, { action: "approve" });
    expect(answered.status).toBe(200);
    expect(answered.servedBy).not.toBeNull(); // A's gate waits: the answer went there
    expect(textOf(await call)).toContain("Echo: through B");
  });

  test("a legacy SSE client's stream is served by A, its messages posted to B are relayed there, and B's stream refusal names A", async () => {
    test.setTimeout(60_000);
    const auth = { Authorization: `Bearer ${secret.key}` };
    const refused = await fetch(`${b.base}${tapPath()}/sse`, { headers: { ...auth, Accept: "text/event-stream" } });
    expect(refused.status).toBe(405);
    const said = textOf(await refused.json());
    expect(said).toContain(new URL(a.base).port);
    expect(said).toContain("legacy SSE");

    const stream = await fetch(`${a.base}${tapPath()}/sse`, { headers: { ...auth, Accept: "text/event-stream" } });
    expect(stream.status).toBe(200);
    if (!stream.body) throw new Error("A's SSE stream has no body");
    const reader = stream.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = "";
    /** The next SSE event's data whose text matches `wanted`. */
    const next = async (wanted: RegExp): Promise<string> => {
      for (;;) {
        const found = buffered.split("\n\n").find((e) => wanted.test(e));
        if (found) {
          buffered = buffered.slice(buffered.indexOf(found) + found.length);
          return found.replace(/^(event|id): .*\n/gm, "").replace(/^data: /gm, "");
        }
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${wanted}`);
        buffered += value;
      }
    };
    const endpoint = (await next(/^event: endpoint/m)).trim();
    const post = (body: unknown) =>
      fetch(new URL(endpoint, b.base), {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const init = await post({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2024-11-05", capabilities: {}, clientInfo: { name: "legacy-across", version: "1" } },
    });
    expect(init.status).toBe(202);
    expect(init.headers.get("x-loupe-served-by")).not.toBeNull(); // relayed to A
    expect(await next(/"id":1/)).toContain("serverInfo");
    expect((await post({ jsonrpc: "2.0", method: "notifications/initialized" })).status).toBe(202);
    expect((await post({ jsonrpc: "2.0", id: 2, method: "tools/list" })).status).toBe(202);
    expect(await next(/"id":2/)).toContain('"echo"');
    await reader.cancel();
  });

  test("answers 200 tapped calls' approvals at once across both instances, each applied once, each call run once", async () => {
    test.setTimeout(300_000);
    const { client } = await tappedClient(a.base);
    const messages = Array.from({ length: MANY }, (_, i) => `many ${i}`);
    const calls = messages.map((m) => echo(client, m));
    const waiting = new Set(messages);
    const approvals = await until(
      "200 approvals pending",
      async () => {
        const found = await pendingOn(a, waiting);
        return found.length === MANY ? found : undefined;
      },
      120_000,
    );
    // Each approval is answered on A or B (alternately) and at the same moment on the other one.
    const answers = await Promise.all(
      approvals.map((approval, i) => {
        const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
        const body = { action: "approve" };
        return Promise.all([
          first.api<unknown>("POST", `/api/approvals/${approval.id}`, body),
          second.api<unknown>("POST", `/api/approvals/${approval.id}`, body),
        ]);
      }),
    );
    for (const pair of answers) expect(pair.map((r) => r.status).sort()).toEqual([200, 409]);
    const results = await Promise.all(calls);
    results.forEach((result, i) => expect(textOf(result)).toContain(`Echo: many ${i}"`));
    // The upstream got each call once: one stored call per message, each with its own approval.
    // A tapped call's finished row is written just after its client has the answer: read once written.
    const mine = () => storedCalls().filter((c) => String(c.args.message).startsWith("many "));
    await expect.poll(() => mine().filter((c) => c.status !== "running").length, { timeout: 15_000 }).toBe(MANY);
    const stored = mine();
    expect(stored).toHaveLength(MANY);
    expect(new Set(stored.map((c) => JSON.stringify(c.args))).size).toBe(MANY);
    expect(new Set(stored.map((c) => c.approvalId)).size).toBe(MANY);
    expect(stored.every((c) => c.status === "ok")).toBe(true);
  });

  test("keeps a pending tap approval answerable on B when A is killed, and runs its call once there", async () => {
    test.setTimeout(180_000);
    lb.to(a.base);
    const { client, transport } = await tappedClient(lb.url);
    const call = echo(client, "left on A", 20_000).then(
      (result) => ({ result }),
      (error: unknown) => ({ error: String(error) }),
    );
    const left = await until("the approval pending on A", async () => (await pendingOn(a, new Set(["left on A"])))[0]);
    // Past the tap's JSON hold (200 ms): the call's answer is an SSE stream, and the client has its priming event.
    await new Promise((r) => setTimeout(r, 600));
    a.process.kill("SIGKILL");
    lb.to(b.base);
    const taken = await until(
      "B taking the approval over",
      async () => {
        const found = await b.api<ToolApproval>("GET", `/api/approvals/${left.id}`);
        return found.json.takenOver ? found.json : undefined;
      },
      4 * TTL + 30_000,
    );
    expect(taken.status).toBe("pending");
    expect(taken.takenOver).toContain("Loupe A");
    expect(taken.takenOver).toContain("went with it");
    expect(leaseOwner(`tap:${connectionId}`)).toBe(leaseOwner(`mcp:${connectionId}`));
    // The client's request went with A: it is not answered (its stream cannot resume: B never knew the
    // session), and what its session meets on B says why in words.
    const outcome = await call;
    expect(outcome).not.toHaveProperty("result");
    console.log(`[cluster-taps] the tapped client's call ended with: ${"error" in outcome ? outcome.error : "a result"}`);
    const resumed = await fetch(`${lb.url}${tapPath()}`, {
      headers: { Authorization: `Bearer ${secret.key}`, Accept: "text/event-stream", "mcp-session-id": transport.sessionId ?? "" },
    });
    expect(resumed.status).toBe(404);
    expect(await resumed.text()).toContain("Loupe A");
    // Approving on B runs the call there, once.
    const approved = await b.api<ToolApproval>("POST", `/api/approvals/${left.id}`, { action: "approve" });
    expect(approved.status).toBe(200);
    expect(approved.servedBy).toBeNull();
    const ran = await until("the call run on B", async () => {
      const found = storedCalls().filter((c) => c.approvalId === left.id);
      return found.length && found.every((c) => c.status !== "running") ? found : undefined;
    });
    expect(ran.map((c) => [c.status, c.args])).toEqual([["ok", { message: "left on A" }]]);
    // A twin answer is refused: the call stays run once.
    const again = await b.api<{ error: { code: string } }>("POST", `/api/approvals/${left.id}`, { action: "approve" });
    expect(again.status).toBe(409);
    // The tap works on B: a new session, a new call.
    const fresh = await tappedClient(lb.url);
    const next = echo(fresh.client, "on B now");
    const approval = await until("the new approval on B", async () => (await pendingOn(b, new Set(["on B now"])))[0]);
    expect((await b.api("POST", `/api/approvals/${approval.id}`, { action: "approve" })).status).toBe(200);
    expect(textOf(await next)).toContain("Echo: on B now");
  });
});
