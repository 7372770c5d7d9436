import type {
  AguiFinding,
  AguiFindingLevel,
  AguiRunOutcome,
  AguiRunTimeline,
  AguiStepItem,
  AguiSubagentItem,
  AguiTimelineItem,
} from "@/lib/protocols/agui/types";
import { isObj, parseInterrupts, str, type Ev } from "@/lib/protocols/agui/events";
import { AguiLifecycle, type AguiLifecycleStep } from "@/lib/protocols/agui/lifecycle";
import { ReasoningMessages, TextMessages, type TimelineSink } from "@/lib/protocols/agui/timeline-messages";
import { RunState } from "@/lib/protocols/agui/timeline-state";
import { ToolCalls } from "@/lib/protocols/agui/timeline-tools";

/**
 * AG-UI events → a run timeline (pure, browser-safe, one pass). Accepts the 1.0.0 event set and
 * the deprecated THINKING_* events (agent-uis.md §3a); anything else is kept as an "unknown" item.
 * Ordering problems become findings, never exceptions: an inspector shows what the agent sent.
 * Text, reasoning and tool calls are assembled by timeline-messages.ts and timeline-tools.ts, state
 * and activities by timeline-state.ts.
 */

/** An event's `usage` list (RUN_FINISHED, RUN_ERROR), when it has one. */
function usageOf(e: Ev): unknown[] {
  return Array.isArray(e.usage) ? e.usage : [];
}

class Builder implements TimelineSink {
  readonly items: AguiTimelineItem[] = [];
  readonly findings: AguiFinding[] = [];
  readonly counts: Record<string, number> = {};
  readonly usage: unknown[] = [];
  outcome: AguiRunOutcome = { type: "running" };
  readonly state: RunState;
  private readonly texts = new TextMessages(this);
  private readonly reasoning = new ReasoningMessages(this);
  private readonly tools = new ToolCalls(this);
  private readonly steps = new Map<string, AguiStepItem>();
  private readonly subagents = new Map<string, AguiSubagentItem>();
  /** Which run each RUN_* event opens or closes (lifecycle.ts): the run's own, one nested in it, the next. */
  private readonly life = new AguiLifecycle();
  /** The event that ended the run (RUN_ERROR / RUN_FINISHED, or a RUN_STARTED over it, at index), until a next RUN_STARTED. */
  private ended: { type: string; index: number } | null = null;
  private afterEnd = 0;

  constructor(initialState: unknown) {
    this.state = new RunState(this, initialState);
  }

  find(index: number, level: AguiFindingLevel, code: string, message: string): void {
    this.findings.push({ index, level, code, message });
  }

  event(e: unknown, i: number): void {
    if (!isObj(e) || typeof e.type !== "string") {
      this.find(i, "error", "not_an_event", "Not an AG-UI event (no string `type`)");
      return;
    }
    const type = e.type;
    this.counts[type] = (this.counts[type] ?? 0) + 1;
    if (i === 0 && type !== "RUN_STARTED") this.find(i, "warning", "run_started_not_first", `The first event is ${type}, not RUN_STARTED`);
    // Any other event closes an open CHUNK stream (the client's transformChunks does the same).
    if (type !== "TEXT_MESSAGE_CHUNK") this.texts.closeChunk();
    if (type !== "TOOL_CALL_CHUNK") this.tools.closeChunk(i);
    if (type !== "REASONING_MESSAGE_CHUNK") this.reasoning.closeChunk();
    const step = this.life.step(e);
    if (this.ended && step !== "next" && step !== "late_error") {
      // After the end nothing is applied: text after RUN_ERROR must not grow the thread's message
      // (it would be sent back to the agent on the next run). Kept, shown as after the end.
      if (this.afterEnd++ === 0)
        this.find(
          i,
          "error",
          "event_after_run_end",
          `${type} arrived after ${this.ended.type} (#${this.ended.index}): kept as received, not applied`,
        );
      this.items.push({ kind: "after_end", type, first: i, last: i, event: e });
      return;
    }
    this.dispatch(type, e, i, step);
  }

