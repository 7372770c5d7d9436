import { describe, expect, it } from "vitest";
import { collectPages, contentsByteLength } from "@/lib/server/mcp/resources";

/** A fake paginated server: pages of `size` numbers, cursors are the next start index. */
function pager(total: number, size: number) {
  const seen: (string | undefined)[] = [];
  const fetchPage = async (cursor: string | undefined) => {
    seen.push(cursor);
    const start = cursor === undefined ? 0 : Number(cursor);
    const items = Array.from({ length: Math.min(size, total - start) }, (_, i) => start + i);
    const next = start + size < total ? String(start + size) : undefined;
    return { items, nextCursor: next };
  };
  return { fetchPage, seen };
}

describe("collectPages", () => {
  it("follows nextCursor to the end", async () => {
    const p = pager(25, 10);
    const out = await collectPages(p.fetchPage, undefined, 100);
    expect(out.items).toHaveLength(25);
    expect(out.pages).toBe(3);
    expect(out.nextCursor).toBeUndefined();
    expect(p.seen).toEqual([undefined, "10", "20"]);
  });

  it("stops at the page bound and hands back the cursor to continue from", async () => {
    const p = pager(1000, 10);
    const out = await collectPages(p.fetchPage, undefined, 3);
    expect(out.items).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(out.nextCursor).toBe("30");
    const next = await collectPages(p.fetchPage, out.nextCursor, 1);
    expect(next.items[0]).toBe(30);
    expect(next.pages).toBe(1);
  });
});

describe("contentsByteLength", () => {
  it("counts text as UTF-8 and blobs by their decoded size", () => {
    const blob = Buffer.from("hello world!!").toString("base64");
    expect(contentsByteLength([{ uri: "a", text: "héllo" }, { uri: "b", blob }, null, { uri: "c" }])).toBe(6 + 13);
    expect(contentsByteLength([])).toBe(0);
  });
});
