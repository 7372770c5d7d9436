import type { HeldBy } from "@/lib/contracts/cluster";
import { z } from "zod";
import { HttpHeaders } from "@/lib/contracts/wire-strings";
import { bundleUnitContract, unitId } from "@/lib/contracts/bundle-unit";
import type { AdkInterrupt } from "@/lib/protocols/adk/interrupts";
import type { AppErrorBody } from "@/lib/errors";
import type { Actor } from "@/lib/contracts/people";

/** A saved ADK api_server (Python, JS, Java or Go: one REST + SSE API; protocols/adk.md). */
export const AgentServerInput = z.object({
  name: z.string().trim().min(1).max(200),
  url: z.url(),
  headers: HttpHeaders,
  /** The ADK user id sessions are listed and created under. */
  userId: z.string().trim().min(1).max(200).default("user"),
});
export type AgentServerInput = z.infer<typeof AgentServerInput>;

export interface AgentServerState {
  /** "starting": a server Loupe launches itself (the demo agent) and is still bringing up. */
  status: "unknown" | "starting" | "ok" | "error";
  error?: string;
  /** `/list-apps` as last read. */
  apps: string[];
  version?: string;
  checkedAt?: number;
}

/** As the API shows it: header values masked with SECRET_MASK; `heldBy` as PeerView's (lib/server/peers/registry.ts). */
export type AgentServerView = AgentServerInput & {
  id: string;
  createdAt: number;
  builtin?: boolean;
  state: AgentServerState;
  heldBy?: HeldBy;
};

export interface AgentSessionSummary {
  id: string;
  appName: string;
  userId: string;
  /** Epoch ms (Python's seconds converted). */
  lastUpdateTime: number | null;
  eventCount?: number;
  /** Loupe's own name and labels for the session (PUT …/label); ADK has no such field. */
  name?: string;
  labels?: string[];
}

/** PUT …/sessions/:sid/label: an empty name clears it; `labels` replaces the list (trimmed, deduplicated). */
export const SessionLabelBody = z.object({
  userId: z.string().min(1).max(200).optional(),
  name: z.string().trim().max(120).optional(),
  labels: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
});
export type SessionLabelBody = z.infer<typeof SessionLabelBody>;

export interface SessionLabel {
  name?: string;
  labels: string[];
  updatedAt: number;
}

/** `sessionKey` of every ADK entry and interrupt: one string for (app, user, session). */
export function adkSessionKey(appName: string, userId: string, sessionId: string): string {
  return `${appName}/${userId}/${sessionId}`;
}

export function parseAdkSessionKey(key: string): { appName: string; userId: string; sessionId: string } | null {
  const parts = key.split("/");
  if (parts.length !== 3 || parts.some((p) => !p)) return null;
  return { appName: parts[0]!, userId: parts[1]!, sessionId: parts[2]! };
}

/**
 * One ADK request's name in the audit log and its answer claims: the saved agent server, the
 * session and the request's key (event and call id). The call id alone repeats: across sessions,
 * agent servers, and a workflow gate's later pauses.
 */
export function adkRequestId(agentId: string, sessionKey: string, interruptKey: string): string {
  return `${agentId}/${sessionKey}/${interruptKey}`;
}

/** A genai Content part the composer may send: text, or a file as inline data (base64). */
export const NewMessagePart = z.union([
  z.object({ text: z.string() }),
  z.object({ inlineData: z.object({ mimeType: z.string().min(1), data: z.string(), displayName: z.string().optional() }) }),
]);

export const RunBody = z.object({
  userId: z.string().optional(),
  parts: z.array(NewMessagePart).min(1),
  streaming: z.boolean().default(false),
  stateDelta: z.record(z.string(), z.unknown()).optional(),
});
export type RunBody = z.infer<typeof RunBody>;

export type RunStatus = "running" | "completed" | "aborted" | "failed";

/** One /run_sse made through Loupe (recorded as a loupe/run entry at start and end). */
export interface RunRecord {
  id: string;
  agentId: string;
  sessionKey: string;
  status: RunStatus;
  startedAt: number;
  endedAt: number | null;
  /** Set when the run answered an interrupt. */
  answersInterruptId?: string;
  error?: AppErrorBody;
  eventCount: number;
}

/** What the user answers; the server turns it into the functionResponse (lib/protocols/adk/answers.ts). */
export const InterruptAnswer = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("confirmation"), confirmed: z.boolean(), payload: z.unknown().optional() }),
  z.object({ kind: z.literal("input"), value: z.unknown() }),
  z.object({ kind: z.literal("credential"), apiKey: z.string().min(1) }),
  z.object({ kind: z.literal("credential_oauth"), authResponseUri: z.url(), redirectUri: z.string().optional() }),
  z.object({ kind: z.literal("long_running"), response: z.unknown() }),
]);
export type InterruptAnswer = z.infer<typeof InterruptAnswer>;

export const AnswerBody = z.object({
  sessionKey: z.string().min(1),
  /** The call id to answer (the functionResponse id). */
  interruptId: z.string().min(1),
  /**
   * The interrupt's `key` (raising event id + call id): which request this answers when a workflow
   * gate reused the call id. Absent: the newest request with that call id.
   */
  interruptKey: z.string().min(1).optional(),
  answer: InterruptAnswer,
  streaming: z.boolean().default(false),
});
export type AnswerBody = z.infer<typeof AnswerBody>;

/** An answer as Loupe keeps it: stored before it is sent, so a failed send can be retried. */
export interface StoredAnswer {
  id: string;
  agentId: string;
  sessionKey: string;
  interruptId: string;
  /** The answered interrupt's `key`; an answer never applies to another request with the same call id. */
  interruptKey?: string;
  answer: InterruptAnswer;
  status: "sending" | "sent" | "failed";
  error?: AppErrorBody;
  runId?: string;
  createdAt: number;
  /**
   * Who gave it through the answer route, kept in the store only (maskStoredAnswer drops it): should
   * Loupe stop before the agent server replies, the next start fails the answer and writes the audit's
   * `failed` row under this name (lib/server/adk/agent-store.ts). None for an answer no route gave.
   */
  answeredBy?: Actor;
}

/**
 * A /run_sse frame Loupe recorded that the agent server does not store in the session (a stream
 * error, a malformed line, an event of unknown shape): the session GET returns these as
 * `unstored` beside the stored events, so they stay in the timeline after the run (entry `raw`).
 */
export interface UnstoredFrame {
  /** The entry's seq (the same frame may also be in the browser's live entries). */
  seq: number;
  kind: "stream_error" | "malformed" | "event" | string;
  receivedAt: number;
  raw: unknown;
}

/** One row of the inbox: an interrupt, where it comes from, and Loupe's answer to it if any. */
export type InboxItem = AdkInterrupt & {
  agentId: string;
  agentName: string;
  appName: string;
  userId: string;
  sessionId: string;
  lastAnswer?: StoredAnswer;
};

/** ADK's exportable unit: one stored session (lib/contracts/protocols.ts composes every protocol's). */
export const ADK_SESSION_UNIT = bundleUnitContract("adk-session", "ADK session", {
  agentId: unitId,
  appName: unitId,
  userId: unitId,
  sessionId: unitId,
});

/** What the session search finds of ADK: a session (by id, recorded text, name or label). */
export const ADK_SEARCH_KIND = "adk-session";
