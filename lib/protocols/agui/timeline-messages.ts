import type { AguiFindingLevel, AguiReasoningItem, AguiTextItem, AguiTimelineItem } from "@/lib/protocols/agui/types";
import { str, type Ev } from "@/lib/protocols/agui/events";

/**
 * The streamed parts of an AG-UI run (text messages and reasoning here, tool calls in
 * timeline-tools.ts), each assembled from its START / CONTENT / END events or from CHUNK events (a
 * CHUNK without an id continues the open stream). Used by the run timeline
 * (lib/protocols/agui/timeline.ts); ordering problems become findings.
 */

/** Where the parts go: the run's items, in order, and its findings. */
export interface TimelineSink {
  readonly items: AguiTimelineItem[];
  find(index: number, level: AguiFindingLevel, code: string, message: string): void;
}

export class TextMessages {
  private readonly texts = new Map<string, AguiTextItem>();
  private chunk: AguiTextItem | null = null;
  /** Messages whose CONTENT came before their START: the START that follows belongs to them. */
  private readonly early = new Set<string>();

  constructor(private readonly run: TimelineSink) {}

  start(e: Ev, i: number, chunked: boolean): AguiTextItem {
    const messageId = str(e.messageId) ?? `text-${i}`;
    const known = this.texts.get(messageId);
    if (known && this.early.delete(messageId)) {
      known.role = str(e.role) ?? known.role;
      known.last = i;
      return known;
    }
    if (known) this.run.find(i, "warning", "text_started_twice", `Text message ${messageId} started again`);
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
    this.run.items.push(item);
    return item;
  }

  content(e: Ev, i: number): void {
    let item = this.texts.get(str(e.messageId) ?? "");
    if (!item) {
      this.run.find(i, "error", "text_not_started", `TEXT_MESSAGE_CONTENT for ${str(e.messageId)} without its START`);
      // Its text is kept (the agent said it), in the message its START will name.
      const id = str(e.messageId);
      if (!id) return;
      item = this.start(e, i, false);
      this.early.add(id);
    }
    if (item.complete) this.run.find(i, "error", "text_after_end", `TEXT_MESSAGE_CONTENT for ${item.messageId} after its END`);
    if (typeof e.delta === "string") item.text += e.delta;
    item.last = i;
  }

  end(e: Ev, i: number): void {
    const item = this.texts.get(str(e.messageId) ?? "");
    if (!item) return this.run.find(i, "error", "text_not_started", `TEXT_MESSAGE_END for ${str(e.messageId)} without its START`);
    item.complete = true;
    item.last = i;
  }

  chunkOf(e: Ev, i: number): void {
    const id = str(e.messageId);
    let item = id ? this.texts.get(id) : this.chunk;
    if (!item) {
      if (!id) return this.run.find(i, "error", "chunk_without_id", "The first TEXT_MESSAGE_CHUNK has no messageId");
      item = this.start(e, i, true);
    }
    this.chunk = item;
    if (typeof e.delta === "string") item.text += e.delta;
    item.last = i;
  }

  closeChunk(): void {
    if (!this.chunk) return;
    this.chunk.complete = true;
    this.chunk = null;
  }

  /** At the run's end: a started (not chunked) message without its END. */
  reportUnended(i: number): void {
    for (const t of this.texts.values())
      if (!t.complete && !t.chunked)
        this.run.find(i, "warning", "text_not_ended", `Text message ${t.messageId} never got TEXT_MESSAGE_END`);
  }
}

/** REASONING_MESSAGE_* (and the deprecated THINKING_TEXT_MESSAGE_*, numbered as they come). */
export class ReasoningMessages {
  private readonly reasoning = new Map<string, AguiReasoningItem>();
  private chunk: AguiReasoningItem | null = null;
  private legacyThinking: AguiReasoningItem | null = null;
  private legacyCount = 0;

  constructor(private readonly run: TimelineSink) {}

  start(messageId: string, i: number, legacy: boolean): AguiReasoningItem {
    const item: AguiReasoningItem = { kind: "reasoning", messageId, text: "", complete: false, encrypted: 0, legacy, first: i, last: i };
    this.reasoning.set(messageId, item);
    this.run.items.push(item);
    return item;
  }

  content(messageId: string | undefined, delta: unknown, i: number): void {
    const item = this.reasoning.get(messageId ?? "");
    if (!item) return this.run.find(i, "error", "reasoning_not_started", `Reasoning content for ${messageId} without its START`);
    if (typeof delta === "string") item.text += delta;
    item.last = i;
  }

  end(e: Ev, i: number): void {
    const item = this.reasoning.get(str(e.messageId) ?? "");
    if (!item) return this.run.find(i, "warning", "reasoning_not_started", "REASONING_MESSAGE_END without its START");
    item.complete = true;
    item.last = i;
  }

  chunkOf(e: Ev, i: number): void {
    const id = str(e.messageId);
    let item = id ? this.reasoning.get(id) : this.chunk;
    if (!item) {
      if (!id) return this.run.find(i, "error", "chunk_without_id", "The first REASONING_MESSAGE_CHUNK has no messageId");
      item = this.start(id, i, false);
    }
    this.chunk = item;
    if (typeof e.delta === "string") item.text += e.delta;
    item.last = i;
  }

  closeChunk(): void {
    if (!this.chunk) return;
    this.chunk.complete = true;
    this.chunk = null;
  }

  /** REASONING_ENCRYPTED_VALUE: counted on its reasoning message, else kept as an unknown item. */
  encrypted(type: string, e: Ev, i: number): void {
    const item = this.reasoning.get(str(e.entityId) ?? "");
    if (item) {
      item.encrypted++;
      item.last = i;
    } else this.run.items.push({ kind: "unknown", type, first: i, last: i, event: e });
  }

  thinkingStart(i: number): void {
    this.legacyThinking = this.start(`thinking-${++this.legacyCount}`, i, true);
  }

  thinkingContent(e: Ev, i: number): void {
    if (!this.legacyThinking) this.legacyThinking = this.start(`thinking-${++this.legacyCount}`, i, true);
    this.content(this.legacyThinking.messageId, e.delta, i);
  }

  thinkingEnd(i: number): void {
    if (!this.legacyThinking) return;
    this.legacyThinking.complete = true;
    this.legacyThinking.last = i;
    this.legacyThinking = null;
  }
}
