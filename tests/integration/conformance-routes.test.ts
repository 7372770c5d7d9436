import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConformanceRun, ConformanceScenarioList, ConformanceState } from "@/lib/contracts/conformance";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getStore } from "@/lib/server/store";
import { ConformanceRunStore, INTERRUPTED_REASON, KEEP_RUNS } from "@/lib/server/mcp/conformance/run-store";
import { execFileSync } from "node:child_process";
import { findSuite, suiteManifestDir } from "@/lib/server/mcp/conformance/suite";
import { EVERYTHING, startEverythingHttp, stdioInput, tempDir } from "@/tests/support/servers";
import * as conformance from "@/app/api/connections/[id]/conformance/route";
import * as cancel from "@/app/api/connections/[id]/conformance/cancel/route";
import * as scenarios from "@/app/api/connections/[id]/conformance/scenarios/route";

// The official suite (conformance/, its own Node 22) against a real server-everything over
// Streamable HTTP, through Loupe's routes. The singletons read LOUPE_DATA_DIR on first use.
const data = tempDir("loupe-conformance-");
process.env.LOUPE_DATA_DIR = data.dir;

const base = "http://127.0.0.1:3000";
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const post = (body: unknown) =>
  new Request(base + "/x", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const body = (await r.json()) as T;
  if (r.status !== status) throw new Error(`expected HTTP ${status}, got ${r.status}: ${JSON.stringify(body)}`);
  return body;
}

async function settled(id: string, ms = 60_000): Promise<ConformanceState> {
  const until = Date.now() + ms;
  for (;;) {
    const state = await json<ConformanceState>(conformance.GET(new Request(base + "/x"), ctx(id)));
    if (!state.active) return state;
    if (Date.now() > until) throw new Error(`run still going: ${JSON.stringify(state.active.progress)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
let id = "";
const SECRET = "Bearer conformance-s3cret";

beforeAll(async () => {
  // A fresh clone has no suite yet: install it in the repository before the tests' own timeouts
  // start (npm test does this before Vitest; this covers running the file alone). Loupe itself
  // never installs on a GET (issue 22).
  if (!findSuite()) execFileSync("npm", ["ci", "--prefix", suiteManifestDir(), "--no-audit", "--no-fund"], { stdio: "inherit" });
  everything = await startEverythingHttp("streamableHttp");
  const view = await getRegistry().create(
    {
      name: "everything-http",
      transport: "http",
      url: `http://127.0.0.1:${everything.port}/mcp`,
      headers: { Authorization: SECRET },
      requestTimeoutMs: 20_000,
    },
    { connect: false },
  );
  id = view.id;
}, 600_000);

afterAll(async () => {
  await getRegistry().closeAll();
  await everything?.stop();
  data.cleanup();
});

