import { describe, expect, it } from "vitest";
import { locationFromParams } from "@/lib/workbench/location";
import { landingPatch } from "@/components/shell/landing";

const at = (qs: string) => locationFromParams(new URLSearchParams(qs));

describe("landingPatch", () => {
  it("opens the first MCP server when nothing is open", () => {
    expect(landingPatch({ location: at(""), connectionIds: ["s1", "s2"], agentIds: ["a1"] })).toEqual({ connectionId: "s1", tool: null });
  });

  it("with no MCP server but agent servers (--no-demo --agent URL), opens the first agent", () => {
    expect(landingPatch({ location: at(""), connectionIds: [], agentIds: ["a1", "a2"] })).toEqual({ agentId: "a1" });
    // a deleted server in the URL lands the same way
    expect(landingPatch({ location: at("c=gone&tool=x"), connectionIds: [], agentIds: ["a1"] })).toEqual({ agentId: "a1" });
  });

  it("waits for both lists and leaves what is open alone", () => {
    expect(landingPatch({ location: at(""), connectionIds: [], agentIds: null })).toBeNull();
    expect(landingPatch({ location: at(""), connectionIds: null, agentIds: ["a1"] })).toBeNull();
    expect(landingPatch({ location: at(""), connectionIds: [], agentIds: [] })).toBeNull();
    expect(landingPatch({ location: at("c=s2"), connectionIds: ["s1", "s2"], agentIds: [] })).toBeNull();
    expect(landingPatch({ location: at("view=inbox"), connectionIds: [], agentIds: ["a1"] })).toBeNull();
    expect(landingPatch({ location: at("a=a2"), connectionIds: ["s1"], agentIds: ["a1", "a2"] })).toBeNull();
  });
  it("stays on the playground, which has no server to land on", () => {
    expect(landingPatch({ location: at("view=playground&pg=c1"), connectionIds: ["s1"], agentIds: [] })).toBeNull();
  });
});
