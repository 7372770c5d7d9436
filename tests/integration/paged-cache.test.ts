import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import { listPrompts, listResources, listResourceTemplates, readResource } from "@/lib/server/mcp/resources";
import { getRegistry } from "@/lib/server/mcp/registry";
import { stdioInput, tempDir } from "@/tests/support/servers";

// List pagination and 2026-07-28 cache hints (ttlMs) through Loupe, in both eras: page-by-page
// browsing asks the server for one page (not all of them), and Loupe — an inspector — always asks
// the server again instead of answering from the SDK's cache for as long as ttlMs allows.
const data = tempDir("loupe-paged-cache-");
process.env.LOUPE_DATA_DIR = data.dir;

const FIXTURE = path.join(process.cwd(), "tests/fixtures/paged-cache-server.mjs");

afterAll(async () => {
  await getRegistry().closeAll();
  data.cleanup();
});

const sent = (id: string, method: string) =>
  getRegistry()
    .traffic(id, { limit: 10_000 })
    .filter((e: Entry) => e.kind === "message" && e.direction === "out" && (e.raw as { method?: string }).method === method).length;

for (const era of ["2026-07-28", "2025-11-25"] as const) {
  describe(`pinned ${era}`, () => {
    it("page by page asks for one page at a time; all pages are read when asked", async () => {
      const view = await getRegistry().create(stdioInput(`paged ${era}`, [FIXTURE], { protocolEra: era }));
      expect(view.state.era?.version).toBe(era);
      const conn = getRegistry().connection(view.id);

      const first = await listResources(conn, { paged: true });
      expect(first.resources.map((r) => r.uri)).toEqual(Array.from({ length: 10 }, (_, i) => `test://r/${i}`));
      expect(first.nextCursor).toBe("10");
      expect(sent(view.id, "resources/list")).toBe(1);
      const second = await listResources(conn, { paged: true, cursor: first.nextCursor });
      expect(second.resources[0]?.uri).toBe("test://r/10");
      expect(second.nextCursor).toBe("20");

      const all = await listResources(conn);
      expect(all.resources).toHaveLength(25);
      expect(all.pages).toBe(3);
      expect(all.nextCursor).toBeUndefined();
    });

    it("a list or read asked again reaches the server again, ttlMs or not", async () => {
      const view = await getRegistry().create(stdioInput(`cache ${era}`, [FIXTURE], { protocolEra: era }));
      const conn = getRegistry().connection(view.id);
      const one = await readResource(conn, "test://counter");
      const two = await readResource(conn, "test://counter");
      expect(JSON.stringify(one.result)).toContain("read 1");
      expect(JSON.stringify(two.result)).toContain("read 2");
      expect(sent(view.id, "resources/read")).toBe(2);

      await listResources(conn);
      const before = sent(view.id, "resources/list");
      await listResources(conn);
      expect(sent(view.id, "resources/list")).toBe(before * 2);
      await listPrompts(conn);
      await listPrompts(conn);
      expect(sent(view.id, "prompts/list")).toBe(2);
      await listResourceTemplates(conn);
      await listResourceTemplates(conn);
      expect(sent(view.id, "resources/templates/list")).toBe(2);
    });
  });
}
