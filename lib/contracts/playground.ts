import { z } from "zod";
import { bundleUnitContract, unitId } from "@/lib/contracts/bundle-unit";
import { ApprovalPolicy, ToolPolicies } from "@/lib/contracts/approvals";

/**
 * The playground (issue 10): a model uses the connected MCP servers' tools, and Loupe owns the
 * loop. The provider SDK (Vercel AI SDK) is given tool declarations without `execute`, so each
 * step ends with the model's tool calls handed back to Loupe, which gates, runs them through its
 * recorded MCP connections, and sends the results in the next step (external recursion): every
 * step is a recorded entry.
 *
 * A conversation has one to three columns. Each column is one provider/model with its own
 * history; a user message goes to every column, so the same conversation runs side by side.
 */

export const PROVIDER_IDS = ["scripted", "openai", "anthropic", "google", "openai-compatible"] as const;
export const PlaygroundProvider = z.enum(PROVIDER_IDS);
export type PlaygroundProvider = z.infer<typeof PlaygroundProvider>;

/** One connection's tools given to the model: all of them, or the names listed. */
export const ToolSelection = z.object({
  connectionId: z.string().min(1),
  tools: z.union([z.literal("all"), z.array(z.string().min(1)).max(1000)]),
});
export type ToolSelection = z.infer<typeof ToolSelection>;

export const ColumnConfig = z.object({
  provider: PlaygroundProvider,
  model: z.string().trim().min(1).max(200),
  /**
   * openai-compatible: the endpoint (Ollama, LM Studio, vLLM…); others: an override (tests use it).
   * Returned with credentials masked (`user:***@`, `?api_key=***`); sent back masked, it keeps the real one.
   */
  baseUrl: z.url().optional(),
  /** OpenAI strict function calling (declarations from Portability's openai-strict target). */
  strict: z.boolean().default(false),
  temperature: z.number().min(0).max(2).optional(),
  /** A cap on model steps per user turn (each step: one model request). */
  maxSteps: z.number().int().min(1).max(100).default(20),
});
export type ColumnConfig = z.infer<typeof ColumnConfig>;

export const PlaygroundSettings = z.object({
  systemPrompt: z.string().max(100_000).default(""),
  servers: z.array(ToolSelection).max(50).default([]),
  policy: ApprovalPolicy.default("unless_read_only"),
  toolPolicies: ToolPolicies.default({}),
});
export type PlaygroundSettings = z.infer<typeof PlaygroundSettings>;

/** POST /api/playground/conversations */
export const ConversationInput = PlaygroundSettings.extend({
  title: z.string().trim().max(200).optional(),
  columns: z.array(ColumnConfig).min(1).max(3),
});
export type ConversationInput = z.infer<typeof ConversationInput>;

/**
 * PATCH /api/playground/conversations/:id — settings apply from the next turn on. Spelled out
 * without defaults: `PlaygroundSettings.partial()` keeps them, so a patch of the title alone
 * would reset the policy, the servers and the system prompt.
 */
export const ConversationPatch = z.object({
  systemPrompt: z.string().max(100_000).optional(),
  servers: z.array(ToolSelection).max(50).optional(),
  policy: ApprovalPolicy.optional(),
  toolPolicies: ToolPolicies.optional(),
  title: z.string().trim().min(1).max(200).optional(),
});
export type ConversationPatch = z.infer<typeof ConversationPatch>;

/**
 * POST /api/playground/conversations/:id/columns — add a column; `replay` re-runs the user turns
 * so far on it, one after another. Only the messages that went to every column at the time are
 * replayed (the shared conversation): one sent to some columns only (`MessageInput.columnIds`) is
 * left out. A replayed turn that errors ends that turn only: the next message is still sent (as
 * in a live column); stopping the column ends the replay.
 */
export const ColumnInput = z.object({ config: ColumnConfig, replay: z.boolean().default(true) });
export type ColumnInput = z.infer<typeof ColumnInput>;

/**
 * PATCH /api/playground/conversations/:id/columns/:columnId — another provider/model for a column,
 * from its next turn on (the setup panel's picker). DELETE …/columns/:columnId removes a column
 * (a pg_column entry with `removed: true`). Added by the playground UI helper (issue 10).
 */
