import { describe, expect, it } from "vitest";
import { applyLocationPatch, locationFromParams, locationToSearch } from "@/hooks/use-workbench-location";

const at = (qs: string) => locationFromParams(new URLSearchParams(qs));
const go = (qs: string, patch: Parameters<typeof applyLocationPatch>[1]) => locationToSearch(applyLocationPatch(at(qs), patch));

describe("workbench location: compare (?vs=, ?vu=)", () => {
  it("an ADK session compared with another session, of another user, round-trips through the URL", () => {
    expect(at("a=ag&app=demo&s=s1&vs=s2&vu=bob")).toMatchObject({ sessionId: "s1", compareWith: "s2", compareUser: "bob" });
    expect(locationToSearch(at("a=ag&app=demo&s=s1&vs=s2&vu=bob"))).toBe("a=ag&app=demo&s=s1&vs=s2&vu=bob");
    expect(go("a=ag&app=demo&s=s1", { compareWith: "s2" })).toBe("a=ag&app=demo&s=s1&vs=s2");
    // Comparing has no inspector: the open event is dropped.
    expect(go("a=ag&app=demo&s=s1&e=ev1", { compareWith: "s2" })).toBe("a=ag&app=demo&s=s1&vs=s2");
  });

  it("closing the comparison, opening another session or another app drops it", () => {
    expect(go("a=ag&app=demo&s=s1&vs=s2&vu=bob", { compareWith: null })).toBe("a=ag&app=demo&s=s1");
    expect(go("a=ag&app=demo&s=s1&vs=s2", { sessionId: "s3" })).toBe("a=ag&app=demo&s=s3");
    expect(go("a=ag&app=demo&s=s1&vs=s2", { app: "other" })).toBe("a=ag&app=other");
    expect(go("a=ag&app=demo&s=s1&vs=s2", { agentId: "ag2" })).toBe("a=ag2");
    // Without a session there is nothing to compare; ?vu= alone means nothing.
    expect(locationToSearch(at("a=ag&app=demo&vs=s2"))).toBe("a=ag&app=demo");
    expect(locationToSearch(at("a=ag&app=demo&s=s1&vu=bob"))).toBe("a=ag&app=demo&s=s1");
  });

  it("a playground conversation compared with another; a new conversation starts without it", () => {
    expect(at("view=playground&pg=c1&vs=c2")).toMatchObject({ view: "playground", conversationId: "c1", compareWith: "c2" });
    expect(go("view=playground&pg=c1", { compareWith: "c2" })).toBe("view=playground&pg=c1&vs=c2");
    expect(go("view=playground&pg=c1&vs=c2", { conversationId: "c3" })).toBe("view=playground&pg=c3");
    expect(go("view=playground&pg=c1&vs=c2", { compareWith: null })).toBe("view=playground&pg=c1");
    expect(go("view=playground&pg=c1&vs=c2", { view: "inbox" })).toBe("view=inbox");
    expect(locationToSearch(at("view=playground&vs=c2"))).toBe("view=playground");
    // Other views never carry it.
    expect(locationToSearch(at("c=fs&vs=x"))).toBe("c=fs");
    expect(locationToSearch(at("view=a2a&peer=p&vs=x"))).toBe("view=a2a&peer=p");
  });
});
