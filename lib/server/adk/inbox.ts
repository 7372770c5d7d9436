import "server-only";
import type { InboxItem, StoredAnswer } from "@/lib/contracts/agents";
import type { UserContent } from "@/lib/contracts/entry-kinds/adk";
import { parseAdkSessionKey } from "@/lib/contracts/agents";
import type { AdkInterrupt, InterruptStatus, InterruptTracker } from "@/lib/protocols/adk/interrupts";
import { createInterruptTracker, listInterrupts, trackInterrupts } from "@/lib/protocols/adk/interrupts";
import { normalizeEvent } from "@/lib/protocols/adk/event";
import { userMessageEvent } from "@/lib/protocols/adk/session";
import type { AdkContent } from "@/lib/protocols/adk/types";
import type { AgentStore } from "@/lib/server/adk/agent-store";
import { maskStoredAnswer } from "@/lib/server/adk/mask";
import { maskCredentialSecrets } from "@/lib/server/secrets";
import type { Hub } from "@/lib/server/hub";

interface SessionTrack {
  tracker: InterruptTracker;
  /** JSON of the items last published, to record a loupe/inbox entry only on change. */
  signature: string;
}

const ORDER: Record<InterruptStatus, number> = { pending: 0, failed: 1, answered: 2, stale: 3 };

/** Where a stored answer is kept: by the interrupt's key (older rows without one: by call id). */
export const answerKey = (sessionKey: string, interruptKeyOrId: string): string => `${sessionKey}\n${interruptKeyOrId}`;

const storedAnswerKey = (a: StoredAnswer): string => answerKey(a.sessionKey, a.interruptKey ?? a.interruptId);

/**
 * A Loupe answer that failed stays "failed" while the agent has not acted on any answer to the
 * interrupt: still pending, or answered by a function response the agent refused (it stored the
 * user's event, then sent an error frame and nothing else in that run).
 */
export function overlayStatus(it: AdkInterrupt, last: StoredAnswer | undefined): InterruptStatus {
  if (last?.status !== "failed") return it.status;
  if (it.status === "pending") return "failed";
  // A refused answer the user has since moved past (a new turn) can no longer be retried.
  if (it.status === "answered" && it.answerTaken !== true) return it.answerLeftBehind ? "stale" : "failed";
  return it.status;
}

/** The stored answer of one interrupt; an older row without a key only when no other request shares the call id. */
function answerFor(answers: Map<string, StoredAnswer>, all: readonly AdkInterrupt[], it: AdkInterrupt): StoredAnswer | undefined {
  const own = answers.get(answerKey(it.sessionKey, it.key));
  if (own) return own;
  const legacy = answers.get(answerKey(it.sessionKey, it.id));
  if (!legacy || legacy.interruptKey !== undefined) return undefined;
  return all.filter((other) => other.id === it.id).length === 1 ? legacy : undefined;
}

/**
 * The ADK part of the shared inbox (lib/server/inbox lists it with the other protocols'): every
 * interrupt Loupe knows, per agent server and session (DESIGN "Interrupts"): fed by each
 * recorded event and user message and by stored sessions; publishes `loupe/inbox` on change.
 */
export class AdkInbox {
  private readonly sessions = new Map<string, Map<string, SessionTrack>>();
  private readonly answers = new Map<string, Map<string, StoredAnswer>>();
  /** Agent servers another live instance holds (issue 25): the last seq of theirs read from the store. */
  private readonly followed = new Map<string, number>();

  constructor(
    private readonly hub: Hub,
    private readonly agentStore: AgentStore,
    private readonly agentName: (agentId: string) => string | undefined,
  ) {}

  private track(agentId: string, sessionKey: string): SessionTrack {
    let bySession = this.sessions.get(agentId);
    if (!bySession) this.sessions.set(agentId, (bySession = new Map()));
    let track = bySession.get(sessionKey);
    if (!track) bySession.set(sessionKey, (track = { tracker: createInterruptTracker(), signature: "[]" }));
    return track;
  }

  private answersOf(agentId: string): Map<string, StoredAnswer> {
    let map = this.answers.get(agentId);
    if (!map) this.answers.set(agentId, (map = this.agentStore.latestAnswers(agentId)));
    return map;
  }

  /** One raw ADK event as recorded (partials and non-events are ignored by the tracker). */
  feedEvent(agentId: string, sessionKey: string, raw: unknown, publish = true): void {
    const track = this.track(agentId, sessionKey);
    const before = track.tracker.byKey.size;
    trackInterrupts(track.tracker, normalizeEvent(raw));
    // Most events touch no interrupt; skip the comparison when the session never had one.
    if (publish && (before > 0 || track.tracker.byKey.size > 0)) this.publish(agentId, sessionKey, track);
  }

  /** The user's own message (masked copy), as the event ADK will store for it. */
  feedUserMessage(agentId: string, sessionKey: string, newMessage: UserContent, stateDelta?: Record<string, unknown>): void {
    // userMessageEvent only embeds the content; inlineData parts are read by normalizeEvent too.
    const ev = userMessageEvent(newMessage, { timestamp: Date.now(), ...(stateDelta ? { stateDelta } : {}) });
    this.feedEvent(agentId, sessionKey, ev);
  }

  /** A stored session read from the agent server replaces what the tracker knew. */
  replaceSession(agentId: string, sessionKey: string, events: readonly unknown[]): void {
    const track = this.track(agentId, sessionKey);
    track.tracker = createInterruptTracker();
    for (const raw of events) trackInterrupts(track.tracker, normalizeEvent(raw));
    this.publish(agentId, sessionKey, track);
  }

