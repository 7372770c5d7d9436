import { describe, expect, it } from "vitest";
import type { LgHumanRequest } from "@/lib/contracts/langgraph";
import { EMPTY_LOCATION } from "@/lib/workbench/registry";
import { applyLocationPatch, locationFromParams, locationToSearch } from "@/lib/workbench/location";
import { lgHumanInterruptOf, lgInboxText, lgPaletteItems, lgRequestPrompt, lgSearch } from "@/lib/workbench/langgraph";

const HI = {
  action_request: { action: "send_email", args: { to: "a@b.c" } },
  config: { allow_accept: true, allow_edit: true, allow_respond: false, allow_ignore: true },
  description: "Send it?",
};

const row = (over: Partial<LgHumanRequest>): LgHumanRequest & { source: "langgraph" } => ({
  source: "langgraph",
  id: "q1",
  deploymentId: "demo-langgraph",
  deploymentName: "Demo LangGraph",
  threadId: "t-1",
  runId: "r1",
  interruptId: "i1",
  value: HI,
  shape: "human_interrupt",
  createdAt: 1,
  status: "pending",
  ...over,
});

describe("LangGraph's location part", () => {
  it("round-trips a deployment, thread and item through the URL", () => {
    const l = applyLocationPatch(EMPTY_LOCATION, { view: "langgraph", peerId: "demo-langgraph", thread: "t 1", item: "r1" });
    const search = locationToSearch(l);
    expect(search).toBe("view=langgraph&peer=demo-langgraph&th=t+1&item=r1");
    expect(locationFromParams(new URLSearchParams(search))).toMatchObject({
      view: "langgraph",
      peerId: "demo-langgraph",
      thread: "t 1",
      item: "r1",
    });
  });

  it("another deployment starts without the previous one's thread; another thread without its item", () => {
    const open = applyLocationPatch(EMPTY_LOCATION, { view: "langgraph", peerId: "a", thread: "t", item: "r" });
    expect(applyLocationPatch(open, { view: "langgraph", peerId: "b" })).toMatchObject({ peerId: "b", thread: null, item: null });
    expect(applyLocationPatch(open, { thread: "u" })).toMatchObject({ peerId: "a", thread: "u", item: null });
  });

  it("a search hit opens its thread", () => {
    const hit = {
      kind: "langgraph-thread" as const,
      match: "id" as const,
      agentId: "d",
      agentName: "D",
      id: "t-9",
      updatedAt: null,
    };
    expect(locationToSearch(applyLocationPatch(EMPTY_LOCATION, lgSearch.target(hit)))).toBe("view=langgraph&peer=d&th=t-9");
  });
});

describe("LangGraph's inbox text", () => {
  it("words a HumanInterrupt by its description, else its action; the one-element list alike", () => {
    expect(lgInboxText.prompt(row({}))).toBe("Send it?");
    expect(lgInboxText.prompt(row({ value: [{ ...HI, description: null }], shape: "human_interrupt_list" }))).toBe(
      "The graph asks to run send_email",
    );
    expect(lgHumanInterruptOf(row({ value: [HI], shape: "human_interrupt_list" }))?.action_request.action).toBe("send_email");
    expect(lgInboxText.kindLabel(row({}))).toBe("Human interrupt (LangGraph)");
  });

  it("words a generic interrupt by its value, and a HumanInterrupt-shaped row that does not fit as generic text", () => {
    expect(lgRequestPrompt(row({ value: "Approve?", shape: "generic" }))).toBe("Approve?");
    expect(lgRequestPrompt(row({ value: { q: 1 }, shape: "generic" }))).toBe('{"q":1}');
    expect(lgHumanInterruptOf(row({ value: { action_request: {} } }))).toBeNull();
    expect(lgInboxText.kind(row({ shape: "generic" }))).toBe("lg_interrupt");
    expect(lgInboxText.where(row({}))).toBe("Demo LangGraph › t-1");
  });
});

describe("LangGraph's palette items", () => {
  it("lists deployments and the threads known for them, each opening its view", () => {
    const d = { id: "d", name: "Dep", url: "http://x", headers: {}, pollSeconds: 15, createdAt: 1, state: { status: "ok" as const } };
    const t = {
      deploymentId: "d",
      threadId: "t1",
      createdAt: null,
      updatedAt: null,
      status: "idle",
      metadata: {},
      interruptCount: 0,
      loupeRuns: 0,
    };
    const items = lgPaletteItems([d], new Map([["d", [t]]]));
    expect(items.map((i) => [i.kind, i.label])).toEqual([
      ["lg_deployment", "Dep"],
      ["lg_thread", "t1"],
    ]);
    expect(items[1]!.target).toEqual({ view: "langgraph", peerId: "d", thread: "t1", item: null });
  });
});