  private dispatch(type: string, e: Ev, i: number, step: AguiLifecycleStep): void {
    switch (type) {
      case "RUN_STARTED":
        // Over the open run (no parentRunId): the stream is refused here. A nested run ends on its own.
        if (step === "overlap") return this.refuse(e, i);
        // The next run (recorded on its own since Loupe splits a response by run; older records held
        // several): this timeline goes on with it.
        if (step !== "nested_start") this.ended = null;
        this.items.push({ kind: "run_started", first: i, last: i, event: e });
        return;
      case "RUN_FINISHED":
        if (step === "nested_end") return void this.items.push({ kind: "run_finished", first: i, last: i, event: e });
        return this.finish(e, i);
      case "RUN_ERROR":
        if (step === "nested_end") return void this.items.push({ kind: "run_error", first: i, last: i, event: e });
        this.items.push({ kind: "run_error", first: i, last: i, event: e });
        this.outcome = { type: "error", message: str(e.message) ?? "(no message)", code: str(e.code) };
        this.usage.push(...usageOf(e));
        if (step === "late_error") return this.failLate(i);
        return this.terminate(type, i);
      case "TEXT_MESSAGE_START":
        this.texts.start(e, i, false);
        return;
      case "TEXT_MESSAGE_CONTENT":
        return this.texts.content(e, i);
      case "TEXT_MESSAGE_END":
        return this.texts.end(e, i);
      case "TEXT_MESSAGE_CHUNK":
        return this.texts.chunkOf(e, i);
      case "TOOL_CALL_START":
        this.tools.start(e, i, false);
        return;
      case "TOOL_CALL_ARGS":
        return this.tools.args(e, i);
      case "TOOL_CALL_END":
        return this.tools.end(e, i);
      case "TOOL_CALL_CHUNK":
        return this.tools.chunkOf(e, i);
      case "TOOL_CALL_RESULT":
        return this.tools.result(e, i);
      case "STATE_SNAPSHOT":
        return this.state.snapshot(e, i);
      case "STATE_DELTA":
        return this.state.delta(e, i);
      case "MESSAGES_SNAPSHOT":
        this.items.push({ kind: "messages_snapshot", first: i, last: i, messages: Array.isArray(e.messages) ? e.messages : [] });
        return;
      case "ACTIVITY_SNAPSHOT":
      case "ACTIVITY_DELTA":
        return this.state.activity(type, e, i);
      case "STEP_STARTED": {
        const name = str(e.stepName) ?? "";
        const step: AguiStepItem = { kind: "step", name, complete: false, first: i, last: i };
        this.steps.set(name, step);
        this.items.push(step);
        return;
      }
      case "STEP_FINISHED": {
        const step = this.steps.get(str(e.stepName) ?? "");
        if (!step || step.complete)
          return this.find(i, "warning", "step_not_started", `STEP_FINISHED for "${str(e.stepName)}" without an open STEP_STARTED`);
        step.complete = true;
        step.last = i;
        return;
      }
      case "REASONING_START":
      case "THINKING_START":
        if (type === "THINKING_START") this.deprecated(type, i);
        return;
      case "REASONING_END":
      case "THINKING_END":
        if (type === "THINKING_END") this.deprecated(type, i);
        return;
      case "REASONING_MESSAGE_START":
        this.reasoning.start(str(e.messageId) ?? `reasoning-${i}`, i, false);
        return;
      case "REASONING_MESSAGE_CONTENT":
        return this.reasoning.content(str(e.messageId), e.delta, i);
      case "REASONING_MESSAGE_END":
        return this.reasoning.end(e, i);
      case "REASONING_MESSAGE_CHUNK":
        return this.reasoning.chunkOf(e, i);
      case "REASONING_ENCRYPTED_VALUE":
        return this.reasoning.encrypted(type, e, i);
      case "THINKING_TEXT_MESSAGE_START":
        this.deprecated(type, i);
        return this.reasoning.thinkingStart(i);
      case "THINKING_TEXT_MESSAGE_CONTENT":
        this.deprecated(type, i);
        return this.reasoning.thinkingContent(e, i);
      case "THINKING_TEXT_MESSAGE_END":
        this.deprecated(type, i);
        return this.reasoning.thinkingEnd(i);
      case "SUBAGENT_STARTED":
      case "SUBAGENT_FINISHED":
      case "SUBAGENT_ERROR":
        return this.subagent(type, e, i);
      case "RAW":
        this.items.push({ kind: "raw", type, first: i, last: i, name: str(e.source), event: e });
        return;
      case "CUSTOM":
        this.items.push({ kind: "custom", type, first: i, last: i, name: str(e.name), event: e });
        return;
      default:
        this.items.push({ kind: "unknown", type, first: i, last: i, event: e });
        this.find(i, "info", "unknown_event_type", `Unknown event type ${type} (kept as received)`);
    }
  }

