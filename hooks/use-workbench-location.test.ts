import { describe, expect, it } from "vitest";
import { applyLocationPatch, locationFromParams, locationToSearch } from "@/hooks/use-workbench-location";

const at = (qs: string) => locationFromParams(new URLSearchParams(qs));
const go = (qs: string, patch: Parameters<typeof applyLocationPatch>[1]) => locationToSearch(applyLocationPatch(at(qs), patch));

describe("workbench location", () => {
  it("reads MCP, agent and inbox selections from the URL", () => {
    expect(at("c=fs&tab=traffic")).toMatchObject({ connectionId: "fs", tab: "traffic", agentId: null, view: null });
    expect(at("a=ag&app=demo&s=s1")).toMatchObject({ agentId: "ag", app: "demo", sessionId: "s1", connectionId: null, tab: "tools" });
    expect(at("view=inbox").view).toBe("inbox");
    expect(at("view=nope&tab=bogus")).toMatchObject({ view: null, tab: "tools" });
  });

  it("keeps one thing open: a server closes the agent, an agent or the inbox closes the server", () => {
    expect(go("a=ag&app=demo&s=s1", { connectionId: "fs", tool: null })).toBe("c=fs");
    expect(go("c=fs&tool=echo", { agentId: "ag", app: null, sessionId: null })).toBe("a=ag");
    expect(go("c=fs&tab=traffic", { view: "inbox" })).toBe("tab=traffic&view=inbox");
    expect(go("view=inbox", { agentId: "ag", app: "demo", sessionId: "s2", userId: "u9" })).toBe("a=ag&app=demo&s=s2&u=u9");
    expect(go("a=ag&app=demo", { sessionId: "s1" })).toBe("a=ag&app=demo&s=s1");
    expect(go("c=fs", { tab: "overview" })).toBe("c=fs&tab=overview");
  });
});
