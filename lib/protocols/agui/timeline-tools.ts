import { errorMessage } from "@/lib/values";
import type { AguiToolCallItem } from "@/lib/protocols/agui/types";
import { str, type Ev } from "@/lib/protocols/agui/events";
import type { TimelineSink } from "@/lib/protocols/agui/timeline-messages";

/**
 * The tool calls of an AG-UI run: START / ARGS / END or CHUNKs, then TOOL_CALL_RESULT. The
 * arguments are parsed as JSON once the call ends; text that does not parse is a finding.
 */
export class ToolCalls {
  private readonly tools = new Map<string, AguiToolCallItem>();
  private chunk: AguiToolCallItem | null = null;

  constructor(private readonly run: TimelineSink) {}

  start(e: Ev, i: number, chunked: boolean): AguiToolCallItem {
    const toolCallId = str(e.toolCallId) ?? `tool-${i}`;
    if (this.tools.has(toolCallId)) this.run.find(i, "warning", "tool_call_started_twice", `Tool call ${toolCallId} started again`);
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
    this.run.items.push(item);
    return item;
  }

  args(e: Ev, i: number): void {
    const item = this.tools.get(str(e.toolCallId) ?? "");
    if (!item)
      return this.run.find(i, "error", "tool_args_before_start", `TOOL_CALL_ARGS for ${str(e.toolCallId)} without its TOOL_CALL_START`);
    if (item.complete) this.run.find(i, "error", "tool_args_after_end", `TOOL_CALL_ARGS for ${item.toolCallId} after its TOOL_CALL_END`);
    if (typeof e.delta === "string") item.args += e.delta;
    item.last = i;
  }

  end(e: Ev, i: number): void {
    const item = this.tools.get(str(e.toolCallId) ?? "");
    if (!item)
      return this.run.find(i, "error", "tool_end_before_start", `TOOL_CALL_END for ${str(e.toolCallId)} without its TOOL_CALL_START`);
    if (item.complete) return this.run.find(i, "warning", "tool_ended_twice", `TOOL_CALL_END for ${item.toolCallId} again`);
    this.complete(item, i);
  }

  private complete(item: AguiToolCallItem, i: number): void {
    item.complete = true;
    item.last = Math.max(item.last, i);
    if (item.args.trim() === "") {
      item.parsedArgs = {};
      return;
    }
    try {
      const parsed: unknown = JSON.parse(item.args);
      item.parsedArgs = parsed;
    } catch (err) {
      item.argsError = errorMessage(err);
      this.run.find(i, "warning", "tool_args_not_json", `Arguments of ${item.toolCallId} (${item.name}) are not JSON: ${item.argsError}`);
    }
  }

  chunkOf(e: Ev, i: number): void {
    const id = str(e.toolCallId);
    let item = id ? this.tools.get(id) : this.chunk;
    if (!item) {
      if (!id) return this.run.find(i, "error", "chunk_without_id", "The first TOOL_CALL_CHUNK has no toolCallId");
      item = this.start(e, i, true);
    }
    this.chunk = item;
    if (typeof e.delta === "string") item.args += e.delta;
    item.last = i;
  }

  /** An open CHUNK stream ends at the event before `i`. */
  closeChunk(i: number): void {
    if (!this.chunk) return;
    this.complete(this.chunk, i - 1);
    this.chunk = null;
  }

  result(e: Ev, i: number): void {
    const id = str(e.toolCallId) ?? "";
    const item = this.tools.get(id);
    const result = { content: e.content, messageId: str(e.messageId), index: i, error: str(e.error) };
    if (!item) {
      // A result for a call made in an earlier run (a resumed tool-bound interrupt) is normal.
      this.run.items.push({
        kind: "tool_call",
        toolCallId: id,
        name: "",
        args: "",
        complete: true,
        chunked: false,
        first: i,
        last: i,
        result,
      });
      return;
    }
    if (!item.complete) this.run.find(i, "warning", "tool_result_before_end", `TOOL_CALL_RESULT for ${id} before its TOOL_CALL_END`);
    item.result = result;
    item.last = i;
  }

  /** At the run's end: a call without its END. */
  reportUnended(i: number): void {
    for (const t of this.tools.values())
      if (!t.complete) this.run.find(i, "warning", "tool_call_not_ended", `Tool call ${t.toolCallId} (${t.name}) never got TOOL_CALL_END`);
  }
}