export const ColumnPatch = z.object({ config: ColumnConfig });
export type ColumnPatch = z.infer<typeof ColumnPatch>;

/**
 * POST /api/playground/conversations/:id/messages — to every column, or the ones named. A message
 * to some columns only is not replayed on a column added later (ColumnInput).
 */
export const MessageInput = z.object({
  text: z.string().min(1).max(200_000),
  columnIds: z.array(z.string().min(1)).max(3).optional(),
});
export type MessageInput = z.infer<typeof MessageInput>;

export type ColumnStatus = "idle" | "running" | "awaiting_approval" | "error";

// Types, not interfaces: a conversation is a JSON object, and its bundle snapshot keeps it as one.
export type PlaygroundColumn = {
  id: string;
  config: ColumnConfig;
  status: ColumnStatus;
  /** Totals over the column's turns. */
  usage: TokenUsage;
  /** USD; null when the model's price is unknown to Loupe. */
  costUsd: number | null;
};

export type Conversation = PlaygroundSettings & {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  columns: PlaygroundColumn[];
};

export type TokenUsage = {
  inputTokens: number;
  outputTokens: number;
  /** Cached / reasoning tokens when the provider reports them. */
  cachedInputTokens?: number;
  reasoningTokens?: number;
};

/**
 * Entries of a conversation: protocol "playground", connectionId = the conversation id,
 * sessionKey = the column id. `turn` counts user messages from 1; `step` counts model requests
 * within a turn from 1.
 *
 * kinds and raw:
 *   "pg_user"           { turn, text }
 *   "pg_model_request"  PgModelRequest
 *   "pg_model_stream"   { turn, step, text, reasoning? } — the response so far, at most a few per second
 *   "pg_model_response" PgModelResponse
 *   "pg_tool_call"      PgToolCall (recorded again on every status change)
 *   "pg_turn"           PgTurn (recorded when a turn starts and when it ends)
 *   "pg_column"         { column: PlaygroundColumn, removed?: true }
 *   "pg_conversation"   { conversation: Conversation, removed?: true }
 *   "pg_sampling_draft" { connectionId, requestId, provider, model, url, body, text, latencyMs, http, error? } —
 *                       the column's model drafted the answer to a server's sampling request
 */
export interface PgModelRequest {
  turn: number;
  step: number;
  provider: PlaygroundProvider;
  model: string;
  /**
   * The URL and the exact JSON body sent (headers left out: they hold the key), except that a
   * tool result of 64 Ki characters or more, stored with its pg_tool_call, is not stored again:
   * in its place a note names the tool call (every later request re-sends it).
   */
  url: string | null;
  body: unknown;
  /** name the model sees → which tool of which connection. */
  toolMap: Record<string, { connectionId: string; tool: string }>;
  /** Portability findings for this provider that were not lossless, per declared tool name. */
  findings: Record<string, { severity: string; message: string }[]>;
}

export interface PgModelResponse {
  turn: number;
  step: number;
  status: "ok" | "error";
  text: string;
  reasoning?: string;
  toolCalls: PgModelToolCall[];
  finishReason: string | null;
  usage: TokenUsage | null;
  costUsd: number | null;
  latencyMs: number;
  /** The HTTP status and the raw body (the SSE text for a stream) as the provider sent it. */
  http: { status: number; body: string; truncated?: boolean } | null;
  error?: { message: string; raw?: unknown };
  /** The user stopped the turn while this step ran (status is "error", but no provider failed). */
  stopped?: boolean;
}

/** A tool call as the model produced it; `input` is the text it wrote (may not be JSON). */
export interface PgModelToolCall {
  toolCallId: string;
  name: string;
  input: string;
  /** Absent when `input` did not parse as a JSON object. */
  arguments?: Record<string, unknown>;
  parseError?: string;
  /**
   * What the provider attached to the call and wants back with it in the history (Gemini
   * thinking models' `google.thoughtSignature`), as the AI SDK reports it.
   */
  providerMetadata?: Record<string, Record<string, unknown>>;
}

