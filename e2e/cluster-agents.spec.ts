import { expect, test } from "./fixtures";
import { startBuiltLoupe, until, type BuiltInstance } from "../tests/support/built-instances";

const CLUSTER_TOKEN = "cluster-e2e-token-0123456789";
const startClusterLoupe = (name: string, databaseUrl: string, leaseTtlMs: number) =>
  startBuiltLoupe(name, { token: CLUSTER_TOKEN, databaseUrl, leaseTtlMs });
import { pgAvailable, startPgCluster, type PgCluster } from "../tests/support/pg-cluster";
import { SCRIPTED_ONLY, startAgentServer, type AgentServer } from "../demo/adk/start-agent-server";
import type { AgentServerView, InboxItem, RunRecord, StoredAnswer } from "../lib/contracts/agents";

/**
 * An agent's runs across two Loupe instances on one PostgreSQL database (issue 25), the built app as
 * `npm start` runs it, and a real `adk api_server` running the demo agent: the agent server added on
 * A is held by A, so a run started on B goes to A; its confirmation is pending when A is killed with
 * SIGKILL; B takes the lease once it lapsed, lists the confirmation, and answers it: the new run goes
 * to the ADK api_server and the tool completes in the ADK session.
 */
const TTL = 5_000;
const APP = "loupe_demo";

let pg: PgCluster;
let adk: AgentServer;
const instances: BuiltInstance[] = [];

test.describe.configure({ mode: "serial" });
test.skip(!pgAvailable(), "Debian's postgresql is not installed");

test.beforeAll(async () => {
  test.setTimeout(240_000);
  pg = await startPgCluster();
  const [server] = await Promise.all([
    startAgentServer({ port: 0, preload: true, env: SCRIPTED_ONLY }),
    startClusterLoupe("A", pg.url, TTL).then((a) => instances.push(a)),
  ]);
  adk = server;
  instances.push(await startClusterLoupe("B", pg.url, TTL));
});

test.afterAll(async () => {
  for (const instance of instances) await instance.stop();
  await adk?.stop();
  pg?.stop();
});

test("an ADK confirmation raised through A stays answerable on B after A is killed", async () => {
  test.setTimeout(120_000);
  const [a, b] = instances as [BuiltInstance, BuiltInstance];
  const added = await a.api<AgentServerView>("POST", "/api/agents", {
    name: "demo (cluster)",
    url: adk.url,
    headers: {},
    userId: "u1",
  });
  expect(added.status).toBe(201);
  const id = added.json.id;
  const agent = `/api/agents/${id}/apps/${APP}/sessions`;
  expect((await b.api("POST", agent, { sessionId: "s-cluster" })).status).toBe(201);

  // A holds the agent server: a run started on B is forwarded there and streams on A.
  const run = await b.api<RunRecord>("POST", `${agent}/s-cluster/run`, { parts: [{ text: "delete" }], streaming: false });
  expect(run.status).toBe(202);
  expect(run.servedBy).not.toBeNull();
  // Each instance lists who holds it (the sidebar's "held by" line): B names A, A itself.
  const heldOn = async (on: BuiltInstance) => (await on.api<AgentServerView[]>("GET", "/api/agents")).json.find((x) => x.id === id)?.heldBy;
  expect(await heldOn(b)).toMatchObject({ here: false, address: expect.stringContaining("Loupe A") });
  expect((await heldOn(a))?.here).toBe(true);
  const confirmation = await until("the confirmation pending on A", async () => {
    const inbox = await a.api<(InboxItem & { source: string })[]>("GET", "/api/inbox");
    return inbox.json.find((r) => r.source === "adk" && r.sessionId === "s-cluster" && r.kind === "confirmation" && r.status === "pending");
  });

  // B's inbox lists it while A holds the agent server (read from the store as A records it).
  await until("the confirmation listed on B while A is alive", async () => {
    const inbox = await b.api<(InboxItem & { source: string })[]>("GET", "/api/inbox");
    return inbox.json.find((r) => r.source === "adk" && r.id === confirmation.id && r.status === "pending");
  });

  a.process.kill("SIGKILL");
  const killedAt = Date.now();
  // B takes the lapsed lease and reads A's sessions' requests from the store: still pending there.
  await until("B holding the agent server", async () => ((await heldOn(b))?.here ? true : undefined), 4 * TTL + 30_000);
  console.log(`[cluster-agents] B took the agent server over ${Date.now() - killedAt} ms after A was killed (ttl ${TTL} ms)`);
  const inbox = await b.api<(InboxItem & { source: string })[]>("GET", "/api/inbox");
  const onB = inbox.json.find((r) => r.source === "adk" && r.id === confirmation.id && r.status === "pending");
  if (!onB) throw new Error("A's confirmation is not pending on B after the take-over");

  const answered = await b.api<{ answer: StoredAnswer; run?: RunRecord }>("POST", `/api/agents/${id}/answers`, {
    sessionKey: onB.sessionKey,
    interruptId: onB.id,
    interruptKey: onB.key,
    answer: { kind: "confirmation", confirmed: true, payload: { path: "/tmp/cluster-taken-over.log" } },
    streaming: false,
  });
  expect(answered.status).toBe(200);
  expect(answered.servedBy).toBeNull();
  expect(answered.json.answer.status).toBe("sent");

  // The answer reached the ADK api_server: the tool ran with it and the run completed in the session.
  const session = await until("the tool's result in the ADK session", async () => {
    const got = await b.api<{ events: unknown[] }>("GET", `${agent}/s-cluster`);
    const text = JSON.stringify(got.json.events);
    return text.includes('"deleted":"/tmp/cluster-taken-over.log"') ? text : undefined;
  });
  expect(session).toContain("adk_request_confirmation");
  const after = await b.api<(InboxItem & { source: string })[]>("GET", "/api/inbox");
  expect(after.json.find((r) => r.id === confirmation.id)?.status).toBe("answered");
});