  dropSession(agentId: string, sessionKey: string): void {
    const track = this.sessions.get(agentId)?.get(sessionKey);
    if (!track) return;
    track.tracker = createInterruptTracker();
    this.publish(agentId, sessionKey, track);
    this.sessions.get(agentId)?.delete(sessionKey);
  }

  dropAgent(agentId: string): void {
    this.sessions.delete(agentId);
    this.answers.delete(agentId);
  }

  /** A stored answer changed (sending → sent / failed): its interrupt may show another status. */
  setAnswer(answer: StoredAnswer): void {
    this.answersOf(answer.agentId).set(storedAnswerKey(answer), answer);
    const track = this.sessions.get(answer.agentId)?.get(answer.sessionKey);
    if (track) this.publish(answer.agentId, answer.sessionKey, track);
  }

  /**
   * Rebuilds one agent server's trackers and answers from the store (this instance took its lease:
   * another one ran its sessions until now, issue 25), without publishing: the items are those its
   * holder published.
   */
  reload(agentId: string): void {
    this.dropAgent(agentId);
    this.followed.delete(agentId);
    this.rebuild((id) => id === agentId, agentId);
  }

  /**
   * Reads what another live instance recorded of an agent server it holds (its runs stream there,
   * issue 25) since the last read, so this instance's inbox lists its requests too; their answers go
   * to the holder (peerLeases). The first read rebuilds the server's trackers; nothing is published
   * (the holder publishes its sessions' items).
   */
  catchUp(agentId: string): void {
    const from = this.followed.get(agentId);
    if (from === undefined) this.dropAgent(agentId);
    else this.answers.delete(agentId); // the holder's answers changed with its entries
    this.followed.set(
      agentId,
      this.rebuild((id) => id === agentId, agentId, from ?? 0),
    );
  }

  /** Rebuilds the trackers from recorded entries (at startup), without publishing: the last seq read. */
  rebuild(known: (agentId: string) => boolean, only?: string, after = 0): number {
    let last = after;
    for (const row of this.agentStore.adkEntries(only, after)) {
      last = row.seq;
      if (!known(row.connectionId)) continue;
      const raw = row.raw as { newMessage?: AdkContent; stateDelta?: Record<string, unknown> } | null;
      const isUser = row.kind === "user_message" && raw?.newMessage;
      const ev = isUser ? userMessageEvent(raw.newMessage!, raw.stateDelta ? { stateDelta: raw.stateDelta } : {}) : row.raw;
      this.feedEvent(row.connectionId, row.sessionKey, ev, false);
    }
    for (const [agentId, bySession] of this.sessions) {
      if (only !== undefined && agentId !== only) continue;
      for (const [sessionKey, track] of bySession) track.signature = JSON.stringify(this.items(agentId, sessionKey));
    }
    return last;
  }

  /**
   * The interrupt as tracked (secrets not masked: for building the answer), with its shown status.
   * By key when given; otherwise the newest request with that call id.
   */
  findRaw(
    agentId: string,
    sessionKey: string,
    interruptId: string,
    interruptKey?: string,
  ): { interrupt: AdkInterrupt; status: InterruptStatus; last?: StoredAnswer } | undefined {
    const track = this.sessions.get(agentId)?.get(sessionKey);
    if (!track) return undefined;
    const all = listInterrupts(track.tracker, { connectionId: agentId, sessionKey });
    const interrupt =
      interruptKey !== undefined
        ? all.find((i) => i.key === interruptKey && i.id === interruptId)
        : all.findLast((i) => i.id === interruptId);
    if (!interrupt) return undefined;
    const last = answerFor(this.answersOf(agentId), all, interrupt);
    return { interrupt, status: overlayStatus(interrupt, last), ...(last ? { last } : {}) };
  }

  /** How many requests of the session carry this call id (a reused id means several). */
  requestsWithCallId(agentId: string, sessionKey: string, callId: string): number {
    const track = this.sessions.get(agentId)?.get(sessionKey);
    if (!track) return 0;
    return listInterrupts(track.tracker, { connectionId: agentId, sessionKey }).filter((i) => i.id === callId).length;
  }

  /** The interrupts of one session as the browser sees them (secrets masked). */
  items(agentId: string, sessionKey: string): InboxItem[] {
    const track = this.sessions.get(agentId)?.get(sessionKey);
    const where = parseAdkSessionKey(sessionKey);
    if (!track || !where) return [];
    const answers = this.answersOf(agentId);
    const agentName = this.agentName(agentId) ?? agentId;
    const all = listInterrupts(track.tracker, { connectionId: agentId, sessionKey });
    return all.map((it) => {
      const last = answerFor(answers, all, it);
      const item = {
        ...maskCredentialSecrets(it),
        status: overlayStatus(it, last),
        agentId,
        agentName,
        ...where,
        ...(last ? { lastAnswer: maskStoredAnswer(last) } : {}),
      };
      return item;
    });
  }

  /** Every known interrupt: pending, failed, answered, stale; newest first within each. */
  list(): InboxItem[] {
    const all: InboxItem[] = [];
    for (const [agentId, bySession] of this.sessions) {
      for (const sessionKey of bySession.keys()) all.push(...this.items(agentId, sessionKey));
    }
    return all.sort((a, b) => ORDER[a.status] - ORDER[b.status] || (b.createdAt ?? 0) - (a.createdAt ?? 0));
  }

  private publish(agentId: string, sessionKey: string, track: SessionTrack): void {
    const items = this.items(agentId, sessionKey);
    const signature = JSON.stringify(items);
    if (signature === track.signature) return;
    track.signature = signature;
    this.hub.record({
      connectionId: agentId,
      sessionKey,
      receivedAt: Date.now(),
      sourceTime: null,
      direction: "local",
      protocol: "loupe",
      kind: "inbox",
      raw: { agentId, sessionKey, items },
    });
  }
}
