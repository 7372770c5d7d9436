import { describe, expect, it } from "vitest";
import { applyLocationPatch, EMPTY_LOCATION, historyMode, locationFromParams, locationToSearch } from "@/lib/workbench/location";

const at = (search: string) => locationFromParams(new URLSearchParams(search));

describe("the Tests view's URL", () => {
  it("round-trips a suite, its run and the baseline it is diffed against", () => {
    const l = at("view=tests&suite=s1&run=r2&base=r1");
    expect(l).toMatchObject({ view: "tests", suiteId: "s1", runId: "r2", baselineId: "r1", caseId: null });
    expect(locationToSearch(l)).toBe("view=tests&suite=s1&run=r2&base=r1");
  });

  it("drops a case, run or baseline without its suite, and a run diffed against itself", () => {
    expect(locationToSearch(at("view=tests&case=c1&run=r1"))).toBe("view=tests");
    expect(locationToSearch(at("view=tests&suite=s1&run=r1&base=r1"))).toBe("view=tests&suite=s1&run=r1");
    expect(locationToSearch(at("view=tests&suite=s1&base=r1"))).toBe("view=tests&suite=s1");
  });

  it("opens from a server's tool, and another suite starts without the previous one's case and run", () => {
    const opened = applyLocationPatch(at("c=demo&tool=echo"), { view: "tests", suiteId: "s1", caseId: "c1" });
    expect(locationToSearch(opened)).toBe("view=tests&suite=s1&case=c1");
    const other = applyLocationPatch(at("view=tests&suite=s1&case=c1&run=r1"), { suiteId: "s2" });
    expect(locationToSearch(other)).toBe("view=tests&suite=s2");
  });

  it("moves inside the view: a baseline is kept for its run and dropped for another run", () => {
    const from = at("view=tests&suite=s1&run=r2&base=r1");
    expect(locationToSearch(applyLocationPatch(from, { caseId: "c1" }))).toBe("view=tests&suite=s1&case=c1&run=r2&base=r1");
    expect(locationToSearch(applyLocationPatch(from, { runId: "r3" }))).toBe("view=tests&suite=s1&run=r3");
    expect(applyLocationPatch(from, { view: "inbox" }).suiteId).toBeNull();
  });

  it("a new run is a history entry, a new baseline replaces", () => {
    const from = at("view=tests&suite=s1&run=r2");
    expect(historyMode(from, at("view=tests&suite=s1&run=r3"))).toBe("push");
    expect(historyMode(from, at("view=tests&suite=s1&run=r2&base=r1"))).toBe("replace");
    expect(EMPTY_LOCATION.suiteId).toBeNull();
  });

  it("opens a model eval on its own: an eval closes the suite, a suite closes the eval", () => {
    const evalAt = applyLocationPatch(at("view=tests&suite=s1&run=r1"), { evalId: "e1" });
    expect(locationToSearch(evalAt)).toBe("view=tests&eval=e1");
    expect(locationToSearch(applyLocationPatch(evalAt, { suiteId: "s2" }))).toBe("view=tests&suite=s2");
    expect(locationToSearch(at("view=tests&suite=s1&eval=e1"))).toBe("view=tests&suite=s1");
    expect(historyMode(at("view=tests&eval=e1"), at("view=tests&eval=e2"))).toBe("push");
  });
});
