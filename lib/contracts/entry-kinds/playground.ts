import { z } from "zod";
import type { Conversation, PgModelRequest, PgModelResponse, PgToolCall, PgTurn, PlaygroundColumn } from "@/lib/contracts/playground";
import { jsonObject, recordOf } from "@/lib/contracts/entry-kinds/shape";

const count = z.number().int().min(0);
const turnStep = { turn: count, step: count };

/**
 * Entry kinds of protocol "playground" (connectionId = the conversation id, sessionKey = the
 * column id); lib/contracts/playground.ts says what each means. The column timeline
 * (components/playground/timeline-model.ts) reads them through these: one that does not fit (a
 * preview that lost its text or tool calls among them) is shown raw where it arrived.
 */
export const playgroundEntryKinds = {
  pg_user: z.object({ turn: count, text: z.string() }),
  pg_model_request: recordOf<PgModelRequest>(z.object({ ...turnStep, provider: z.string(), model: z.string() })),
  pg_model_stream: z.object({ ...turnStep, text: z.string(), reasoning: z.string().optional() }),
  pg_model_response: recordOf<PgModelResponse>(z.object({ ...turnStep, status: z.enum(["ok", "error"]), toolCalls: z.array(z.unknown()) })),
  pg_tool_call: recordOf<PgToolCall>(z.object({ ...turnStep, toolCallId: z.string(), calledAs: z.string(), status: z.string() })),
  pg_turn: recordOf<PgTurn>(z.object({ turn: count, status: z.string(), startedAt: z.number() })),
  pg_column: recordOf<{ column: PlaygroundColumn; removed?: boolean }>(
    z.object({
      column: z.object({ id: z.string(), config: jsonObject, status: z.string() }),
      removed: z.boolean().optional(),
    }),
  ),
  pg_conversation: recordOf<{ conversation: Conversation; removed?: boolean }>(
    z.object({
      conversation: z.object({ id: z.string(), title: z.string(), columns: z.array(z.unknown()) }),
      removed: z.boolean().optional(),
    }),
  ),
  /** The column's model drafted the answer to a server's sampling request (text absent when it failed). */
  pg_sampling_draft: z.object({
    connectionId: z.string(),
    requestId: z.string(),
    model: z.string(),
    provider: z.string().optional(),
    url: z.string().nullable().optional(),
    body: z.unknown(),
    text: z.string().optional(),
    latencyMs: z.number().optional(),
    http: z.unknown(),
    error: z.unknown().optional(),
  }),
} as const;
