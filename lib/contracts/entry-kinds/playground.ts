import { z } from "zod";
import { PlaygroundProvider } from "@/lib/contracts/playground";
import type {
  ColumnConfig,
  Conversation,
  PgModelRequest,
  PgModelResponse,
  PgToolCall,
  PgTurn,
  PlaygroundColumn,
  TokenUsage,
} from "@/lib/contracts/playground";
import { describes, spotChecked } from "@/lib/contracts/entry-kinds/shape";

const count = z.number().int().min(0);
const turnStep = { turn: count, step: count };

/** A TokenUsage, whole (also how the playground's column rows are read back). */
export const tokenUsage = describes<TokenUsage>()(
  z.object({
    inputTokens: z.number(),
    outputTokens: z.number(),
    cachedInputTokens: z.number().optional(),
    reasoningTokens: z.number().optional(),
  }),
);

/** A column's config as recorded: the input schema's output (defaults filled), read without its defaults and checks. */
const columnConfig = describes<ColumnConfig>()(
  z.object({
    provider: PlaygroundProvider,
    model: z.string(),
    baseUrl: z.string().optional(),
    strict: z.boolean(),
    temperature: z.number().optional(),
    maxSteps: z.number(),
  }),
);

/** A PgTurn, whole (also how a column row's running turn is read back). */
export const pgTurn = describes<PgTurn>()(
  z.object({
    turn: count,
    status: z.enum(["running", "done", "error", "stopped", "max_steps"]),
    startedAt: z.number(),
    endedAt: z.number().optional(),
    usage: tokenUsage,
    costUsd: z.number().nullable(),
    error: z.string().optional(),
  }),
);

const column = describes<PlaygroundColumn>()(
  z.object({
    id: z.string(),
    config: columnConfig,
    status: z.enum(["idle", "running", "awaiting_approval", "error"]),
    usage: tokenUsage,
    costUsd: z.number().nullable(),
  }),
);

/**
 * Entry kinds of protocol "playground" (connectionId = the conversation id, sessionKey = the
 * column id); lib/contracts/playground.ts says what each means. The column timeline
 * (components/playground/timeline-model.ts) reads them through these: one that does not fit (a
 * preview that lost its text or tool calls among them) is shown raw where it arrived.
 */
export const playgroundEntryKinds = {
  pg_user: z.object({ turn: count, text: z.string() }),
  /** Spot-checked: the step and the model; the body sent, the tool map and findings can be large (a preview drops them). */
  pg_model_request: spotChecked<PgModelRequest>(z.object({ ...turnStep, provider: z.string(), model: z.string() })),
  pg_model_stream: z.object({ ...turnStep, text: z.string(), reasoning: z.string().optional() }),
  /** Spot-checked: the step, status and tool calls; the text and the provider's raw body can be large. */
  pg_model_response: spotChecked<PgModelResponse>(
    z.object({ ...turnStep, status: z.enum(["ok", "error"]), toolCalls: z.array(z.unknown()) }),
  ),
  /** Spot-checked: the call's ids and status; its arguments and result can be large (a preview drops them). */
  pg_tool_call: spotChecked<PgToolCall>(z.object({ ...turnStep, toolCallId: z.string(), calledAs: z.string(), status: z.string() })),
  pg_turn: pgTurn,
  pg_column: describes<{ column: PlaygroundColumn; removed?: boolean }>()(z.object({ column, removed: z.boolean().optional() })),
  /**
   * Spot-checked, as before: the conversation's id, title and columns, which readers key on (a
   * record of only those, as the stream tests send, must keep parsing); its settings are trusted.
   */
  pg_conversation: spotChecked<{ conversation: Conversation; removed?: boolean }>(
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
