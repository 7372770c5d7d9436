// The default export: under plain Node ESM (benches, tsx) the CJS build exposes no named exports.
import jsonpatch from "fast-json-patch";
import type { Operation } from "fast-json-patch";
import { errorMessage } from "@/lib/values";
import type {
  AguiActivityItem,
  AguiFinding,
  AguiFindingLevel,
  AguiReasoningItem,
  AguiRunOutcome,
  AguiRunTimeline,
  AguiStepItem,
  AguiSubagentItem,
  AguiTextItem,
  AguiTimelineItem,
  AguiToolCallItem,
} from "@/lib/protocols/agui/types";
import { isObj, parseInterrupts, str, type Ev } from "@/lib/protocols/agui/events";

/**
 * AG-UI events → a run timeline (pure, browser-safe, one pass). Accepts the 1.0.0 event set and
 * the deprecated THINKING_* events (agent-uis.md §3a); anything else is kept as an "unknown" item.
 * Ordering problems become findings, never exceptions: an inspector shows what the agent sent.
 */

class Builder {
  readonly items: AguiTimelineItem[] = [];
  readonly findings: AguiFinding[] = [];
  readonly counts: Record<string, number> = {};
  readonly usage: unknown[] = [];
  outcome: AguiRunOutcome = { type: "running" };
  state: unknown;
  private readonly texts = new Map<string, AguiTextItem>();
  private readonly reasoning = new Map<string, AguiReasoningItem>();
  private readonly tools = new Map<string, AguiToolCallItem>();
  private readonly steps = new Map<string, AguiStepItem>();
  private readonly activities = new Map<string, AguiActivityItem>();
  private readonly subagents = new Map<string, AguiSubagentItem>();
  /** The open CHUNK stream per kind (a CHUNK without an id continues it). */
  private chunkText: AguiTextItem | null = null;
  private chunkTool: AguiToolCallItem | null = null;
  private chunkReasoning: AguiReasoningItem | null = null;
  private legacyThinking: AguiReasoningItem | null = null;
  private legacyCount = 0;
  private started = false;
  private terminated = false;
  private afterEnd = 0;

  constructor(initialState: unknown) {
    this.state = initialState;
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
    if (this.terminated) {
      if (type === "RUN_STARTED") this.terminated = false;
      else if (this.afterEnd++ === 0) this.find(i, "error", "event_after_run_end", `${type} arrived after the run ended`);
    }
    // Any other event closes an open CHUNK stream (the client's transformChunks does the same).
    if (type !== "TEXT_MESSAGE_CHUNK") this.closeChunk("text", i);
    if (type !== "TOOL_CALL_CHUNK") this.closeChunk("tool", i);
    if (type !== "REASONING_MESSAGE_CHUNK") this.closeChunk("reasoning", i);
    this.dispatch(type, e, i);
  }

  private closeChunk(kind: "text" | "tool" | "reasoning", i: number): void {
    if (kind === "text" && this.chunkText) {
      this.chunkText.complete = true;
      this.chunkText = null;
    } else if (kind === "tool" && this.chunkTool) {
      this.endTool(this.chunkTool, i - 1);
      this.chunkTool = null;
    } else if (kind === "reasoning" && this.chunkReasoning) {
      this.chunkReasoning.complete = true;
      this.chunkReasoning = null;
    }
  }

