import { describe, expect, it } from "vitest";
import { runPath } from "./run-path";
import { buildLgTimeline, lgTimelineRows } from "./timeline";
import { EntryLog, loadWire, type WireEvent } from "./test-support";

describe("runPath", () => {
  const log = new EntryLog();
  log.events("r1", loadWire("tool-interrupt"));
  log.events("r2", loadWire("resume"));
  log.run({ runId: "r2", status: "success" });

  it("lists the nodes a paused run went through and where it paused (subgraph nodes as parent:child)", () => {
    const path = runPath(log.entries, "r1");
    expect(path.visited).toEqual(["__start__", "agent", "tools", "review", "review:ask"]);
    expect(path.paused).toEqual(["review", "review:ask"]);
  });

  it("finds a run by the server's id too", () => {
    expect(runPath(log.entries, "3ca659f4-8380-4c9c-9d98-d5669be51663").paused).toEqual(["review", "review:ask"]);
  });

  it("takes the last run when none is named, and ends at __end__ when it finished", () => {
    const path = runPath(log.entries);
    expect(path.visited).toEqual(["__start__", "review", "review:ask", "review:finish", "__end__"]);
    expect(path.paused).toEqual([]);
  });

  it("reads the updates fallback, and is empty for an unknown run", () => {
    const only = new EntryLog();
    only.events(
      "u",
      loadWire("tool-interrupt").filter((e) => !e.event.startsWith("debug")),
    );
    expect(runPath(only.entries)).toEqual({
      visited: ["__start__", "agent", "tools"],
      edges: [edge("agent", "tools"), edge("tools", "agent"), edge("__start__", "agent")],
      paused: ["review"],
    });
    expect(runPath(only.entries, "nope")).toEqual({ visited: [], edges: [], paused: [] });
  });
});

const edge = (source: string, target: string) => ({ source, target });
const sorted = (edges: { source: string; target: string }[]) => edges.map((e) => `${e.source}->${e.target}`).sort();

describe("runPath edges", () => {
  const log = new EntryLog();
  log.events("r1", loadWire("tool-interrupt"));
  log.events("r2", loadWire("resume"));
  log.run({ runId: "r2", status: "success" });

  it("are the steps the run took in order, into the subgraph's first node, with no edge it skipped", () => {
    // agent → tools → agent → review (review:ask, paused): tools never led to review, nor to the end.
    expect(sorted(runPath(log.entries, "r1").edges)).toEqual([
      "__start__->agent",
      "agent->review",
      "agent->review:ask",
      "agent->tools",
      "tools->agent",
    ]);
  });

  it("carry a resumed run on from where it paused (no __start__) to __end__ once it finished", () => {
    expect(sorted(runPath(log.entries, "r2").edges)).toEqual(["review->__end__", "review:ask->review:finish", "review:finish->__end__"]);
  });

  it("make each of a step's parallel tasks follow every node of the step before", () => {
    const par = new EntryLog();
    par.events("p", [
      { event: "metadata", data: { run_id: "p" } },
      task(0, "plan"),
      task(1, "a"),
      task(1, "b"),
      task(2, "join"),
      { event: "debug", data: { step: 2, type: "checkpoint", payload: { values: {}, next: [], metadata: { step: 2, source: "loop" } } } },
    ]);
    expect(sorted(runPath(par.entries).edges)).toEqual(["__start__->plan", "a->join", "b->join", "join->__end__", "plan->a", "plan->b"]);
  });
});

function task(step: number, name: string): WireEvent {
  return { event: "debug", data: { step, type: "task", payload: { id: `${name}${step}`, name, input: null, triggers: [] } } };
}

/** A long run: node `n<i>` per step, streaming 8 chunks, a custom event, state growing by one message. */
function synthetic(steps: number): WireEvent[] {
  const out: WireEvent[] = [{ event: "metadata", data: { run_id: "server-run" } }];
  const messages: unknown[] = [];
  for (let i = 0; i < steps; i++) {
    const node = `n${i % 7}`;
    out.push({
      event: "debug",
      data: {
        step: i,
        type: "task",
        timestamp: new Date(i * 1000).toISOString(),
        payload: { id: `t${i}`, name: node, input: null, triggers: [] },
      },
    });
    for (let c = 0; c < 8; c++)
      out.push({ event: "messages", data: [{ type: "AIMessageChunk", id: `m${i}`, content: "x" }, { langgraph_node: node }] });
    out.push({ event: "custom", data: { i } });
    const msg = { type: "ai", id: `m${i}`, content: "x".repeat(8) };
    messages.push(msg);
    out.push({
      event: "debug",
      data: {
        step: i,
        type: "task_result",
        timestamp: new Date(i * 1000 + 5).toISOString(),
        payload: { id: `t${i}`, name: node, result: { messages: [msg] }, error: null, interrupts: [] },
      },
    });
    out.push({
      event: "debug",
      data: {
        step: i,
        type: "checkpoint",
        payload: { values: { messages: [...messages] }, next: [], metadata: { step: i, source: "loop" } },
      },
    });
  }
  return out;
}

describe("10,000 events", () => {
  it("are grouped into the right steps with every chunk folded and no row lost", () => {
    const wire = synthetic(834);
    expect(wire.length).toBeGreaterThanOrEqual(10_000);
    const log = new EntryLog();
    log.events("r", wire);
    log.add("lg_malformed", { runId: "r", text: "{", error: "bad" });
    const timeline = buildLgTimeline(log.entries);
    const run = timeline.runs[0]!;
    expect(run.steps).toHaveLength(834);
    expect(run.steps.every((s, i) => s.step === i && s.tasks.length === 1 && s.tasks[0]!.node === `n${i % 7}`)).toBe(true);
    expect(run.steps.every((s) => s.streamed.length === 1 && s.streamed[0]!.chunks === 8 && s.custom.length === 1)).toBe(true);
    expect(run.steps.every((s) => s.tasks[0]!.messages.length === 1)).toBe(true);
    expect(run.steps[833]!.tasks[0]!.endedAt! - run.steps[833]!.tasks[0]!.startedAt!).toBe(5);
    const rows = lgTimelineRows(timeline);
    expect(rows).toHaveLength(1 + 834 + 1);
    expect(run.eventCount).toBe(wire.length + 1);
    const path = runPath(log.entries);
    expect(path.visited).toEqual(["__start__", "n0", "n1", "n2", "n3", "n4", "n5", "n6", "__end__"]);
    // n0 … n6 in a ring; step 833 ran n0, the last: only it leads to the end.
    expect(sorted(path.edges)).toEqual(
      ["__start__->n0", "n0->__end__", ...[0, 1, 2, 3, 4, 5, 6].map((i) => `n${i}->n${(i + 1) % 7}`)].sort(),
    );
  });
});