  private deprecated(type: string, i: number): void {
    if ((this.counts[type] ?? 0) === 1) this.find(i, "info", "deprecated_event", `${type} is deprecated (REASONING_* replaces it)`);
  }

  private finish(e: Ev, i: number): void {
    this.items.push({ kind: "run_finished", first: i, last: i, event: e });
    this.usage.push(...usageOf(e));
    const outcome = e.outcome;
    // Pre-1.0 drafts sent outcome as a string with a sibling `interrupt`; 1.0 nests it in an object.
    const kind = isObj(outcome) ? outcome.type : outcome;
    if (kind === "interrupt") {
      const interrupts = parseInterrupts(isObj(outcome) ? outcome.interrupts : [e.interrupt]);
      if (interrupts.length === 0)
        this.find(i, "error", "interrupt_without_interrupts", "RUN_FINISHED has an interrupt outcome with no interrupt carrying an id");
      this.outcome = { type: "interrupt", interrupts };
    } else if (kind === "cancelled") this.outcome = { type: "cancelled" };
    else this.outcome = { type: "success", result: e.result };
    this.terminate("RUN_FINISHED", i);
  }

  /**
   * A RUN_STARTED while the run is open, naming no parent (lifecycle.ts): a violation the official
   * client refuses the stream at. The run ends failed here; it and what follows are kept, not applied.
   */
  private refuse(e: Ev, i: number): void {
    const open = this.life.current ?? "(no runId)";
    const message =
      `RUN_STARTED of run ${str(e.runId) ?? "(no runId)"} arrived while run ${open} was still open: AG-UI allows a new run ` +
      "on a stream only after the open one ended (RUN_FINISHED or RUN_ERROR), and @ag-ui/client refuses the stream there. " +
      "What came after is kept as received, not applied";
    this.find(i, "error", "run_started_while_open", message);
    this.items.push({ kind: "after_end", type: "RUN_STARTED", first: i, last: i, event: e });
    this.outcome = { type: "refused", message };
    this.terminate("RUN_STARTED", i);
    // Said once, above: the events after it need no finding of their own.
    this.afterEnd = 1;
  }

  /**
   * A RUN_ERROR after the run's RUN_FINISHED: the lifecycle's "late failure" (Closed → Failed), which
   * the spec and @ag-ui/client allow. The run ends failed with its words; what follows is after this end.
   */
  private failLate(i: number): void {
    const at = this.ended ? ` (#${this.ended.index})` : "";
    this.find(i, "info", "late_failure", `RUN_ERROR after RUN_FINISHED${at}: a late failure, the run ends failed`);
    this.ended = { type: "RUN_ERROR", index: i };
    this.afterEnd = 0;
  }

  private terminate(type: string, i: number): void {
    this.texts.reportUnended(i);
    this.tools.reportUnended(i);
    this.ended = { type, index: i };
  }

  private subagent(type: string, e: Ev, i: number): void {
    const id = str(e.subagentRunId) ?? `subagent-${i}`;
    const known = this.subagents.get(id);
    if (type === "SUBAGENT_STARTED" || !known) {
      const item: AguiSubagentItem = {
        kind: "subagent",
        subagentRunId: id,
        name: str(e.name) ?? "",
        status: "running",
        event: e,
        first: i,
        last: i,
      };
      this.subagents.set(id, item);
      this.items.push(item);
      if (type === "SUBAGENT_STARTED") return;
      return this.subagent(type, e, i);
    }
    known.status = type === "SUBAGENT_ERROR" ? "error" : "finished";
    known.last = i;
  }

  done(n: number): void {
    this.texts.closeChunk();
    this.tools.closeChunk(n);
    this.reasoning.closeChunk();
  }
}

export interface NormalizeOptions {
  /** The state the run started from (RunAgentInput.state), for the first delta's "before". */
  initialState?: unknown;
}

/** One run's events (as received, in order) → its timeline. O(events); patches cost O(state). */
export function normalizeAguiRun(events: readonly unknown[], opts: NormalizeOptions = {}): AguiRunTimeline {
  const b = new Builder(opts.initialState);
  for (let i = 0; i < events.length; i++) b.event(events[i], i);
  b.done(events.length);
  return {
    items: b.items,
    findings: b.findings,
    outcome: b.outcome,
    state: b.state.current,
    usage: b.usage,
    counts: b.counts,
    eventCount: events.length,
  };
}