  private dispatch(type: string, e: Ev, i: number): void {
    switch (type) {
      case "RUN_STARTED":
        if (this.started && !this.terminated)
          this.find(i, "warning", "run_started_twice", "RUN_STARTED again while the run was still open");
        this.started = true;
        this.items.push({ kind: "run_started", first: i, last: i, event: e });
        return;
      case "RUN_FINISHED":
        return this.finish(e, i);
      case "RUN_ERROR":
        this.items.push({ kind: "run_error", first: i, last: i, event: e });
        this.outcome = { type: "error", message: str(e.message) ?? "(no message)", code: str(e.code) };
        if (Array.isArray(e.usage)) this.usage.push(...(e.usage as unknown[]));
        return this.terminate(i);
      case "TEXT_MESSAGE_START":
        return this.textStart(e, i, false);
      case "TEXT_MESSAGE_CONTENT":
        return this.textContent(e, i);
      case "TEXT_MESSAGE_END":
        return this.textEnd(e, i);
      case "TEXT_MESSAGE_CHUNK":
        return this.textChunk(e, i);
      case "TOOL_CALL_START":
        this.toolStart(e, i, false);
        return;
      case "TOOL_CALL_ARGS":
        return this.toolArgs(e, i);
      case "TOOL_CALL_END":
        return this.toolEnd(e, i);
      case "TOOL_CALL_CHUNK":
        return this.toolChunk(e, i);
      case "TOOL_CALL_RESULT":
        return this.toolResult(e, i);
      case "STATE_SNAPSHOT": {
        const before = this.state;
        this.state = e.snapshot;
        this.items.push({ kind: "state", op: "snapshot", first: i, last: i, before, after: e.snapshot });
        return;
      }
      case "STATE_DELTA":
        return this.stateDelta(e, i);
      case "MESSAGES_SNAPSHOT":
        this.items.push({ kind: "messages_snapshot", first: i, last: i, messages: Array.isArray(e.messages) ? e.messages : [] });
        return;
      case "ACTIVITY_SNAPSHOT":
      case "ACTIVITY_DELTA":
        return this.activity(type, e, i);
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
        return void this.reasoningStart(str(e.messageId) ?? `reasoning-${i}`, i, false);
      case "REASONING_MESSAGE_CONTENT":
        return this.reasoningContent(str(e.messageId), e.delta, i);
      case "REASONING_MESSAGE_END": {
        const item = this.reasoning.get(str(e.messageId) ?? "");
        if (!item) return this.find(i, "warning", "reasoning_not_started", "REASONING_MESSAGE_END without its START");
        item.complete = true;
        item.last = i;
        return;
      }
      case "REASONING_MESSAGE_CHUNK":
        return this.reasoningChunk(e, i);
      case "REASONING_ENCRYPTED_VALUE": {
        const item = this.reasoning.get(str(e.entityId) ?? "");
        if (item) {
          item.encrypted++;
          item.last = i;
        } else this.items.push({ kind: "unknown", type, first: i, last: i, event: e });
        return;
      }
      case "THINKING_TEXT_MESSAGE_START":
        this.deprecated(type, i);
        this.legacyThinking = this.reasoningStart(`thinking-${++this.legacyCount}`, i, true);
        return;
      case "THINKING_TEXT_MESSAGE_CONTENT":
        this.deprecated(type, i);
        if (!this.legacyThinking) this.legacyThinking = this.reasoningStart(`thinking-${++this.legacyCount}`, i, true);
        return this.reasoningContent(this.legacyThinking.messageId, e.delta, i);
      case "THINKING_TEXT_MESSAGE_END":
        this.deprecated(type, i);
        if (this.legacyThinking) {
          this.legacyThinking.complete = true;
          this.legacyThinking.last = i;
          this.legacyThinking = null;
        }
        return;
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
    if (Array.isArray(e.usage)) this.usage.push(...(e.usage as unknown[]));
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
    this.terminate(i);
  }

  private terminate(i: number): void {
    for (const t of this.texts.values())
      if (!t.complete && !t.chunked) this.find(i, "warning", "text_not_ended", `Text message ${t.messageId} never got TEXT_MESSAGE_END`);
    for (const t of this.tools.values())
      if (!t.complete) this.find(i, "warning", "tool_call_not_ended", `Tool call ${t.toolCallId} (${t.name}) never got TOOL_CALL_END`);
    this.terminated = true;
  }

  private textStart(e: Ev, i: number, chunked: boolean): void {
    const messageId = str(e.messageId) ?? `text-${i}`;
    if (this.texts.has(messageId)) this.find(i, "warning", "text_started_twice", `Text message ${messageId} started again`);
    const item: AguiTextItem = {
      kind: "text",
      messageId,
      role: str(e.role) ?? "assistant",
      text: "",
      complete: false,
      chunked,
      first: i,
      last: i,
    };
    this.texts.set(messageId, item);
    this.items.push(item);
  }

  private textContent(e: Ev, i: number): void {
    const item = this.texts.get(str(e.messageId) ?? "");
    if (!item) return this.find(i, "error", "text_not_started", `TEXT_MESSAGE_CONTENT for ${str(e.messageId)} without its START`);
    if (item.complete) this.find(i, "error", "text_after_end", `TEXT_MESSAGE_CONTENT for ${item.messageId} after its END`);
    if (typeof e.delta === "string") item.text += e.delta;
    item.last = i;
  }

  private textEnd(e: Ev, i: number): void {
    const item = this.texts.get(str(e.messageId) ?? "");
    if (!item) return this.find(i, "error", "text_not_started", `TEXT_MESSAGE_END for ${str(e.messageId)} without its START`);
    item.complete = true;
    item.last = i;
  }

  private textChunk(e: Ev, i: number): void {
    const id = str(e.messageId);
    let item = id ? this.texts.get(id) : this.chunkText;
    if (!item) {
      if (!id) return this.find(i, "error", "chunk_without_id", "The first TEXT_MESSAGE_CHUNK has no messageId");
      this.textStart(e, i, true);
      item = this.texts.get(id)!;
    }
    this.chunkText = item;
    if (typeof e.delta === "string") item.text += e.delta;
    item.last = i;
  }

  private toolStart(e: Ev, i: number, chunked: boolean): AguiToolCallItem {
    const toolCallId = str(e.toolCallId) ?? `tool-${i}`;
    if (this.tools.has(toolCallId)) this.find(i, "warning", "tool_call_started_twice", `Tool call ${toolCallId} started again`);
    const item: AguiToolCallItem = {
      kind: "tool_call",
      toolCallId,
      name: str(e.toolCallName) ?? "",
      parentMessageId: str(e.parentMessageId),
      args: "",
      complete: false,
      chunked,
      first: i,
      last: i,
    };
    this.tools.set(toolCallId, item);
    this.items.push(item);
    return item;
  }

  private toolArgs(e: Ev, i: number): void {
    const item = this.tools.get(str(e.toolCallId) ?? "");
    if (!item)
      return this.find(i, "error", "tool_args_before_start", `TOOL_CALL_ARGS for ${str(e.toolCallId)} without its TOOL_CALL_START`);
    if (item.complete) this.find(i, "error", "tool_args_after_end", `TOOL_CALL_ARGS for ${item.toolCallId} after its TOOL_CALL_END`);
    if (typeof e.delta === "string") item.args += e.delta;
    item.last = i;
  }

  private toolEnd(e: Ev, i: number): void {
    const item = this.tools.get(str(e.toolCallId) ?? "");
    if (!item) return this.find(i, "error", "tool_end_before_start", `TOOL_CALL_END for ${str(e.toolCallId)} without its TOOL_CALL_START`);
    if (item.complete) return this.find(i, "warning", "tool_ended_twice", `TOOL_CALL_END for ${item.toolCallId} again`);
    this.endTool(item, i);
  }

  private endTool(item: AguiToolCallItem, i: number): void {
    item.complete = true;
    item.last = Math.max(item.last, i);
    if (item.args.trim() === "") {
      item.parsedArgs = {};
      return;
    }
    try {
      item.parsedArgs = JSON.parse(item.args) as unknown;
    } catch (err) {
      item.argsError = errorMessage(err);
      this.find(i, "warning", "tool_args_not_json", `Arguments of ${item.toolCallId} (${item.name}) are not JSON: ${item.argsError}`);
    }
  }

  private toolChunk(e: Ev, i: number): void {
    const id = str(e.toolCallId);
    let item = id ? this.tools.get(id) : this.chunkTool;
    if (!item) {
      if (!id) return this.find(i, "error", "chunk_without_id", "The first TOOL_CALL_CHUNK has no toolCallId");
      item = this.toolStart(e, i, true);
    }
    this.chunkTool = item;
    if (typeof e.delta === "string") item.args += e.delta;
    item.last = i;
  }

  private toolResult(e: Ev, i: number): void {
    const id = str(e.toolCallId) ?? "";
    const item = this.tools.get(id);
    const result = { content: e.content, messageId: str(e.messageId), index: i, error: str(e.error) };
    if (!item) {
      // A result for a call made in an earlier run (a resumed tool-bound interrupt) is normal.
      this.items.push({ kind: "tool_call", toolCallId: id, name: "", args: "", complete: true, chunked: false, first: i, last: i, result });
      return;
    }
    if (!item.complete) this.find(i, "warning", "tool_result_before_end", `TOOL_CALL_RESULT for ${id} before its TOOL_CALL_END`);
    item.result = result;
    item.last = i;
  }

  private stateDelta(e: Ev, i: number): void {
    const before = this.state;
    let after = before;
    let error: string | undefined;
    if (!Array.isArray(e.delta)) error = "STATE_DELTA.delta is not a JSON Patch array";
    else {
      try {
        after = jsonpatch.applyPatch(before ?? {}, e.delta as Operation[], true, false).newDocument;
      } catch (err) {
        error = errorMessage(err);
      }
    }
    if (error) this.find(i, "error", "state_patch_failed", `A STATE_DELTA patch did not apply: ${error}`);
    else this.state = after;
    this.items.push({ kind: "state", op: "delta", first: i, last: i, before, after, delta: e.delta, error });
  }

  private activity(type: string, e: Ev, i: number): void {
    const messageId = str(e.messageId) ?? `activity-${i}`;
    let item = this.activities.get(messageId);
    if (!item) {
      item = { kind: "activity", messageId, activityType: str(e.activityType) ?? "", content: undefined, updates: 0, first: i, last: i };
      this.activities.set(messageId, item);
      this.items.push(item);
    }
    item.updates++;
    item.last = i;
    if (type === "ACTIVITY_SNAPSHOT") {
      item.content = e.content;
      return;
    }
    try {
      item.content = jsonpatch.applyPatch(item.content ?? {}, (e.patch ?? []) as Operation[], true, false).newDocument;
    } catch (err) {
      item.error = errorMessage(err);
      this.find(i, "error", "activity_patch_failed", `An ACTIVITY_DELTA patch did not apply: ${item.error}`);
    }
  }

  private reasoningStart(messageId: string, i: number, legacy: boolean): AguiReasoningItem {
    const item: AguiReasoningItem = { kind: "reasoning", messageId, text: "", complete: false, encrypted: 0, legacy, first: i, last: i };
    this.reasoning.set(messageId, item);
    this.items.push(item);
    return item;
  }

  private reasoningContent(messageId: string | undefined, delta: unknown, i: number): void {
    const item = this.reasoning.get(messageId ?? "");
    if (!item) return this.find(i, "error", "reasoning_not_started", `Reasoning content for ${messageId} without its START`);
    if (typeof delta === "string") item.text += delta;
    item.last = i;
  }

  private reasoningChunk(e: Ev, i: number): void {
    const id = str(e.messageId);
    let item = id ? this.reasoning.get(id) : this.chunkReasoning;
    if (!item) {
      if (!id) return this.find(i, "error", "chunk_without_id", "The first REASONING_MESSAGE_CHUNK has no messageId");
      item = this.reasoningStart(id, i, false);
    }
    this.chunkReasoning = item;
    if (typeof e.delta === "string") item.text += e.delta;
    item.last = i;
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
    this.closeChunk("text", n);
    this.closeChunk("tool", n);
    this.closeChunk("reasoning", n);
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
    state: b.state,
    usage: b.usage,
    counts: b.counts,
    eventCount: events.length,
  };
}
