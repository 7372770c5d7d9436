import { describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/client";
import { readAllTools } from "@/lib/server/mcp/tool-pages";

/** A server whose tools/list answers page `cursor` with `next(cursor)` as its nextCursor. */
function pagedServer(next: (cursor: string | undefined) => string | undefined) {
  const asked: (string | undefined)[] = [];
  const client = {
    getServerCapabilities: () => ({ tools: {} }),
    request: async (req: { params: { cursor?: string } }) => {
      asked.push(req.params.cursor);
      const cursor = next(req.params.cursor);
      return { tools: [{ name: `t-${asked.length}`, inputSchema: { type: "object" } }], ...(cursor ? { nextCursor: cursor } : {}) };
    },
  } as unknown as Client;
  return { client, asked };
}

describe("readAllTools", () => {
  it("stops at a cursor the server gives again, and says so (it followed the loop to the 100-page cap)", async () => {
    const loop = pagedServer((c) => (c === undefined ? "B" : c === "B" ? "A" : "B"));
    const listing = await readAllTools(loop.client, 1_000);
    expect(loop.asked).toEqual([undefined, "B", "A"]);
    expect(listing.pages).toBe(3);
    expect(listing.stopped).toBe('The server gave nextCursor "B" again after page 3: the listing stopped there (the pages would repeat)');
    const same = await readAllTools(pagedServer(() => "same").client, 1_000);
    expect([same.pages, same.stopped]).toEqual([
      2,
      'The server gave nextCursor "same" again after page 2: the listing stopped there (the pages would repeat)',
    ]);
  });

  it("a server that keeps giving new cursors stops at the page cap, said; an honest one ends with nothing said", async () => {
    let n = 0;
    const endless = await readAllTools(pagedServer(() => `c${++n}`).client, 1_000);
    expect([endless.pages, endless.stopped]).toEqual([100, "The server kept giving a nextCursor: the listing stopped after 100 pages"]);
    const honest = await readAllTools(pagedServer((c) => (c === undefined ? "p2" : undefined)).client, 1_000);
    expect(honest).toMatchObject({ pages: 2 });
    expect(honest.stopped).toBeUndefined();
  });
});
