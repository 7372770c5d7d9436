import { describe, expect, it } from "vitest";
import type { InboxRow, InboxSource } from "@/lib/contracts/inbox";
import { INBOX_READERS, InboxService, type InboxReader } from "@/lib/server/inbox";
import { rowsOfEverySource } from "@/tests/support/inbox-rows";

const label = (r: InboxRow) => `${r.source}:${r.status}:${r.createdAt}`;

/** Readers that hand out fixed rows of every source, per source: what each protocol's service would list. */
function readersOf(rows: InboxRow[]): Record<InboxSource, InboxReader> {
  const of =
    (s: InboxSource): InboxReader =>
    () =>
      rows.filter((r) => r.source === s);
  return { adk: of("adk"), mcp: of("mcp"), approval: of("approval"), a2a: of("a2a"), agui: of("agui"), langgraph: of("langgraph") };
}

describe("InboxService.list — one order across every source", () => {
  it("puts pending, then failed, answered, stale; newest first within each; all five sources interleaved", () => {
    const pick = <S extends InboxSource>(s: S, status: InboxRow["status"], at: number) => rowsOfEverySource(status, at)[s] as InboxRow;
    const rows: InboxRow[] = [
      pick("adk", "stale", 900),
      pick("mcp", "answered", 500),
      pick("a2a", "pending", 300),
      pick("agui", "failed", 700),
      pick("approval", "pending", 800),
      pick("agui", "pending", 100),
      pick("a2a", "answered", 950),
      pick("adk", "failed", 200),
      pick("mcp", "pending", 600),
      pick("approval", "stale", 999),
    ];
    const listed = new InboxService(readersOf(rows)).list().map(label);
    expect(listed).toEqual([
      "approval:pending:800",
      "mcp:pending:600",
      "a2a:pending:300",
      "agui:pending:100",
      "agui:failed:700",
      "adk:failed:200",
      "a2a:answered:950",
      "mcp:answered:500",
      "approval:stale:999",
      "adk:stale:900",
    ]);
  });

  it("keeps each source's own order for rows of one status and time, and loses no row", () => {
    const first = { ...rowsOfEverySource("pending", 5).a2a, id: "first" };
    const second = { ...rowsOfEverySource("pending", 5).a2a, id: "second" };
    const rows: InboxRow[] = [first, second, ...Object.values(rowsOfEverySource("answered", 5))];
    const listed = new InboxService(readersOf(rows)).list();
    expect(listed).toHaveLength(rows.length);
    expect(listed.slice(0, 2).map((r) => r.id)).toEqual(["first", "second"]);
    expect(new Set(listed.map((r) => r.source))).toEqual(new Set(Object.keys(rowsOfEverySource())));
  });

  it("has a reader for every source", () => {
    expect(Object.keys(INBOX_READERS).sort()).toEqual(Object.keys(rowsOfEverySource()).sort());
  });
});
