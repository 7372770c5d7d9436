import { z } from "zod";
import type { AguiHumanRequest, AguiRunRecord } from "@/lib/contracts/agui";
import { spotChecked } from "@/lib/contracts/entry-kinds/shape";

/**
 * Entry kinds of protocol "agui" (connectionId = the agent id, sessionKey = the threadId);
 * lib/contracts/agui.ts says what each means. Events stay loose: an event of an unknown type or
 * shape is still recorded and shown raw. (Owned by the AG-UI server side, which tightens these.)
 */
export const aguiEntryKinds = {
  /** Direction out: the RunAgentInput Loupe POSTed. */
  agui_input: z.object({ runId: z.string(), input: z.unknown() }),
  /** Direction in: one AG-UI event as received (any type, unknown ones too). */
  agui_event: z.object({ runId: z.string(), event: z.unknown() }),
  /** Direction in: a line / frame that did not parse or validate. */
  agui_malformed: z.object({ runId: z.string(), text: z.string().optional(), error: z.string() }),
  /**
   * The run, on start and end. Spot-checked, as before: readers key on these fields, and records of
   * only these (the stream tests' own) must keep parsing; the counters and the outcome are trusted.
   */
  agui_run: spotChecked<AguiRunRecord>(
    z.object({ runId: z.string(), threadId: z.string(), agentId: z.string(), status: z.string(), startedAt: z.number() }),
  ),
  /**
   * An AguiHumanRequest, whole, on every change. Spot-checked, as before: readers key on these
   * fields, and records of only these (the stream tests' own) must keep parsing; the call, the
   * interrupt and the answer are trusted.
   */
  agui_request: spotChecked<AguiHumanRequest>(
    z.object({
      id: z.string(),
      agentId: z.string(),
      threadId: z.string(),
      runId: z.string(),
      kind: z.enum(["tool", "interrupt"]),
      status: z.enum(["pending", "answered", "failed", "stale"]),
      createdAt: z.number(),
    }),
  ),
} as const;
