import "server-only";
import { z } from "zod";
import { adkSessionKey } from "@/lib/contracts/agents";
import type { InboxItem } from "@/lib/contracts/agents";
import type { BundleEntry, BundleOrigin } from "@/lib/contracts/bundle";
import { BUNDLE_ORIGIN_LABEL } from "@/lib/contracts/bundle";
import type { AdkSessionSnapshot } from "@/lib/contracts/bundle-snapshots";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { InboxRow } from "@/lib/contracts/inbox";
import { toEpochMs } from "@/lib/protocols/adk/guards";
import { extractInterrupts } from "@/lib/protocols/adk/interrupts";
import { maskCredentialSecrets } from "@/lib/server/secrets";
import { isRecord } from "@/lib/values";
import { foreignBundle, IMPORTED_ID, isoOf, refuseForeign, scrubForeign, zodIssues } from "./common";

/**
 * An ADK stored session — `GET /apps/{app}/users/{u}/sessions/{id}` of the api_server, and adk-web's
 * session export, which is that same GET written out with `JSON.stringify(session, null, 2)` (read
 * in the adk-web bundle: `exportSession()` → `downloadObjectAsJson`) — as an `adk-session` bundle.
 * JS timestamps are ms, Python's seconds: both are read (toEpochMs).
 */

/** What adk-web stores in a session it created (`__session_metadata__.displayName`, the first message). */
export const ADK_WEB_METADATA_KEY = "__session_metadata__";

const eventSchema = z
  .object({
    id: z.string().optional(),
    invocationId: z.string().optional(),
    author: z.string().optional(),
    timestamp: z.number().optional(),
    content: z
      .object({ role: z.string().optional(), parts: z.array(z.record(z.string(), z.unknown())).optional() })
      .passthrough()
      .nullable()
      .optional(),
    actions: z.record(z.string(), z.unknown()).optional(),
    // Python writes null where JS leaves a key out.
    longRunningToolIds: z.array(z.string()).nullable().optional(),
  })
  .passthrough();

const sessionSchema = z
  .object({
    id: z.string().min(1),
    appName: z.string().min(1),
    userId: z.string().min(1),
    state: z.record(z.string(), z.unknown()),
    events: z.array(eventSchema),
    lastUpdateTime: z.number().optional(),
  })
  .passthrough();

/** The shape both formats share: strict enough to leave Loupe bundles and inspector logs alone, loose enough that a broken session is claimed (and its faults named). */
export function looksLikeAdkSession(json: unknown): json is Record<string, unknown> {
  return (
    isRecord(json) &&
    !("format" in json) &&
    typeof json.appName === "string" &&
    typeof json.userId === "string" &&
    "id" in json &&
    "events" in json
  );
}

/** Whether adk-web created the session (it writes its display name into the state). */
export function madeByAdkWeb(json: Record<string, unknown>): boolean {
  return isRecord(json.state) && isRecord(json.state[ADK_WEB_METADATA_KEY]);
}

/** Strings masking replaced: how many credential secrets the converter took out. */
function countMasked(raw: unknown, masked: unknown): number {
  if (masked === SECRET_MASK) return typeof raw === "string" && raw !== SECRET_MASK ? 1 : 0;
  if (Array.isArray(raw) && Array.isArray(masked)) return raw.reduce<number>((n, v, i) => n + countMasked(v, masked[i]), 0);
  if (isRecord(raw) && isRecord(masked)) return Object.keys(raw).reduce((n, k) => n + countMasked(raw[k], masked[k]), 0);
  return 0;
}

function displayName(state: Record<string, unknown>): string | null {
  const meta = state[ADK_WEB_METADATA_KEY];
  const name = isRecord(meta) ? meta.displayName : undefined;
  return typeof name === "string" && name.trim() ? name.trim() : null;
}

const TRACE_NOTE: Record<"adk-web" | "adk-session-json", string> = {
  "adk-web": "Not in an adk-web export: the file holds the stored session only (no trace, no artifacts).",
  "adk-session-json": "Not in an ADK session JSON: GET …/sessions/{id} returns the stored session only (no trace, no artifacts).",
};

/**
 * The bundle of one stored session. Every event becomes an `event` entry (direction in: the stored
 * event as the server returns it; a user-authored one is the user's message in the timeline), at
 * its own timestamp; the session is kept whole (unknown fields too) as the snapshot.
 */
export function convertAdkSession(json: unknown, origin: "adk-web" | "adk-session-json", fileName?: string) {
  const label = BUNDLE_ORIGIN_LABEL[origin];
  const parsed = sessionSchema.safeParse(json);
  if (!parsed.success) refuseForeign(label, zodIssues(parsed.error));
  const scrubbed = scrubForeign(json as z.infer<typeof sessionSchema>);
  const raw = scrubbed.value;
  const { id: sessionId, appName, userId } = parsed.data;
  const sessionKey = adkSessionKey(appName, userId, sessionId);
  // The recorder masks credential secrets in every ADK event it keeps; an imported one gets the same.
  const events = raw.events.map((e) => maskCredentialSecrets(e));
  const state = maskCredentialSecrets(raw.state);
  const masked = scrubbed.masked + countMasked(raw.events, events) + countMasked(raw.state, state);

  let last = 0;
  const entries: BundleEntry[] = events.map((event, i) => {
    const at = toEpochMs(event.timestamp);
    // An event without a time keeps the order at the previous one's time (sourceTime says it had none).
    if (at !== null) last = at;
    return {
      seq: i + 1,
      connectionId: IMPORTED_ID,
      sessionKey,
      receivedAt: last,
      sourceTime: at,
      direction: "in",
      protocol: "adk",
      kind: "event",
      raw: event,
    };
  });

  // The inbox rows the live ADK inbox would derive from these events (lib/server/adk/inbox.ts items()).
  const interrupts = extractInterrupts(events, { connectionId: IMPORTED_ID, sessionKey });
  const inbox: InboxRow[] = interrupts.map((it) => {
    const item: InboxItem = { ...maskCredentialSecrets(it), agentId: IMPORTED_ID, agentName: appName, appName, userId, sessionId };
    return { ...item, source: "adk" as const };
  });

  const { lastUpdateTime, ...rest } = raw;
  const snapshot: AdkSessionSnapshot = {
    session: { ...rest, state, events, ...(lastUpdateTime !== undefined ? { lastUpdateTime } : {}) },
    unstored: [],
    artifacts: [],
    trace: null,
    traceNote: TRACE_NOTE[origin],
  };
  const name = displayName(raw.state);
  const title = `${name ? `${name} · ` : ""}ADK session ${sessionId} · ${appName} (${label})`;
  const updated = lastUpdateTime !== undefined ? toEpochMs(lastUpdateTime) : last || null;
  return foreignBundle(
    {
      title,
      connection: { protocol: "adk", id: IMPORTED_ID, name: appName, target: "" },
      entries,
      snapshot,
      inbox,
      unit: { type: "adk-session", agentId: IMPORTED_ID, appName, userId, sessionId },
      origin: { kind: origin satisfies BundleOrigin, ...(fileName ? { fileName } : {}) },
      exportedAt: isoOf(updated),
    },
    masked,
  );
}
