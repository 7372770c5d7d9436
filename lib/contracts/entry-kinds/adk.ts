import { z } from "zod";
import type { AdkContent } from "@/lib/protocols/adk/types";
import type { RunBody } from "@/lib/contracts/agents";
import { spotChecked } from "@/lib/contracts/entry-kinds/shape";

/** A user Content as sent: answers (function responses) or the composer's text and files. */
export type UserContent = AdkContent | { role: "user"; parts: RunBody["parts"] };

/**
 * Entry kinds of protocol "adk" (connectionId = the agent server id, sessionKey =
 * adkSessionKey(app, user, session)). Frames of the agent are kept as received; the normalizers
 * in lib/protocols/adk judge them.
 */
export const adkEntryKinds = {
  /** One ADK Event as received from /run_sse (credential secrets masked). */
  event: z.unknown(),
  /** The `{"error": …}` frame of the stream, as received. */
  stream_error: z.unknown(),
  /** A frame that was not JSON. */
  malformed: z.object({ text: z.string(), error: z.string() }),
  /**
   * Direction out: what the user sent (/run_sse never echoes it; credential secrets masked).
   * Spot-checked: the message's parts are a genai Content (ADK's own shape), trusted.
   */
  user_message: spotChecked<{ runId: string; newMessage: UserContent; stateDelta?: Record<string, unknown> }>(
    z.object({
      runId: z.string(),
      newMessage: z.object({ parts: z.array(z.unknown()) }),
      stateDelta: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
} as const;
