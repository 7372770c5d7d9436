// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { BUNDLE_UNIT_TYPES } from "@/lib/contracts/bundle";
import { EMPTY_LOCATION, WORKBENCH_VIEWS, applyLocationPatch } from "@/lib/workbench/location";
import { CORE_VIEWS } from "@/lib/workbench/registry";
import { BUNDLE_UNIT_VIEWS, INBOX_SOURCES, MAIN_PANES, SIDEBAR_SECTIONS, WORKBENCH_PROVIDERS } from "@/components/protocols/registry";

describe("the React protocol registry", () => {
  it("has a read-only view for every bundle unit type and a card for every inbox source", () => {
    expect(Object.keys(BUNDLE_UNIT_VIEWS).sort()).toEqual([...BUNDLE_UNIT_TYPES].sort());
    for (const d of Object.values(INBOX_SOURCES)) expect(typeof d.Card).toBe("function");
  });

  it("gives each protocol view one pane, an agent server ADK's, and nothing open the default (the servers)", () => {
    const openers = (patch: Parameters<typeof applyLocationPatch>[1]) => {
      const l = applyLocationPatch(EMPTY_LOCATION, patch);
      return MAIN_PANES.map((p, i) => (p.opens(l) ? i : -1)).filter((i) => i >= 0);
    };
    const viewPanes = WORKBENCH_VIEWS.filter((v) => !CORE_VIEWS.includes(v)).map((view) => openers({ view })[0]);
    expect(new Set(viewPanes).size).toBe(viewPanes.length);
    for (const i of viewPanes) expect(i).toBeLessThan(MAIN_PANES.length - 1);
    expect(openers({ agentId: "ag" })[0]).toBeLessThan(MAIN_PANES.length - 1);
    expect(openers({})).toEqual([MAIN_PANES.length - 1]);
  });

  it("lists each sidebar section once, and providers as components", () => {
    const ids = SIDEBAR_SECTIONS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const Provider of WORKBENCH_PROVIDERS) expect(typeof Provider).toBe("function");
  });
});
