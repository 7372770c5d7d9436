import { isRecord } from "@/lib/values";
import type { AguiRunTimeline, AguiToolCallItem } from "@/lib/protocols/agui/types";

/**
 * The thread's messages after a run, as a client keeps them (AG-UI Message[]): the last
 * MESSAGES_SNAPSHOT replaces everything before it; text messages, tool calls (attached to their
 * parent assistant message) and tool results assembled after it are appended, unless the snapshot
 * already carried a message with the same id.
 */
type Msg = Record<string, unknown> & { id: string; role: string };

function toolCallOf(t: AguiToolCallItem) {
  return { id: t.toolCallId, type: "function", function: { name: t.name, arguments: t.args } };
}

export function threadMessagesAfterRun(inputMessages: readonly unknown[], timeline: AguiRunTimeline): unknown[] {
  let snapshotAt = -1;
  for (let k = timeline.items.length - 1; k >= 0; k--) {
    if (timeline.items[k]!.kind === "messages_snapshot") {
      snapshotAt = k;
      break;
    }
  }
  const snapshot = timeline.items[snapshotAt];
  const base = snapshot?.kind === "messages_snapshot" ? snapshot.messages : inputMessages;
  const out: unknown[] = [...base];
  const ids = new Set<string>();
  for (const m of out) if (isRecord(m) && typeof m.id === "string") ids.add(m.id);
  const byId = new Map<string, Msg>();

  for (let k = snapshotAt + 1; k < timeline.items.length; k++) {
    const item = timeline.items[k]!;
    if (item.kind === "text") {
      if (ids.has(item.messageId)) continue;
      const msg: Msg = { id: item.messageId, role: item.role, content: item.text };
      ids.add(item.messageId);
      byId.set(item.messageId, msg);
      out.push(msg);
    } else if (item.kind === "tool_call") {
      if (item.name) {
        const parentId = item.parentMessageId;
        let parent = parentId ? byId.get(parentId) : undefined;
        if (!parent && !(parentId && ids.has(parentId))) {
          // No assistant message to hang the call on: one of its own, as clients do.
          parent = { id: parentId ?? `assistant-${item.toolCallId}`, role: "assistant", content: "" };
          ids.add(parent.id);
          byId.set(parent.id, parent);
          out.push(parent);
        }
        if (parent) parent.toolCalls = [...(Array.isArray(parent.toolCalls) ? parent.toolCalls : []), toolCallOf(item)];
      }
      if (item.result && !(item.result.messageId && ids.has(item.result.messageId))) {
        const id = item.result.messageId ?? `tool-result-${item.toolCallId}`;
        ids.add(id);
        const content = typeof item.result.content === "string" ? item.result.content : JSON.stringify(item.result.content ?? null);
        out.push({ id, role: "tool", toolCallId: item.toolCallId, content, ...(item.result.error ? { error: item.result.error } : {}) });
      }
    }
  }
  return out;
}

/** Tool calls of the run that named one of `toolNames` and got no TOOL_CALL_RESULT: the client's to answer. */
export function pendingFrontendCalls(timeline: AguiRunTimeline, toolNames: ReadonlySet<string>): AguiToolCallItem[] {
  const out: AguiToolCallItem[] = [];
  for (const item of timeline.items) if (item.kind === "tool_call" && toolNames.has(item.name) && !item.result) out.push(item);
  return out;
}
