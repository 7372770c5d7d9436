import { describe, expect, it } from "vitest";
import { EMPTY_LOCATION, LOCATION_PARTS } from "@/lib/workbench/registry";
import { applyLocationPatch, historyMode, locationFromParams } from "@/lib/workbench/location";
import type { WorkbenchLocation } from "@/lib/workbench/location";

// Issue 22: Back and Forward move through Loupe's views. Which navigations add a history entry.
const at = (qs: string) => locationFromParams(new URLSearchParams(qs));
const mode = (qs: string, patch: Partial<WorkbenchLocation>) => historyMode(at(qs), applyLocationPatch(at(qs), patch));

describe("historyMode: a new view pushes, a selection inside it replaces", () => {
  it("pushes for another server, tab, view, agent, session or thread", () => {
    expect(mode("c=fs&tab=tools", { connectionId: "other", tool: null })).toBe("push");
    expect(mode("c=fs&tab=tools&tool=echo", { tab: "resources" })).toBe("push");
    expect(mode("c=fs&tab=resources", { view: "inbox" })).toBe("push");
    expect(mode("view=inbox", { connectionId: "fs" })).toBe("push");
    expect(mode("c=fs", { agentId: "ag" })).toBe("push");
    expect(mode("a=ag&app=demo", { agentId: "ag", app: "demo", sessionId: "s1" })).toBe("push");
    expect(mode("a=ag&app=demo&s=s1", { agentId: "ag", app: "demo", sessionId: "s2" })).toBe("push");
    expect(mode("a=ag&app=demo&s=s1", { agentId: "ag", app: "demo", sessionId: "s1", compareWith: "s2" })).toBe("push");
    expect(mode("view=a2a&peer=p1&th=ctx", { thread: "ctx2" })).toBe("push");
    expect(mode("view=a2a&peer=p1", { view: "agui", peerId: "g1" })).toBe("push");
    expect(mode("view=playground&pg=c1", { conversationId: "c2" })).toBe("push");
    expect(mode("view=bundles&item=b1", { item: "b2" })).toBe("push");
    // The re-run form and the comparison take the tool's pane: Back closes them.
    expect(mode("c=fs&tool=echo", { tool: "echo", rerun: "call-1" })).toBe("push");
    expect(mode("c=fs&tool=echo", { tool: "echo", diff: "a~b" })).toBe("push");
  });

  it("replaces for a selection inside the open view", () => {
    expect(mode("c=fs&tab=tools", { tool: "echo" })).toBe("replace");
    expect(mode("c=fs&tab=tools&tool=echo", { tool: "add" })).toBe("replace");
    expect(mode("c=fs&tab=traffic&seq=4", { seq: 9 })).toBe("replace");
    expect(mode("c=fs&tab=resources", { resource: "demo://x" })).toBe("replace");
    expect(mode("c=fs&tab=network", { exchange: "x1" })).toBe("replace");
    expect(mode("a=ag&app=demo&s=s1", { eventId: "e1" })).toBe("replace");
    expect(mode("a=ag&app=demo&s=s1&e=e1", { eventId: "e2" })).toBe("replace");
    expect(mode("view=a2a&peer=p1&th=ctx", { item: "t2" })).toBe("replace");
  });

  it("a tab switch that brings back the tab's remembered selection is still one entry, pushed", () => {
    const memory = new Map();
    const tools = applyLocationPatch(at("c=fs&tab=tools"), { tool: "echo" }, memory);
    const resources = applyLocationPatch(tools, { tab: "resources" }, memory);
    const back = applyLocationPatch(resources, { tab: "tools" }, memory);
    expect(back.tool).toBe("echo");
    expect(historyMode(resources, back)).toBe("push");
  });

  it("replaces the landing (nothing open → the first server) and a close (→ nothing): no entry Back would bounce on", () => {
    expect(historyMode(EMPTY_LOCATION, at("c=fs"))).toBe("replace");
    expect(mode("a=ag&app=demo", { agentId: null, app: null, sessionId: null })).toBe("replace");
  });

  it("is the same view for a location and its normalized self (a stray parameter is not a new view)", () => {
    expect(historyMode(at("c=fs&tab=tools&p=ignored"), at("c=fs"))).toBe("replace");
  });

  it("every part names only its own fields as views", () => {
    for (const part of LOCATION_PARTS) for (const field of part.views) expect(Object.keys(part.empty), String(part.view)).toContain(field);
  });
});
