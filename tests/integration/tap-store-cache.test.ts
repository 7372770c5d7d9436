import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { getStore } from "@/lib/server/store";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";

/**
 * The tap record is read from memory after the first time (a tapped tools/call reads it three
 * times), and every change to the tap is seen by the next read: policy, key rotation, a client
 * noted, the tap turned off, its connection deleted.
 */

const data = tempDir("loupe-tap-cache-data-");
process.env.LOUPE_DATA_DIR = data.dir;

let connectionId: string;

beforeAll(async () => {
  const view = await getRegistry().create(stdioInput("cache", [EVERYTHING, "stdio"]), { connect: false });
  connectionId = view.id;
});

afterAll(async () => {
  await getRegistry().closeAll();
  data.cleanup();
});

describe("the tap record cache", () => {
  it("reads SQLite once for repeated gets of the same tap", () => {
    const taps = getTaps();
    taps.tapConnection(connectionId, {});
    const reads = vi.spyOn(getStore(), "prepare");
    try {
      for (let i = 0; i < 5; i++) expect(taps.get(connectionId)?.id).toBe(connectionId);
      expect(reads.mock.calls.filter(([sql]) => /^SELECT/.test(sql))).toHaveLength(0);
    } finally {
      reads.mockRestore();
    }
  });

  it("sees every change to the tap at the next read", () => {
    const taps = getTaps();
    const first = taps.tapConnection(connectionId, {});
    expect(taps.get(connectionId)?.policy).toBe("never");

    taps.update(connectionId, { policy: "always" });
    expect(taps.get(connectionId)?.policy).toBe("always");

    const rotated = taps.tapConnection(connectionId, { rotate: true });
    expect(rotated.key).not.toBe(first.key);
    expect(taps.get(connectionId)?.key).toBe(rotated.key);

    taps.noteClient(connectionId, { name: "cache-client", version: "1" });
    expect(taps.get(connectionId)?.clients.map((c) => c.name)).toContain("cache-client");

    // A record handed out is not changed behind the caller's back by a later update.
    const before = taps.get(connectionId)!;
    taps.update(connectionId, { policy: "never" });
    expect(before.policy).toBe("always");
    expect(taps.get(connectionId)?.policy).toBe("never");

    expect(taps.delete(connectionId)).toBe(true);
    expect(taps.get(connectionId)).toBeUndefined();
  });

  it("forgets the tap of a deleted connection", async () => {
    const other = await getRegistry().create(stdioInput("cache 2", [EVERYTHING, "stdio"]), { connect: false });
    getTaps().tapConnection(other.id, {});
    expect(getTaps().get(other.id)).toBeDefined();
    await getRegistry().remove(other.id);
    expect(getTaps().get(other.id)).toBeUndefined();
  });
});
