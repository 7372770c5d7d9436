import { describe, expect, it } from "vitest";
import type { SessionSearchHit, SessionSearchKind } from "@/lib/contracts/session-search";
import { EMPTY_LOCATION, LOCATION_PARTS, SEARCH_KINDS } from "@/lib/workbench/registry";
import { everySourceRow } from "@/tests/support/inbox-rows";
import { INBOX_SOURCE_TEXT, KIND_LABEL, isKnownInboxRow, rowKind, textOf } from "@/lib/workbench/inbox";
import { WORKBENCH_VIEWS, applyLocationPatch, locationFromParams, locationToSearch } from "@/lib/workbench/location";

describe("the pure protocol registry", () => {
  it("lists each ?view= once, and the parts without a view open by a key field of their own", () => {
    expect(new Set(WORKBENCH_VIEWS).size).toBe(WORKBENCH_VIEWS.length);
    for (const part of LOCATION_PARTS) expect(part.view === null, String(part.view)).toBe(part.key !== null);
  });

  it("every part reads an empty URL as nothing open, and writes nothing for it", () => {
    for (const part of LOCATION_PARTS) {
      const read = part.read(new URLSearchParams(""));
      expect({ ...EMPTY_LOCATION, ...read }).toEqual(EMPTY_LOCATION);
    }
    expect(locationToSearch(EMPTY_LOCATION)).toBe("");
    expect(locationFromParams(new URLSearchParams(""))).toEqual(EMPTY_LOCATION);
  });

  it("opens each view from anywhere and round-trips it through the URL", () => {
    for (const view of WORKBENCH_VIEWS) {
      const search = locationToSearch(applyLocationPatch(locationFromParams(new URLSearchParams("c=fs&tool=echo")), { view }));
      expect(search, view).toBe(`view=${view}`);
      expect(locationFromParams(new URLSearchParams(search)).view).toBe(view);
    }
  });

  it("has a search kind for every session search kind, each opening something", () => {
    const kinds: SessionSearchKind[] = ["adk-session", "playground", "a2a-context", "agui-thread", "langgraph-thread"];
    expect(Object.keys(SEARCH_KINDS).sort()).toEqual([...kinds].sort());
    for (const kind of kinds) {
      const hit: SessionSearchHit = { kind, match: "id", agentId: "ag", agentName: "Agent", appName: "app", id: "x1", updatedAt: null };
      const searchKind = SEARCH_KINDS[kind];
      expect(searchKind.label.length, kind).toBeGreaterThan(0);
      expect(searchKind.groupTitle(hit).length, kind).toBeGreaterThan(0);
      expect(locationToSearch(applyLocationPatch(EMPTY_LOCATION, searchKind.target(hit))), kind).toContain("x1");
    }
  });

  it("words every inbox source: its kinds are labelled, a recorded row of an unknown source is told apart", () => {
    for (const row of everySourceRow()) {
      expect(textOf(row), row.source).toBe(INBOX_SOURCE_TEXT[row.source]);
      expect(KIND_LABEL[rowKind(row)], row.source).toBe(textOf(row).kindLabel(row));
      expect(isKnownInboxRow(row)).toBe(true);
    }
    expect(isKnownInboxRow({ source: "carrier-pigeon" })).toBe(false);
    expect(isKnownInboxRow(null)).toBe(false);
  });
});