export type PgToolCallStatus =
  "awaiting_approval" | "running" | "ok" | "tool_error" | "rejected" | "failed" | "unknown_tool" | "invalid_arguments";

export interface PgToolCall {
  turn: number;
  step: number;
  toolCallId: string;
  /** The name the model called. */
  calledAs: string;
  connectionId: string | null;
  tool: string | null;
  /** What was (or will be) sent: the model's arguments, or the user's edit. */
  arguments: Record<string, unknown>;
  status: PgToolCallStatus;
  approvalId?: string;
  /** The CallRecord id on the connection (its tool history and traffic). */
  callId?: string;
  /** The tool result as the model receives it (CallToolResult, or the rejection / error in words). */
  result?: unknown;
  latencyMs?: number;
  error?: string;
}

export interface PgTurn {
  turn: number;
  status: "running" | "done" | "error" | "stopped" | "max_steps";
  startedAt: number;
  endedAt?: number;
  usage: TokenUsage;
  costUsd: number | null;
  error?: string;
}

/**
 * Provider keys and endpoints: entered in Loupe's settings, or read from OPENAI_API_KEY,
 * ANTHROPIC_API_KEY, GOOGLE_API_KEY (GOOGLE_GENERATIVE_AI_API_KEY too). Stored server-side,
 * never returned: GET /api/playground/providers shows where each key comes from and its last 4.
 *   GET /api/playground/providers → ProviderStatus[]
 *   PUT /api/playground/providers/:provider  body ProviderKeyInput → ProviderStatus
 *   DELETE /api/playground/providers/:provider → 204 (forget the stored key)
 */
export const ProviderKeyInput = z.object({
  apiKey: z.string().trim().min(1).max(4000).optional(),
  baseUrl: z.url().optional(),
});
export type ProviderKeyInput = z.infer<typeof ProviderKeyInput>;

export interface ProviderStatus {
  provider: PlaygroundProvider;
  label: string;
  keySource: "settings" | "env" | "none" | "not_needed";
  /** The env variable the key came from, when keySource is "env". */
  envVar?: string;
  keyHint?: string;
  /** Credentials in it (userinfo password, key-like query values) masked as `***`. */
  baseUrl?: string;
  /** Models to offer in the picker (the user can type any other). */
  suggestedModels: string[];
}

/** The playground's exportable unit: one conversation (lib/contracts/protocols.ts composes every protocol's). */
export const PLAYGROUND_CONVERSATION_UNIT = bundleUnitContract("playground-conversation", "Playground conversation", {
  conversationId: unitId,
});

/** What the session search finds of the playground: a conversation (by id, title or text). */
export const PLAYGROUND_SEARCH_KIND = "playground";

const usageSchema = z.object({ inputTokens: z.number(), outputTokens: z.number() }).passthrough();

/**
 * The `snapshot` of a playground conversation bundle: the conversation as GET …/conversations/:id
 * shows it (settings, system prompt, tools chosen, columns with provider/model — base URLs masked,
 * provider keys never), the user messages as sent, and the names of the servers whose tools it
 * chose (the importing Loupe has other connection ids).
 */
export const playgroundConversationSnapshotSchema = z.object({
  conversation: z
    .object({
      id: z.string(),
      title: z.string(),
      createdAt: z.number(),
      updatedAt: z.number(),
      systemPrompt: z.string(),
      servers: z.array(z.object({ connectionId: z.string(), tools: z.union([z.literal("all"), z.array(z.string())]) })),
      policy: z.string(),
      toolPolicies: z.record(z.string(), z.string()),
      columns: z.array(
        z
          .object({
            id: z.string(),
            config: z.object({ provider: z.string(), model: z.string() }).passthrough(),
            status: z.string(),
            usage: usageSchema,
            costUsd: z.number().nullable(),
          })
          .passthrough(),
      ),
    })
    .passthrough(),
  messages: z.array(z.object({ text: z.string(), columnIds: z.array(z.string()).optional() })),
  serverNames: z.record(z.string(), z.string()),
});
export type PlaygroundConversationSnapshot = z.infer<typeof playgroundConversationSnapshotSchema>;
