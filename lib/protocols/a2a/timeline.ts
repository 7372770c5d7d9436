import type { A2aTaskState } from "@/lib/contracts/a2a";
import { A2A_INTERRUPTED_STATES, A2A_TERMINAL_STATES } from "@/lib/contracts/a2a";
import type { A2aArtifact, A2aItem, A2aMessage, A2aPart } from "@/lib/protocols/a2a/frames";
import { messageText } from "@/lib/protocols/a2a/message";

/** One frame already read (frames.ts), with when it arrived and its entry seq. */
export interface A2aTimedItem {
  seq: number;
  at: number;
  item: A2aItem;
}

export type A2aStep =
  | { type: "state"; seq: number; at: number; state: A2aTaskState; text?: string; message?: A2aMessage; latencyMs: number }
  | { type: "message"; seq: number; at: number; message: A2aMessage }
  | { type: "artifact"; seq: number; at: number; artifactId: string; append: boolean; lastChunk: boolean };

export interface A2aAssembledArtifact extends A2aArtifact {
  /** How many chunks made it. */
  chunks: number;
  /** The agent said lastChunk (or sent the artifact whole in a task). */
  complete: boolean;
}

export interface A2aTransitionFinding {
  severity: "error" | "warning";
  seq: number;
  message: string;
}

export interface A2aTaskTimeline {
  taskId: string;
  contextId: string;
  state: A2aTaskState;
  steps: A2aStep[];
  artifacts: A2aAssembledArtifact[];
  findings: A2aTransitionFinding[];
}

/** Adjacent text parts of a streamed artifact read as one text (chunks split words anywhere). */
function appendParts(into: A2aPart[], more: A2aPart[]): A2aPart[] {
  const out = [...into];
  for (const part of more) {
    const last = out[out.length - 1];
    if (part.kind === "text" && last?.kind === "text") out[out.length - 1] = { kind: "text", text: last.text + part.text };
    else out.push(part);
  }
  return out;
}

interface Builder {
  timeline: A2aTaskTimeline;
  lastStateAt?: number;
  terminalSeq?: number;
  /** Set while interrupted; cleared by a user message on the task. */
  waitingSince?: { seq: number; state: A2aTaskState };
  continued: boolean;
  /** The status message of the last state step (its messageId): a frame repeating it is no new transition. */
  lastMessageId?: string;
  artifacts: Map<string, A2aAssembledArtifact>;
}

function builderFor(map: Map<string, Builder>, taskId: string, contextId: string): Builder {
  let b = map.get(taskId);
  if (!b) {
    b = {
      timeline: { taskId, contextId, state: "unknown", steps: [], artifacts: [], findings: [] },
      continued: false,
      artifacts: new Map(),
    };
    map.set(taskId, b);
  }
  if (contextId && !b.timeline.contextId) b.timeline.contextId = contextId;
  return b;
}

function afterTerminal(b: Builder, seq: number, what: string): void {
  if (b.terminalSeq === undefined) return;
  b.timeline.findings.push({ severity: "error", seq, message: `${what} after the task ended (${b.timeline.state})` });
}

function enterState(b: Builder, t: A2aTimedItem, state: A2aTaskState, message: A2aMessage | undefined): void {
  const prev = b.timeline.state;
  // The same state with the same status message (a continuation's first task frame, a tasks/get or
  // a push echoing the question just answered) repeats what is known: not a new wait that would
  // forget the client's answer.
  if (state === prev && message?.messageId !== undefined && message.messageId === b.lastMessageId) return;
  if (b.terminalSeq !== undefined) {
    // The same terminal state repeated (a task frame echoing the last update) is no transition.
    if (state === prev) return;
    afterTerminal(b, t.seq, `State ${state}`);
  }
  if (b.waitingSince && state !== b.waitingSince.state && !b.continued && !A2A_TERMINAL_STATES.includes(state)) {
    b.timeline.findings.push({
      severity: "warning",
      seq: t.seq,
      message: `The task left ${b.waitingSince.state} for ${state} without a message from the client continuing it`,
    });
  }
  if (state === prev && !message) return;
  const latencyMs = b.lastStateAt === undefined ? 0 : t.at - b.lastStateAt;
  b.lastStateAt = t.at;
  const text = messageText(message);
  b.timeline.steps.push({
    type: "state",
    seq: t.seq,
    at: t.at,
    state,
    latencyMs,
    ...(text ? { text } : {}),
    ...(message ? { message } : {}),
  });
  b.timeline.state = state;
  b.lastMessageId = message?.messageId;
  if (A2A_TERMINAL_STATES.includes(state)) b.terminalSeq ??= t.seq;
  if (A2A_INTERRUPTED_STATES.includes(state)) {
    b.waitingSince = { seq: t.seq, state };
    b.continued = false;
  } else if (state !== prev) b.waitingSince = undefined;
}

function addArtifact(b: Builder, t: A2aTimedItem, artifact: A2aArtifact, append: boolean, lastChunk: boolean): void {
  afterTerminal(b, t.seq, `Artifact ${artifact.artifactId}`);
  const had = b.artifacts.get(artifact.artifactId);
  const parts = append && had ? appendParts(had.parts, artifact.parts) : artifact.parts;
  b.artifacts.set(artifact.artifactId, { ...had, ...artifact, parts, chunks: (append && had ? had.chunks : 0) + 1, complete: lastChunk });
  b.timeline.steps.push({ type: "artifact", seq: t.seq, at: t.at, artifactId: artifact.artifactId, append, lastChunk });
}

/**
 * Every task's timeline from its frames in arrival order: each state with the time since the
 * previous one, the messages both ways, artifacts assembled from streamed chunks, and the
 * transition checks (nothing after a terminal state; an interrupted task moves on only after the
 * client continued it).
 */
export function buildTaskTimelines(items: readonly A2aTimedItem[]): A2aTaskTimeline[] {
  const map = new Map<string, Builder>();
  for (const t of items) {
    const item = t.item;
    switch (item.type) {
      case "task": {
        const b = builderFor(map, item.taskId, item.contextId);
        // A task snapshot's whole artifacts replace the chunks seen so far; same for its history.
        for (const a of item.artifacts) {
          if (!b.artifacts.has(a.artifactId)) b.artifacts.set(a.artifactId, { ...a, chunks: 1, complete: true });
        }
        enterState(b, t, item.state, item.message);
        break;
      }
      case "status":
        enterState(builderFor(map, item.taskId, item.contextId), t, item.state, item.message);
        break;
      case "artifact":
        addArtifact(builderFor(map, item.taskId, item.contextId), t, item.artifact, item.append, item.lastChunk);
        break;
      case "message": {
        const taskId = item.message.taskId;
        if (!taskId) break;
        const b = builderFor(map, taskId, item.message.contextId ?? "");
        if (item.message.role === "user") {
          if (b.terminalSeq !== undefined) afterTerminal(b, t.seq, "A client message");
          b.continued = true;
        }
        b.timeline.steps.push({ type: "message", seq: t.seq, at: t.at, message: item.message });
        break;
      }
      default:
        break;
    }
  }
  return [...map.values()].map((b) => ({ ...b.timeline, artifacts: [...b.artifacts.values()] }));
}
