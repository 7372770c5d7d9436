import { afterAll, describe, expect, it } from "vitest";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { AppError } from "@/lib/errors";
import { ClusterRuntime } from "@/lib/server/cluster/runtime";
import { getCluster, startCluster } from "@/lib/server/cluster/service";
import { ClientRequests } from "@/lib/server/mcp/requests/registry";
import { storeBackends } from "@/tests/support/store-backends";

/**
 * An elicitation pending on another instance of one PostgreSQL database (issue 25), answered here
 * while its holder lives or after it stopped and before another instance took the server over: this
 * instance says where the request waits and what becomes of it, in words, with a code of its own
 * (it said "The request is pending", as if that were a reason to refuse).
 */
const pg = storeBackends().find((b) => b.name === "PostgreSQL");

afterAll(() => getCluster()?.stop());

function pending(id: string, connectionId: string): McpClientRequest {
  return {
    id,
    connectionId,
    connectionName: "everything",
    sessionKey: "s1",
    kind: "elicitation_form",
    jsonrpcId: 1,
    params: { message: "Your name?" },
    createdAt: 1_000,
    status: "pending",
  };
}

async function refusal(answer: Promise<unknown>): Promise<AppError> {
  const error: unknown = await answer.then(
    () => new Error("the answer was not refused"),
    (e: unknown) => e,
  );
  if (error instanceof AppError) return error;
  throw error;
}

describe.runIf(pg !== undefined)("a server request pending on another instance", () => {
  it("says which instance holds it, live or stopped, never that it is merely pending", async () => {
    if (!pg) return;
    const storeA = pg.open();
    const storeB = pg.open(true);
    // A holds the connection (a lease of 400 ms it never renews: it "dies" when that runs out).
    const a = new ClusterRuntime(storeA, "Loupe A (127.0.0.1:1)", { leaseTtlMs: 400 });
    expect(a.hold("mcp:c1").held).toBe(true);
    startCluster(storeB, "Loupe B (127.0.0.1:2)", []);
    storeA
      .prepare("INSERT INTO mcp_requests (id, connection_id, status, created_at, record) VALUES (?, ?, ?, ?, ?)")
      .run("r1", "c1", "pending", 1_000, JSON.stringify(pending("r1", "c1")));
    const onB = new ClientRequests();
    const answer = () => onB.answer("c1", "r1", { action: "accept", content: { name: "Ada" } }, storeB);

    const live = await refusal(answer());
    expect(live).toMatchObject({ code: "conflict:mcp_request_elsewhere", status: 409, details: { instance: a.id, live: true } });
    expect(live.message).toContain("waits on Loupe A (127.0.0.1:1), the Loupe instance holding everything's connection");

    await new Promise((r) => setTimeout(r, 500));
    const stopped = await refusal(answer());
    expect(stopped).toMatchObject({ code: "conflict:mcp_request_elsewhere", details: { live: false, retry: false } });
    expect(stopped.message).toContain("stopped answering (its lease lapsed;");
    expect(stopped.message).toContain("the instance that takes the server over closes it");
    expect(onB.get("r1", storeB)?.status).toBe("pending");
    a.stop();
    storeA.close();
  }, 60_000);
});