describe("Conformance routes against server-everything (Streamable HTTP)", () => {
  it("lists the revision's server scenarios from the suite; a bad revision is a 400", async () => {
    const list = await json<ConformanceScenarioList>(scenarios.GET(new Request(base + "/x?revision=2025-11-25"), ctx(id)));
    expect(list.required).toContain("ping");
    expect(list.required).toHaveLength(30);
    const bad = await json<{ error: { code: string } }>(scenarios.GET(new Request(base + "/x?revision=2024-01-01"), ctx(id)), 400);
    expect(bad.error.code).toBe("bad_request:query");
  });

  it("runs one scenario, refuses a second run meanwhile, and keeps the checks with the connection", async () => {
    const run = await json<ConformanceRun>(conformance.POST(post({ revision: "2025-11-25", scenario: "ping" }), ctx(id)), 202);
    expect(run.status).toBe("running");
    const again = await json<{ error: { code: string } }>(conformance.POST(post({ revision: "2025-11-25" }), ctx(id)), 409);
    expect(again.error.code).toBe("conflict:conformance_running");

    const state = await settled(id);
    const done = state.runs[0]!;
    expect(done.id).toBe(run.id);
    expect(done.status).toBe("passed");
    expect(done.progress).toMatchObject({ index: 1, total: 1 });
    expect(done.scenarios.map((s) => s.scenario)).toEqual(["ping"]);
    const ping = done.scenarios[0]!;
    expect(ping.outcome).toBe("passed");
    expect(ping.counts.success).toBeGreaterThanOrEqual(1);
    expect(ping.checks.find((c) => c.id === "wire-schema-valid")?.specReferences[0]?.url).toContain("2025-11-25/schema.json");
    // The suite cannot carry the connection's header; the run says so and never holds its value.
    expect(done.auth).toEqual({ headerNames: ["Authorization"], hasOAuthToken: false, carried: false });
    expect(JSON.stringify(state)).not.toContain("conformance-s3cret");
    // Kept in the store: a fresh reader of the same file sees it.
    expect(new ConformanceRunStore(getStore()).list(id)[0]?.status).toBe("passed");
  });

  it("reports a failing scenario with the suite's message and the details it recorded", async () => {
    await json<ConformanceRun>(conformance.POST(post({ revision: "2025-11-25", scenario: "dns-rebinding-protection" }), ctx(id)), 202);
    const done = (await settled(id)).runs[0]!;
    expect(done.status).toBe("failed");
    const check = done.scenarios[0]!.checks.find((c) => c.id === "localhost-host-rebinding-rejected")!;
    expect(check.status).toBe("FAILURE");
    expect(check.message).toContain("got 200");
    expect(check.details).toMatchObject({ hostHeader: "evil.example.com" });
  });

  it("cancels a whole requirement set mid-run; cancel with nothing going is a 409", async () => {
    await json<ConformanceRun>(conformance.POST(post({ revision: "2026-07-28" }), ctx(id)), 202);
    const until = Date.now() + 30_000;
    let progress = { index: 0, total: 0 };
    while (progress.index < 2 && Date.now() < until) {
      progress = (await json<ConformanceState>(conformance.GET(new Request(base + "/x"), ctx(id)))).active?.progress ?? progress;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(progress.total).toBeGreaterThan(30);
    const cancelled = await json<ConformanceRun>(cancel.POST(new Request(base + "/x", { method: "POST" }), ctx(id)));
    expect(cancelled.revision).toBe("2026-07-28");
    const done = (await settled(id, 10_000)).runs[0]!;
    expect(done.status).toBe("cancelled");
    expect(done.scenarios.length).toBeLessThan(progress.total);
    const none = await json<{ error: { code: string } }>(cancel.POST(new Request(base + "/x", { method: "POST" }), ctx(id)), 409);
    expect(none.error.code).toBe("conflict:conformance_not_running");
  });

  it("refuses a stdio connection (409), an unknown scenario (400) and an unknown connection (404)", async () => {
    const stdio = await getRegistry().create(stdioInput("everything-stdio", [EVERYTHING, "stdio"]), { connect: false });
    const notHttp = await json<{ error: { code: string } }>(conformance.POST(post({ revision: "2025-11-25" }), ctx(stdio.id)), 409);
    expect(notHttp.error.code).toBe("conflict:conformance_not_http");
    const unknown = await json<{ error: { code: string } }>(
      conformance.POST(post({ revision: "2025-11-25", scenario: "caching" }), ctx(id)),
      400,
    );
    expect(unknown.error.code).toBe("bad_request:conformance_scenario");
    const badBody = await json<{ error: { code: string } }>(
      conformance.POST(post({ revision: "2025-11-25", scenario: "../x" }), ctx(id)),
      400,
    );
    expect(badBody.error.code).toBe("bad_request:body");
    await json(conformance.GET(new Request(base + "/x"), ctx("nope")), 404);
  });

  it("keeps the last runs only, and a run left 'running' by a stopped Loupe reads as interrupted", () => {
    const store = new ConformanceRunStore(getStore());
    const template = store.list(id)[0]!;
    for (let i = 0; i < KEEP_RUNS + 2; i++) store.save({ ...template, id: `old-${i}`, startedAt: 1_000 + i });
    store.save({ ...template, id: "left-running", status: "running", startedAt: Date.now() + 1, finishedAt: undefined });
    expect(store.list(id)).toHaveLength(KEEP_RUNS);
    const after = new ConformanceRunStore(getStore()).get(id, "left-running")!;
    expect(after.status).toBe("interrupted");
    expect(after.error).toBe(INTERRUPTED_REASON);
  });
});
