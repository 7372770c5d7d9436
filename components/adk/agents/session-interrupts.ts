import type { InboxItem } from "@/lib/contracts/agents";
import type { InboxRow } from "@/lib/contracts/inbox";
import type { TimelineState } from "@/lib/protocols/adk/timeline";
import { timelineInterrupts } from "@/lib/protocols/adk/timeline-views";
import type { SessionRef } from "@/lib/queries/agents";
import { refKey } from "@/lib/queries/agents";

/**
 * The interrupts of one open session by key (raising event id + call id: a workflow gate reuses
 * its call id on every run), for the cards inside its timeline. The inbox's row wins (it carries
 * Loupe's stored answer); a pause the server has not listed yet (it just streamed in) comes from
 * the timeline itself, so its card shows at once.
 */
export function sessionInterrupts(
  ref: SessionRef,
  agentName: string,
  timeline: TimelineState | null,
  inbox: readonly InboxRow[] | undefined,
): Map<string, InboxItem> {
  const sessionKey = refKey(ref);
  const out = new Map<string, InboxItem>();
  if (timeline) {
    for (const it of timelineInterrupts(timeline, { connectionId: ref.agentId, sessionKey })) {
      out.set(it.key, { ...it, agentId: ref.agentId, agentName, appName: ref.appName, userId: ref.userId, sessionId: ref.sessionId });
    }
  }
  for (const row of inbox ?? []) {
    // Other protocols' requests share the inbox; they are not this session's interrupts.
    if (row.source === "adk" && row.agentId === ref.agentId && row.sessionKey === sessionKey) out.set(row.key, row);
  }
  return out;
}
