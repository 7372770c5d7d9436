import { describe, expect, it } from "vitest";
import { applyLocationPatch, locationFromParams, locationToSearch } from "@/hooks/use-workbench-location";

const at = (qs: string) => locationFromParams(new URLSearchParams(qs));
const go = (qs: string, patch: Parameters<typeof applyLocationPatch>[1]) => locationToSearch(applyLocationPatch(at(qs), patch));

describe("workbench location: re-run and diff of tool calls (?rerun=, ?diff=)", () => {
  it("round-trips on the Tools tab with an open tool", () => {
    expect(at("c=s&tool=echo&rerun=c1")).toMatchObject({ connectionId: "s", tool: "echo", rerun: "c1", diff: null });
    expect(locationToSearch(at("c=s&tool=echo&rerun=c1"))).toBe("c=s&tool=echo&rerun=c1");
    expect(locationToSearch(at("c=s&tool=echo&diff=c1~c2"))).toBe("c=s&tool=echo&diff=c1%7Ec2");
    expect(go("c=s&tool=echo&rerun=c1", { rerun: null, diff: "c1~c2" })).toBe("c=s&tool=echo&diff=c1%7Ec2");
  });

  it("is dropped without a tool, on another tab, for another tool or another server", () => {
    expect(locationToSearch(at("c=s&rerun=c1&diff=a~b"))).toBe("c=s");
    expect(locationToSearch(at("c=s&tab=traffic&seq=3&rerun=c1"))).toBe("c=s&tab=traffic&seq=3");
    expect(go("c=s&tool=echo&rerun=c1", { tool: "add" })).toBe("c=s&tool=add");
    expect(go("c=s&tool=echo&diff=a~b", { connectionId: "t" })).toBe("c=t");
    // A comparison replaces the form it came from.
    expect(locationToSearch(at("c=s&tool=echo&rerun=c1&diff=c1~c2"))).toBe("c=s&tool=echo&diff=c1%7Ec2");
  });

  it("another place opens a re-run in one step; Tools → Traffic → Tools brings it back", () => {
    expect(go("view=playground&pg=p1", { connectionId: "s", tab: "tools", tool: "echo", rerun: "c9" })).toBe("c=s&tool=echo&rerun=c9");
    expect(go("c=s&tab=traffic&seq=4", { tab: "tools", tool: "echo", rerun: "c9" })).toBe("c=s&tool=echo&rerun=c9");
    const memory = new Map();
    const traffic = applyLocationPatch(at("c=s&tool=echo&rerun=c1"), { tab: "traffic" }, memory);
    expect(locationToSearch(traffic)).toBe("c=s&tab=traffic");
    expect(locationToSearch(applyLocationPatch(traffic, { tab: "tools" }, memory))).toBe("c=s&tool=echo&rerun=c1");
  });
});
