import { afterAll, describe, expect, it } from "vitest";
import { demoServerLaunch } from "@/demo/mcp/launch";
import type { Entry } from "@/lib/contracts/entries";
import { getRegistry } from "@/lib/server/mcp/registry";
import { stdioInput, tempDir } from "@/tests/support/servers";
import * as loggingRoute from "@/app/api/connections/[id]/logging/route";

// Logging on a 2026-07-28 connection: the revision removed logging/setLevel, not logging — a server
// sends notifications/message for a request whose _meta names a level. The level the user picks in
// Loupe goes with each request (never a logging/setLevel on the wire), and the demo's health check
// logs arrive; without a level it sends none.
const data = tempDir("loupe-modern-logging-");
process.env.LOUPE_DATA_DIR = data.dir;

afterAll(async () => {
  await getRegistry().closeAll();
  data.cleanup();
});

const traffic = (id: string) =>
  getRegistry()
    .traffic(id, { limit: 10_000 })
    .filter((e: Entry) => e.kind === "message");
const logs = (id: string) =>
  traffic(id).filter((e) => e.direction === "in" && (e.raw as { method?: string }).method === "notifications/message");

describe("the log level on a 2026-07-28 connection", () => {
  it("is sent with each request, and the server's logs arrive", async () => {
    const launch = demoServerLaunch();
    const view = await getRegistry().create(
      stdioInput("demo modern logging", launch.args, {
        command: launch.command,
        env: launch.env,
        protocolEra: "2026-07-28",
      }),
    );
    expect(view.state.era?.mode).toBe("modern");
    const quiet = await getRegistry().callTool(view.id, { name: "run-health-check", arguments: { steps: 2, stepMs: 0 } });
    expect(quiet.status).toBe("ok");
    expect(logs(view.id)).toHaveLength(0);

    const res = await loggingRoute.POST(
      new Request("http://127.0.0.1/x", {
        method: "POST",
        body: JSON.stringify({ level: "debug" }),
        headers: { "content-type": "application/json" },
      }),
      { params: Promise.resolve({ id: view.id }) },
    );
    expect(res.status).toBe(200);
    expect(getRegistry().view(view.id).state.logLevel).toBe("debug");
    const loud = await getRegistry().callTool(view.id, { name: "run-health-check", arguments: { steps: 2, stepMs: 0 } });
    expect(loud.status).toBe("ok");
    expect(logs(view.id).length).toBeGreaterThan(0);
    const lastCall = traffic(view.id)
      .filter((e) => e.direction === "out" && (e.raw as { method?: string }).method === "tools/call")
      .at(-1)!;
    expect((lastCall.raw as { params: { _meta: Record<string, unknown> } }).params._meta["io.modelcontextprotocol/logLevel"]).toBe("debug");
    expect(traffic(view.id).some((e) => (e.raw as { method?: string }).method === "logging/setLevel")).toBe(false);
  }, 30_000);
});
