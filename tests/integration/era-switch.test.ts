import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ConnectionInput } from "@/lib/contracts/connections";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getRegistry } from "@/lib/server/mcp/registry";
import { stdioInput, tempDir } from "@/tests/support/servers";

// Switching a connection's era pin while it is connected (and while an MRTR question waits in the
// inbox): the edit reconnects in the new era, the old question goes stale, and the call waiting
// on it ends with words instead of hanging.
const data = tempDir("loupe-era-switch-");
process.env.LOUPE_DATA_DIR = data.dir;

const MODERN = path.join(process.cwd(), "tests/fixtures/modern-server.mjs");

afterAll(async () => {
  await getRegistry().closeAll();
  data.cleanup();
});

async function pendingRow(connectionId: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const row = getClientRequests()
      .list()
      .find((r) => r.connectionId === connectionId && r.status === "pending");
    if (row) return row.id;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("no pending inbox request");
}

describe("switching the era pin of a connected connection", () => {
  it("auto (2026-07-28) → 2025-11-25 → 2026-07-28 → auto, an open MRTR question going stale", async () => {
    const input = stdioInput("switch", [MODERN]) as ConnectionInput;
    const view = await getRegistry().create(input);
    expect(view.state.era?.mode).toBe("modern");

    const call = getRegistry().callTool(view.id, { name: "confirm-order", arguments: { item: "tea" } });
    const rowId = await pendingRow(view.id);

    const legacy = await getRegistry().update(view.id, { ...input, protocolEra: "2025-11-25" });
    expect(legacy.state.status).toBe("connected");
    expect(legacy.state.era).toMatchObject({ mode: "legacy", version: "2025-11-25" });
    expect(legacy.state.era?.why).toMatch(/Pinned to 2025-11-25/);
    const record = await call;
    expect(record.status).toBe("failed");
    expect(record.error?.message).toMatch(/restarted/);
    expect(getClientRequests().get(rowId)?.status).not.toBe("pending");
    const echoed = await getRegistry().callTool(view.id, { name: "echo", arguments: { text: "legacy" } });
    expect(echoed.status).toBe("ok");

    const modern = await getRegistry().update(view.id, { ...input, protocolEra: "2026-07-28" });
    expect(modern.state.era).toMatchObject({ mode: "modern", version: "2026-07-28" });
    expect(modern.state.era?.why).toMatch(/Pinned to 2026-07-28/);
    expect((await getRegistry().callTool(view.id, { name: "echo", arguments: { text: "modern" } })).status).toBe("ok");

    const auto = await getRegistry().update(view.id, { ...input, protocolEra: "auto" });
    expect(auto.state.era?.mode).toBe("modern");
    expect(auto.state.era?.why).toMatch(/server\/discover answered/);
  }, 40_000);
});
