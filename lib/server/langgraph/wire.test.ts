import { describe, expect, it } from "vitest";
import { z } from "zod";
import { humanInterruptOf, interruptShape, resumeValueOf } from "@/lib/server/langgraph/answers";
import {
  AssistantWire,
  CheckpointWire,
  GraphWire,
  lgAssistant,
  lgCheckpoint,
  lgGraph,
  lgInterrupts,
  lgThreadSummary,
  ThreadWire,
} from "@/lib/server/langgraph/wire";

const hi = {
  action_request: { action: "send_email", args: { to: "bob@example.com" } },
  config: { allow_accept: true, allow_edit: false, allow_respond: true, allow_ignore: true },
  description: "Send it?",
};

describe("normalizers", () => {
  it("a thread: status, metadata ids, interrupts counted from the map", () => {
    const w = ThreadWire.parse({
      thread_id: "t1",
      created_at: "2026-01-01T00:00:00Z",
      updated_at: null,
      metadata: { graph_id: "agent", assistant_id: "a1", owner: "x" },
      status: "interrupted",
      values: { messages: [] },
      interrupts: { task1: [{ id: "i1", value: 1 }], task2: [{ id: "i2", value: 2 }, { value: 3 }], bad: "x" },
      extra: true,
    });
    expect(lgThreadSummary("d1", w, 2)).toEqual({
      deploymentId: "d1",
      threadId: "t1",
      createdAt: "2026-01-01T00:00:00Z",
      updatedAt: null,
      status: "interrupted",
      metadata: { graph_id: "agent", assistant_id: "a1", owner: "x" },
      graphId: "agent",
      assistantId: "a1",
      interruptCount: 3,
      loupeRuns: 2,
    });
    // An interrupt without an id (older servers) is keyed by its task.
    expect(lgInterrupts(w.interrupts).map((i) => [i.id, i.taskId])).toEqual([
      ["i1", "task1"],
      ["i2", "task2"],
      ["task2", "task2"],
    ]);
  });

  it("refuses a thread without an id, accepts one with missing optional fields", () => {
    expect(ThreadWire.safeParse({ status: "idle" }).success).toBe(false);
    expect(ThreadWire.safeParse("nope").success).toBe(false);
    expect(lgThreadSummary("d", ThreadWire.parse({ thread_id: "t" }), 0)).toMatchObject({
      status: "idle",
      metadata: {},
      interruptCount: 0,
    });
  });

  it("a checkpoint: ids, step, source, writes, next", () => {
    const w = CheckpointWire.parse({
      values: { a: 1 },
      next: ["legal", "finance"],
      tasks: [{ id: "x", name: "legal", interrupts: [] }],
      metadata: { source: "loop", step: 2, writes: { start: {} } },
      created_at: "2026-01-01T00:00:00Z",
      checkpoint: { checkpoint_id: "c2", thread_id: "t" },
      parent_checkpoint: { checkpoint_id: "c1" },
    });
    expect(lgCheckpoint(w)).toMatchObject({
      checkpointId: "c2",
      parentCheckpointId: "c1",
      step: 2,
      source: "loop",
      next: ["legal", "finance"],
      writes: { start: {} },
      values: { a: 1 },
    });
    expect(lgCheckpoint(CheckpointWire.parse({ values: {}, checkpoint: { checkpoint_id: "c0" }, parent_checkpoint: null }))).toMatchObject({
      parentCheckpointId: null,
      step: null,
      source: null,
      next: [],
      tasks: [],
    });
  });

  it("a graph with xray: subgraph nodes keep their id and list their parents", () => {
    const w = GraphWire.parse({
      nodes: [
        { id: "__start__", type: "schema", data: { name: "__start__" } },
        { id: "publish:prepare", type: "runnable", data: { name: "prepare" } },
        { id: "a:b:c", type: "runnable", data: {} },
        { id: 7, type: "runnable" },
      ],
      edges: [
        { source: "__start__", target: "publish:prepare", conditional: false },
        { source: "publish:prepare", target: "a:b:c", conditional: true, data: "go" },
      ],
    });
    const g = lgGraph("review", true, w);
    expect(g.nodes.map((n) => [n.id, n.name, n.parents])).toEqual([
      ["__start__", "__start__", []],
      ["publish:prepare", "prepare", ["publish"]],
      ["a:b:c", "c", ["a", "b"]],
      ["7", "7", []],
    ]);
    expect(g.edges).toEqual([
      { source: "__start__", target: "publish:prepare", conditional: false },
      { source: "publish:prepare", target: "a:b:c", conditional: true, label: "go" },
    ]);
    expect(lgGraph("review", false, w).nodes[1]!.parents).toEqual([]);
  });
});

