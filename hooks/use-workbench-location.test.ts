import { describe, expect, it } from "vitest";
import { applyLocationPatch, locationFromParams, locationToSearch } from "@/hooks/use-workbench-location";
import type { TabMemory } from "@/lib/workbench/location";

const at = (qs: string) => locationFromParams(new URLSearchParams(qs));
const go = (qs: string, patch: Parameters<typeof applyLocationPatch>[1], memory?: TabMemory) =>
  locationToSearch(applyLocationPatch(at(qs), patch, memory));

describe("workbench location", () => {
  it("reads MCP, agent and inbox selections from the URL", () => {
    expect(at("c=fs&tab=traffic&seq=42")).toMatchObject({ connectionId: "fs", tab: "traffic", seq: 42, agentId: null, view: null });
    expect(at("a=ag&app=demo&s=s1&e=ev-1")).toMatchObject({
      agentId: "ag",
      app: "demo",
      sessionId: "s1",
      eventId: "ev-1",
      connectionId: null,
    });
    expect(at("c=fs&tab=resources&r=file%3A%2F%2F%2Fa%20b.txt").resource).toBe("file:///a b.txt");
    expect(at("c=fs&tab=prompts&p=greet").prompt).toBe("greet");
    expect(at("view=inbox").view).toBe("inbox");
    expect(at("view=nope&tab=bogus&c=x")).toMatchObject({ view: null, tab: "tools" });
    expect(at("c=fs&tab=traffic&seq=-1").seq).toBeNull();
  });

  it("opens A2A and AG-UI agents with their thread and item, and nothing else", () => {
    expect(at("view=a2a&peer=p1&th=ctx&item=t1&c=fs&a=ag")).toMatchObject({
      view: "a2a",
      peerId: "p1",
      thread: "ctx",
      item: "t1",
      connectionId: null,
      agentId: null,
    });
    expect(go("view=a2a&peer=p1&th=ctx&item=t1", { thread: "ctx2" })).toBe("view=a2a&peer=p1&th=ctx2");
    expect(go("view=a2a&peer=p1&th=ctx&item=t1", { view: "agui", peerId: "g1" })).toBe("view=agui&peer=g1");
    expect(go("view=agui&peer=g1&th=t", { connectionId: "fs" })).toBe("c=fs");
    expect(go("c=fs", { view: "a2a", peerId: "p1" })).toBe("view=a2a&peer=p1");
    expect(at("view=agui&th=t").thread).toBeNull();
  });

  it("opens the imported bundles with the open bundle, and leaves them for a server", () => {
    expect(at("view=bundles&item=b1&c=fs&peer=p1")).toMatchObject({ view: "bundles", item: "b1", connectionId: null, peerId: null });
    expect(go("view=bundles&item=b1", { item: "b2" })).toBe("view=bundles&item=b2");
    expect(go("view=bundles&item=b1", { item: null })).toBe("view=bundles");
    expect(go("c=fs&tab=traffic", { view: "bundles", item: "b3" })).toBe("view=bundles&item=b3");
    expect(go("view=bundles&item=b1", { connectionId: "fs" })).toBe("c=fs");
  });

  it("a URL carrying another view's parameters reads as what is really open", () => {
    // The agent wins over the server (the workbench shows the agent), the inbox over both.
    expect(locationToSearch(at("c=fs&tool=echo&a=ag&app=demo"))).toBe("a=ag&app=demo");
    expect(locationToSearch(at("view=inbox&c=fs&tab=traffic&a=ag"))).toBe("view=inbox");
    expect(locationToSearch(at("c=fs&tab=resources&tool=echo&r=demo%3A%2F%2Fx&p=greet"))).toBe("c=fs&tab=resources&r=demo%3A%2F%2Fx");
    expect(locationToSearch(at("a=ag&e=ev-1"))).toBe("a=ag");
  });

  it("keeps one thing open: a server closes the agent, an agent or the inbox closes the server", () => {
    expect(go("a=ag&app=demo&s=s1&e=ev", { connectionId: "fs", tool: null })).toBe("c=fs");
    expect(go("c=fs&tool=echo", { agentId: "ag", app: null, sessionId: null })).toBe("a=ag");
    expect(go("c=fs&tab=traffic&seq=9", { view: "inbox" })).toBe("view=inbox");
    expect(go("view=inbox", { agentId: "ag", app: "demo", sessionId: "s2", userId: "u9" })).toBe("a=ag&app=demo&u=u9&s=s2");
    expect(go("a=ag&app=demo", { sessionId: "s1" })).toBe("a=ag&app=demo&s=s1");
    expect(go("c=fs", { tab: "overview" })).toBe("c=fs&tab=overview");
  });

  it("a tool name does not follow the user to an agent, and back to a server it is gone", () => {
    const toAgent = go("c=fs&tool=echo", { agentId: "ag" });
    expect(toAgent).toBe("a=ag");
    expect(go(toAgent, { connectionId: "fs" })).toBe("c=fs");
  });

  it("another server, app or session starts without the previous one's selection", () => {
    expect(go("c=fs&tab=prompts&p=greet", { connectionId: "other" })).toBe("c=other&tab=prompts");
    expect(go("a=ag&app=demo&s=s1&e=ev", { app: "other" })).toBe("a=ag&app=other");
    expect(go("a=ag&app=demo&s=s1&e=ev", { sessionId: "s2" })).toBe("a=ag&app=demo&s=s2");
    expect(go("a=ag&app=demo&s=s1&e=ev", { agentId: "ag2" })).toBe("a=ag2");
    expect(go("a=ag&app=demo&s=s1", { agentId: "ag", eventId: "ev-2" })).toBe("a=ag&app=demo&s=s1&e=ev-2");
    expect(go("a=ag&app=demo&s=s1&e=ev", { agentId: null })).toBe("");
  });

  it("switching tabs shows only the open tab's selection and brings the left tab's back", () => {
    const memory: TabMemory = new Map();
    const onResources = go("c=fs&tool=echo", { tab: "resources" }, memory);
    expect(onResources).toBe("c=fs&tab=resources");
    const withResource = go(onResources, { resource: "demo://a" }, memory);
    expect(withResource).toBe("c=fs&tab=resources&r=demo%3A%2F%2Fa");
    expect(go(withResource, { template: "demo://{id}", resource: null }, memory)).toBe("c=fs&tab=resources&rt=demo%3A%2F%2F%7Bid%7D");
    expect(go(withResource, { tab: "tools" }, memory)).toBe("c=fs&tool=echo");
    expect(go("c=fs&tool=echo", { tab: "resources" }, memory)).toBe("c=fs&tab=resources&r=demo%3A%2F%2Fa");
    expect(go("c=fs&tab=traffic", { seq: 17 }, memory)).toBe("c=fs&tab=traffic&seq=17");
  });

  it("names the open Network exchange with ?x=, only while the Network tab is open", () => {
    expect(at("c=web&tab=network&x=ab-12")).toMatchObject({ tab: "network", exchange: "ab-12", seq: null });
    expect(at("c=web&tab=traffic&x=ab-12").exchange).toBeNull();
    // From a traffic row to the exchange that carried it, and back to the row.
    const onNetwork = go("c=web&tab=traffic&seq=5", { tab: "network", exchange: "ab-12" });
    expect(onNetwork).toBe("c=web&tab=network&x=ab-12");
    expect(go(onNetwork, { tab: "traffic", seq: 5 })).toBe("c=web&tab=traffic&seq=5");
  });

  it("names the open task with ?task=, only while the Tasks tab is open (a call that became a task links there)", () => {
    expect(at("c=demo&tab=tasks&task=t-1")).toMatchObject({ tab: "tasks", task: "t-1", tool: null });
    expect(at("c=demo&tool=rebook-all&task=t-1").task).toBeNull();
    const onTasks = go("c=demo&tool=rebook-all", { tab: "tasks", task: "t-1" });
    expect(onTasks).toBe("c=demo&tab=tasks&task=t-1");
    expect(go(onTasks, { task: "t-2" })).toBe("c=demo&tab=tasks&task=t-2");
  });
  it("the playground (?view=playground&pg=) keeps its open conversation and closes everything else", () => {
    expect(at("view=playground&pg=c1&c=fs&tool=echo")).toMatchObject({
      view: "playground",
      conversationId: "c1",
      connectionId: null,
      tool: null,
    });
    expect(locationToSearch(at("view=playground&pg=c1&a=ag"))).toBe("view=playground&pg=c1");
    expect(at("c=fs&pg=c1").conversationId).toBeNull();
    expect(go("c=fs&tool=echo", { view: "playground" })).toBe("view=playground");
    expect(go("view=playground&pg=c1", { conversationId: "c2" })).toBe("view=playground&pg=c2");
    expect(go("view=playground&pg=c1", { conversationId: null })).toBe("view=playground");
    expect(go("view=playground&pg=c1", { view: "playground" })).toBe("view=playground&pg=c1");
    expect(go("view=playground&pg=c1", { connectionId: "fs", tool: null })).toBe("c=fs");
    expect(go("view=playground&pg=c1", { view: "inbox" })).toBe("view=inbox");
    expect(go("view=playground&pg=c1", { agentId: "ag" })).toBe("a=ag");
  });
});
