import { z } from "zod";

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
  /** Direction out: what the user sent (/run_sse never echoes it). */
  user_message: z.object({
    runId: z.string(),
    newMessage: z.unknown(),
    stateDelta: z.record(z.string(), z.unknown()).optional(),
  }),
} as const;