describe("HumanInterrupt shapes and HumanResponses", () => {
  it("detects the shape", () => {
    expect(interruptShape(hi)).toBe("human_interrupt");
    expect(interruptShape([hi])).toBe("human_interrupt_list");
    expect(interruptShape([hi, hi])).toBe("generic");
    expect(interruptShape({ question: "ok?" })).toBe("generic");
    expect(interruptShape({ ...hi, config: { allow_accept: true } })).toBe("generic");
    expect(humanInterruptOf({ value: [hi], shape: "human_interrupt_list" })?.action_request.action).toBe("send_email");
  });

  it("maps each answer to its HumanResponse, wrapped in a list for the list shape", () => {
    const r = { value: hi, shape: "human_interrupt" as const };
    expect(resumeValueOf(r, { kind: "accept" })).toEqual({ type: "accept", args: null });
    expect(resumeValueOf(r, { kind: "response", text: "no" })).toEqual({ type: "response", args: "no" });
    expect(resumeValueOf(r, { kind: "ignore" })).toEqual({ type: "ignore", args: null });
    const editable = { value: { ...hi, config: { ...hi.config, allow_edit: true } }, shape: "human_interrupt" as const };
    expect(resumeValueOf(editable, { kind: "edit", args: { to: "c" } })).toEqual({
      type: "edit",
      args: { action: "send_email", args: { to: "c" } },
    });
    expect(resumeValueOf({ value: [hi], shape: "human_interrupt_list" }, { kind: "accept" })).toEqual([{ type: "accept", args: null }]);
    expect(resumeValueOf({ value: 1, shape: "generic" }, { kind: "value", value: { ok: true } })).toEqual({ ok: true });
  });

  it("refuses what the config does not allow, and the wrong kind for the shape, in words", () => {
    const r = { value: hi, shape: "human_interrupt" as const };
    expect(() => resumeValueOf(r, { kind: "edit", args: {} })).toThrow(/does not allow you to edit.*allow_edit: false/);
    expect(() => resumeValueOf(r, { kind: "edit", args: {} })).toThrow(
      expect.objectContaining({ code: "bad_request:langgraph_answer_not_allowed", status: 400 }),
    );
    expect(() => resumeValueOf(r, { kind: "value", value: 1 })).toThrow(
      expect.objectContaining({ code: "bad_request:langgraph_answer_kind" }),
    );
    expect(() => resumeValueOf({ value: 1, shape: "generic" }, { kind: "accept" })).toThrow(/kind: "value"/);
  });

  it("a HumanInterrupt that allows nothing takes a plain value, as given; its refusals say so", () => {
    const none = { allow_accept: false, allow_edit: false, allow_respond: false, allow_ignore: false };
    const r = { value: { ...hi, config: none }, shape: "human_interrupt" as const };
    expect(resumeValueOf(r, { kind: "value", value: { type: "ignore", args: null } })).toEqual({ type: "ignore", args: null });
    expect(() => resumeValueOf(r, { kind: "accept" })).toThrow(/allows no HumanResponse at all/);
  });
});

describe("lenient where Loupe does not key", () => {
  it("an assistant's odd fields and a graph's odd node types and edge flags do not refuse the answer", () => {
    const [a] = z.array(AssistantWire).parse([{ assistant_id: "a", graph_id: "g", name: 5, version: "v1?", created_at: {} }]);
    expect(lgAssistant(a!)).toMatchObject({ assistantId: "a", name: "g", description: null });
    const g = GraphWire.parse({ nodes: [{ id: 1, type: 3 }], edges: [{ source: 1, target: 2, conditional: "maybe" }] });
    expect(lgGraph("a", false, g)).toMatchObject({
      nodes: [{ id: "1", type: "runnable" }],
      edges: [{ source: "1", target: "2", conditional: false }],
    });
  });
});
