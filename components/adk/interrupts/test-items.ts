// Test-only (Node): InboxItems built by the real extractor from the ADK JS captures.
import { adkSessionKey, type InboxItem, type StoredAnswer } from "@/lib/contracts/agents";
import { extractInterrupts } from "@/lib/protocols/adk/interrupts";
import { userMessageEvent } from "@/lib/protocols/adk/session";
import { requestMessage, sseEvents } from "@/lib/protocols/adk/test-fixtures";
import type { AdkContent } from "@/lib/protocols/adk/types";
import type { ItemOf } from "./form-types";

export interface ItemOptions {
  agentId?: string;
  agentName?: string;
  appName?: string;
  userId?: string;
  sessionId?: string;
  lastAnswer?: StoredAnswer;
}

/** Every interrupt of the given raw events, as the inbox API would list them. */
export function itemsOf(events: unknown[], opts: ItemOptions = {}): InboxItem[] {
  const { agentId = "adk1", agentName = "Demo agent", appName = "inspector_demo", userId = "u1", sessionId = "s_full", lastAnswer } = opts;
  const sessionKey = adkSessionKey(appName, userId, sessionId);
  return extractInterrupts(events, { connectionId: agentId, sessionKey }).map((i) => ({
    ...i,
    agentId,
    agentName,
    appName,
    userId,
    sessionId,
    ...(lastAnswer ? { lastAnswer } : {}),
  }));
}

/** A run of a capture with the user's own message first (SSE never echoes it): a new user turn. */
export function runOf(prefix: string): unknown[] {
  return [userMessageEvent(requestMessage(prefix) as AdkContent), ...sseEvents(prefix)];
}

/**
 * A pause answered by a function response the agent stored and then refused (IntentMismatchError):
 * capture 30's confirmation, 31's answer as a stored user event, and no agent event after it.
 */
export function refusedItem(opts: ItemOptions = {}): InboxItem {
  const stored = userMessageEvent(requestMessage("31") as AdkContent, { id: "u-31", invocationId: "e-refused", timestamp: 1795257300000 });
  const found = itemsOf([...sseEvents("30"), stored], opts).find((i) => i.kind === "confirmation");
  if (!found) throw new Error("no confirmation in capture 30");
  return found;
}

/** The one interrupt of `kind` in the captures with these prefixes (events concatenated in order). */
export function itemFrom<K extends InboxItem["kind"]>(prefixes: string[], kind: K, opts?: ItemOptions): ItemOf<K> {
  const found = itemsOf(prefixes.flatMap(sseEvents), opts).filter((i): i is ItemOf<K> => i.kind === kind);
  if (found.length !== 1) throw new Error(`expected one ${kind} in ${prefixes.join("+")}, found ${found.length}`);
  return found[0]!;
}

/** A StoredAnswer as the server keeps it after a failed send. */
export function failedAnswer(item: InboxItem, answer: StoredAnswer["answer"], error: NonNullable<StoredAnswer["error"]>): StoredAnswer {
  return {
    id: "ans-1",
    agentId: item.agentId,
    sessionKey: item.sessionKey,
    interruptId: item.id,
    answer,
    status: "failed",
    error,
    createdAt: 1795257300000,
  };
}
