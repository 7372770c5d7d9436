import { z } from "zod";
import { spotChecked } from "@/lib/contracts/entry-kinds/shape";
import type { LgHumanRequest, LgRunRecord } from "@/lib/contracts/langgraph";

/**
 * Entry kinds of protocol "langgraph" (connectionId = the deployment id, sessionKey = the thread
 * id); lib/contracts/langgraph.ts says what each means. Events stay loose: an event of an unknown
 * name or shape is still recorded and shown raw.
 */
export const langgraphEntryKinds = {
  /** Direction out: what Loupe POSTed to start a run (path and body). */
  lg_input: z.object({ runId: z.string(), request: z.object({ path: z.string(), body: z.unknown() }) }),
  /** Direction in: one SSE event as received; `event` is the SSE event name, whatever it is. */
  lg_event: z.object({ runId: z.string(), event: z.string(), id: z.string().optional(), data: z.unknown() }),
  /** Direction in: an event whose data did not parse as JSON (kept as text). */
  lg_malformed: z.object({ runId: z.string(), event: z.string().optional(), text: z.string(), error: z.string() }),
  /** The run, on start and end; readers key on these fields, the counters are trusted. */
  lg_run: spotChecked<LgRunRecord>(
    z.object({ runId: z.string(), threadId: z.string(), deploymentId: z.string(), status: z.string(), startedAt: z.number() }),
  ),
  /** An LgHumanRequest, whole, on every change; readers key on these fields. */
  lg_request: spotChecked<LgHumanRequest>(
    z.object({
      id: z.string(),
      deploymentId: z.string(),
      threadId: z.string(),
      interruptId: z.string(),
      status: z.enum(["pending", "answered", "failed", "stale"]),
      createdAt: z.number(),
    }),
  ),
} as const;
