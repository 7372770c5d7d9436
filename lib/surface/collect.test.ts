import { describe, expect, it } from "vitest";
import { collectSurface, MAX_PAGES } from "./collect";
import type { SurfaceClient } from "./collect";
import { parseSnapshot, snapshotText } from "./snapshot";

/** A client whose tools/list pages by `next(cursor)`; the other lists are empty. */
function client(
  next: (cursor: string | undefined) => { tools: unknown[]; nextCursor?: string },
  capabilities: unknown = { tools: {} },
): SurfaceClient & { calls: number } {
  const c = {
    calls: 0,
    listTools: async (p?: { cursor?: string }) => {
      c.calls++;
      return next(p?.cursor);
    },
    listPrompts: async () => ({ prompts: [] }),
    listResources: async () => ({ resources: [] }),
    listResourceTemplates: async () => ({ resourceTemplates: [] }),
    getServerCapabilities: () => capabilities,
    getServerVersion: () => ({ name: "t", version: "1" }),
    getNegotiatedProtocolVersion: () => "2025-11-25",
  };
  return c;
}

describe("collectSurface", () => {
  it("reads every page, sorts the items and their keys, and lists only what the capabilities announce", async () => {
    const pages: Record<string, { tools: unknown[]; nextCursor?: string }> = {
      "": { tools: [{ name: "b", inputSchema: { type: "object", required: ["y", "x"] } }], nextCursor: "2" },
      "2": { tools: [{ name: "a", inputSchema: { type: "object" } }] },
    };
    const s = await collectSurface(client((cursor) => pages[cursor ?? ""] ?? { tools: [] }));
    expect(s.tools.map((t) => t.name)).toEqual(["a", "b"]);
    expect(s.tools[1]?.inputSchema).toEqual({ required: ["x", "y"], type: "object" });
    expect(s.notes).toEqual([]);
    const again = parseSnapshot(snapshotText(s));
    expect(again).toEqual({ ok: true, snapshot: s });
  });

  it("stops on a cursor seen before, and after MAX_PAGES pages, and says so", async () => {
    const loop = await collectSurface(client(() => ({ tools: [{ name: "x" }], nextCursor: "same" })));
    expect(loop.notes).toEqual(['tools: the server returned the cursor "same" twice; stopped there']);
    let n = 0;
    const endless = client(() => ({ tools: [], nextCursor: String(n++) }));
    const s = await collectSurface(endless);
    expect(endless.calls).toBe(MAX_PAGES);
    expect(s.notes).toEqual([`tools: more than ${MAX_PAGES} pages; stopped there`]);
  });

  it("a list that fails is a note, not a failed snapshot", async () => {
    const c = client(() => {
      throw new Error("boom");
    });
    expect((await collectSurface(c)).notes).toEqual(["tools/list failed: boom"]);
  });
});

describe("parseSnapshot", () => {
  it("says which version it reads and where a file is wrong", () => {
    expect(parseSnapshot('{"format":"loupe-surface","version":9}')).toEqual({
      ok: false,
      error: "a loupe-surface file of version 9; this Loupe reads version 1",
    });
    expect(parseSnapshot("{")).toMatchObject({ ok: false, error: expect.stringMatching(/^not JSON: /) });
    expect(parseSnapshot('{"format":"other"}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^not a loupe-surface file: \$\.format: /),
    });
  });
});
