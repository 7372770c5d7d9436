import { afterAll, describe, expect, it } from "vitest";
import { demoServerLaunch } from "@/demo/mcp/launch";
import { getRegistry } from "@/lib/server/mcp/registry";
import { pruneTraffic } from "@/lib/server/retention";
import { openStore } from "@/lib/server/store";
import { stdioInput, tempDir } from "@/tests/support/servers";
import { callStore } from "@/lib/server/mcp/call-store";

// A large result stored once (the call row points at its response frame: resultRef) is still
// whole after Loupe restarts (a new Store on the same data directory) and after retention by age
// removes every other entry — in both eras (a 2026-07-28 frame also carries resultType).
const data = tempDir("loupe-result-ref-restart-");
process.env.LOUPE_DATA_DIR = data.dir;

afterAll(async () => {
  await getRegistry().closeAll();
  data.cleanup();
});

describe("a large call result after a restart and retention", () => {
  for (const era of ["2026-07-28", "2025-11-25"] as const) {
    it(`pinned ${era}`, async () => {
      const launch = demoServerLaunch();
      const view = await getRegistry().create(
        stdioInput(`big ${era}`, launch.args, { command: launch.command, env: launch.env, protocolEra: era }),
      );
      expect(view.state.era?.version).toBe(era);
      const callId = `big-${era}`;
      const answered = await getRegistry().callTool(view.id, { callId, name: "download-report", arguments: { megabytes: 0.25 } });
      expect(answered.status).toBe("ok");

      // Opened as Loupe opens its store (openStore: the same database on PostgreSQL under the test switch).
      const restarted = openStore(data.dir);
      try {
        const row = restarted.db.prepare("SELECT record FROM calls WHERE id = ?").get(callId) as { record: string };
        expect(JSON.parse(row.record).resultRef).toBeDefined();
        expect(callStore(restarted).get(callId)?.result).toEqual(answered.result);
        // Retention by age up to the call: the traffic before it goes, the call and its frames stay
        // (older, they would go together: call rows are pruned with their traffic).
        const before = (restarted.db.prepare("SELECT COUNT(*) AS n FROM entries").get() as { n: number }).n;
        const pruned = pruneTraffic(restarted, { maxAgeDays: 1, maxMb: null }, undefined, answered.startedAt + 24 * 3600 * 1000);
        expect(pruned.byAge).toBeGreaterThan(0);
        expect((restarted.db.prepare("SELECT COUNT(*) AS n FROM entries").get() as { n: number }).n).toBe(before - pruned.byAge);
        expect(callStore(restarted).get(callId)?.result).toEqual(answered.result);
      } finally {
        restarted.db.close();
      }
    }, 30_000);
  }
});
