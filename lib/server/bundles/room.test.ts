import { afterAll, describe, expect, it } from "vitest";
import { BundleService } from "@/lib/server/bundles";
import { bundleRoom } from "@/lib/server/bundles/room";
import { openStore } from "@/lib/server/store";
import { syntheticAdkBundle } from "@/tests/support/bundles";
import { tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-bundle-room-");
const store = openStore(data.dir);
afterAll(() => {
  store.close();
  data.cleanup();
});

const file = (n: number) => JSON.stringify(syntheticAdkBundle(n));

describe("imported bundles are bounded when imported", () => {
  it("by count: past the most kept, an import is a 413 in words and stores nothing; deleting one makes room", () => {
    // Before: no bound, and retention never prunes imports (6,275 of them took 632 MB of a 1 GiB store).
    const service = new BundleService(store, undefined, undefined, { maxCount: 2, maxBytes: null });
    const first = service.importText(file(2), "a.json");
    service.importText(file(2), "b.json");
    expect(() => service.importText(file(2), "c.json")).toThrow(
      expect.objectContaining({
        code: "too_large:bundles",
        status: 413,
        message: expect.stringMatching(/^2 bundles are imported, the most/),
      }),
    );
    expect(service.list()).toHaveLength(2);
    service.remove(first.id);
    expect(service.importText(file(2), "c.json").fileName).toBe("c.json");
  });

  it("by size: together at most half the store's cap", () => {
    const service = new BundleService(store, undefined, undefined, { maxCount: 100, maxBytes: 20_000 });
    for (const b of service.list()) service.remove(b.id);
    service.importText(file(10), "small.json");
    expect(() => service.importText(file(200), "big.json")).toThrow(
      expect.objectContaining({
        code: "too_large:bundles",
        message: expect.stringMatching(
          / \(each kept as its file and its pages\); this one \(.+\) would pass the 20 KB they may use \(half the store's cap\)/,
        ),
      }),
    );
    // Counted as stored: the file and its pages, twice its size (the file alone was counted: bundles took the whole cap).
    const size = Buffer.byteLength(file(10));
    const tight = new BundleService(store, undefined, undefined, { maxCount: 100, maxBytes: Math.floor(size * 1.5) });
    for (const b of tight.list()) tight.remove(b.id);
    expect(() => tight.importText(file(10), "once.json")).toThrow(expect.objectContaining({ code: "too_large:bundles" }));
    expect(bundleRoom({ maxAgeDays: 30, maxMb: 1024 })).toEqual({ maxCount: 500, maxBytes: 512 * 1024 * 1024 });
    expect(bundleRoom({ maxAgeDays: 30, maxMb: null }).maxBytes).toBeNull();
  });
});
