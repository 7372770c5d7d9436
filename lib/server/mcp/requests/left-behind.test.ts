import { afterEach, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { Store } from "@/lib/server/store";
import { ClusterRuntime } from "@/lib/server/cluster/runtime";
import { getCluster, startCluster } from "@/lib/server/cluster/service";
import { ClientRequests } from "@/lib/server/mcp/requests/registry";
import { LOUPE_STOPPED_REASON, requestStore } from "@/lib/server/mcp/requests/request-store";
import { rejectedAppError } from "@/tests/support/app-errors";
import { storeBackends } from "@/tests/support/store-backends";

/**
 * Server requests left pending by another instance sharing the database (issue 25): with a cluster
 * they are not taken for a stopped Loupe's when this instance first reads the table (another live
 * instance holds them); the instance that takes their connection over closes them, in words.
 */
let dir: string;
let store: Store;
const pg = storeBackends().find((b) => b.name === "PostgreSQL");

function pending(id: string, connectionId: string): McpClientRequest {
  return {
    id,
    connectionId,
    connectionName: connectionId,
    sessionKey: "s1",
    kind: "elicitation_form",
    jsonrpcId: 1,
    params: { message: "Your name?" },
    createdAt: 1_000,
    status: "pending",
  };
}

/** Rows written as another instance would have written them. */
function writeAsAnotherInstance(requests: McpClientRequest[]): void {
  for (const r of requests) {
    store
      .prepare("INSERT INTO mcp_requests (id, connection_id, status, created_at, record) VALUES (?, ?, ?, ?, ?)")
      .run(r.id, r.connectionId, r.status, r.createdAt, JSON.stringify(r));
  }
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "loupe-left-behind-"));
  store = new Store(dir);
});
afterEach(() => {
  getCluster()?.stop();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("requests another instance left pending", () => {
  it("stay pending when this instance of a cluster first reads them, and are listed with the others", () => {
    startCluster(store, "Loupe on 127.0.0.1:1", []);
    writeAsAnotherInstance([pending("r1", "c1")]);
    const requests = new ClientRequests();
    expect(requests.list({ store }).map((r) => [r.id, r.status])).toEqual([["r1", "pending"]]);
  });

  it("are closed in words when this instance takes their connection over, and only that connection's", () => {
    startCluster(store, "Loupe on 127.0.0.1:1", []);
    writeAsAnotherInstance([pending("r1", "c1"), pending("r2", "c2"), { ...pending("r3", "c1"), status: "answered" }]);
    const requests = new ClientRequests();
    const closed = requests.leftBehind("c1", store, "Loupe A stopped before it was answered");
    expect(closed.map((r) => [r.id, r.status, r.reason, r.staleCause])).toEqual([
      ["r1", "stale", "Loupe A stopped before it was answered", "loupe_stopped"],
    ]);
    expect(requests.get("r1", store)).toMatchObject({ status: "stale", reason: "Loupe A stopped before it was answered" });
    expect(requests.get("r2", store)?.status).toBe("pending");
    expect(requests.get("r3", store)?.status).toBe("answered");
  });

  it("without a cluster are a stopped Loupe's, as before: stale on the first read", () => {
    writeAsAnotherInstance([pending("r1", "c1")]);
    requestStore(store, () => false);
    expect(new ClientRequests().get("r1", store)).toMatchObject({ status: "stale", reason: LOUPE_STOPPED_REASON });
  });
});

/**
 * One pending on another instance of one PostgreSQL database, answered here while its holder lives or
 * after it stopped and before another instance took the server over: this instance says where it waits
 * and what becomes of it, with a code of its own (it said "The request is pending", as if that were a reason).
 */
describe.runIf(pg !== undefined)("a server request pending on another instance", () => {
  it("says which instance holds it, live or stopped, never that it is merely pending", async () => {
    if (!pg) return;
    const storeA = pg.open();
    const storeB = pg.open(true);
    onTestFinished(() => {
      storeA.close();
      storeB.close();
    });
    // A holds the connection (a lease of a minute it never renews: it "dies" below, when the test
    // moves its lease's end into the past — no real deadline a loaded machine could miss).
    const a = new ClusterRuntime(storeA, "Loupe A (127.0.0.1:1)", { leaseTtlMs: 60_000 });
    onTestFinished(() => a.stop());
    expect(a.hold("mcp:c1").held).toBe(true);
    startCluster(storeB, "Loupe B (127.0.0.1:2)", []);
    storeA
      .prepare("INSERT INTO mcp_requests (id, connection_id, status, created_at, record) VALUES (?, ?, ?, ?, ?)")
      .run("r1", "c1", "pending", 1_000, JSON.stringify(pending("r1", "c1")));
    const onB = new ClientRequests();
    const answer = () => onB.answer("c1", "r1", { action: "accept", content: { name: "Ada" } }, storeB);

    const live = await rejectedAppError(answer());
    expect(live).toMatchObject({ code: "conflict:mcp_request_elsewhere", status: 409, details: { instance: a.id, live: true } });
    expect(live.message).toContain("waits on Loupe A (127.0.0.1:1), the Loupe instance holding c1's connection");

    storeA.prepare("UPDATE cluster_leases SET expires_at = ? WHERE resource = ?").run(Date.now() - 1_000, "mcp:c1");
    const stopped = await rejectedAppError(answer());
    expect(stopped).toMatchObject({ code: "conflict:mcp_request_elsewhere", details: { live: false, retry: false } });
    expect(stopped.message).toContain("stopped answering (its lease lapsed;");
    expect(stopped.message).toContain("the instance that takes the server over closes it");
    expect(onB.get("r1", storeB)?.status).toBe("pending");
  }, 60_000);
});
