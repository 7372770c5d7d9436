import "server-only";
import type { LanguageModelV3Message, LanguageModelV3Prompt } from "@ai-sdk/provider";
import { z } from "zod";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { AppError } from "@/lib/errors";
import type { Hub } from "@/lib/server/hub";
import type { ColumnRow } from "@/lib/server/playground/conversation-store";
import type { LoopDeps, ProviderExchange } from "@/lib/server/playground/loop-deps";
import { recordPg } from "@/lib/server/playground/recorder";

/** POST /api/connections/:id/requests/:requestId/draft */
export const DraftInput = z.object({ conversationId: z.string().min(1), columnId: z.string().min(1) });
export type DraftInput = z.infer<typeof DraftInput>;

export interface SamplingDraftResult {
  text: string;
  /** The model that wrote it (the column's), for the answer's `model`. */
  model: string;
}

const Content = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  data: z.string().optional(),
  mimeType: z.string().optional(),
});
const SamplingParams = z.looseObject({
  messages: z.array(z.looseObject({ role: z.enum(["user", "assistant"]), content: z.union([Content, z.array(Content)]) })),
  systemPrompt: z.string().optional(),
  maxTokens: z.number().int().positive().optional(),
  temperature: z.number().optional(),
  stopSequences: z.array(z.string()).optional(),
});
type SamplingContent = z.infer<typeof Content>;

/** One sampling content item as a prompt part: text as text, media as a file, anything else in words. */
function part(item: SamplingContent) {
  if (item.type === "text" && item.text !== undefined) return { type: "text" as const, text: item.text };
  if ((item.type === "image" || item.type === "audio") && item.data && item.mimeType) {
    return { type: "file" as const, data: item.data, mediaType: item.mimeType };
  }
  return { type: "text" as const, text: JSON.stringify(item) };
}

/** The sampling request's messages (MCP `sampling/createMessage` params) as the model's prompt. */
export function samplingPrompt(params: unknown): {
  prompt: LanguageModelV3Prompt;
  maxTokens?: number;
  temperature?: number;
  stopSequences?: string[];
} {
  const parsed = SamplingParams.safeParse(params);
  if (!parsed.success)
    throw new AppError(
      "bad_request:sampling_params",
      "The server's sampling request has messages Loupe cannot read, so no model can draft an answer",
    );
  const p = parsed.data;
  const prompt: LanguageModelV3Message[] = p.systemPrompt ? [{ role: "system", content: p.systemPrompt }] : [];
  for (const m of p.messages) {
    const items = (Array.isArray(m.content) ? m.content : [m.content]).map(part);
    if (m.role === "user") prompt.push({ role: "user", content: items });
    else
      prompt.push({
        role: "assistant",
        content: items.map((i) => (i.type === "text" ? i : { type: "text" as const, text: `[${i.mediaType}]` })),
      });
  }
  return { prompt, maxTokens: p.maxTokens, temperature: p.temperature, stopSequences: p.stopSequences };
}

/**
 * Asks the column's model to draft the answer to a server's sampling request made during a
 * playground run; the user still approves (or edits) it in the sampling card. The exchange is a
 * `pg_sampling_draft` entry of the column, like every other model request of the playground.
 */
export async function draftSampling(hub: Hub, deps: LoopDeps, column: ColumnRow, request: McpClientRequest): Promise<SamplingDraftResult> {
  if (request.kind !== "sampling") throw new AppError("bad_request:draft_kind", "Only a sampling request can be drafted by a model");
  if (request.status !== "pending")
    throw new AppError("conflict:mcp_request", "This request no longer waits for an answer", { status: request.status });
  const { prompt, maxTokens, temperature, stopSequences } = samplingPrompt(request.params);
  let url: string | null = null;
  let body: unknown = { prompt };
  // A holder, not a `let`: the compiler cannot see the callback assign it before it is read.
  const seen: { exchange: ProviderExchange | null } = { exchange: null };
  const created = deps.createModel(column.config, {
    onRequest: (u, b) => ((url = u), (body = b)),
    onResponse: (e) => (seen.exchange = e),
  });
  let text = "";
  let failure: string | null = null;
  const started = Date.now();
  try {
    const result = await created.model.doStream({
      prompt,
      ...(maxTokens ? { maxOutputTokens: maxTokens } : {}),
      ...(temperature !== undefined ? { temperature } : {}),
      ...(stopSequences ? { stopSequences } : {}),
    });
    if (url === null && result.request?.body !== undefined) body = result.request.body;
    const reader = result.stream.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (value.type === "text-delta") text += value.delta;
      else if (value.type === "error") failure ??= describe(value.error);
    }
  } catch (error) {
    failure = describe(error);
  }
  await created.settled?.().catch(() => undefined);
  const captured = seen.exchange;
  const http = captured && captured.status !== null ? { status: captured.status, body: captured.responseBody } : null;
  recordPg(hub, column.conversationId, column.id, "pg_sampling_draft", {
    connectionId: request.connectionId,
    requestId: request.id,
    provider: column.config.provider,
    model: column.config.model,
    url,
    body,
    text,
    latencyMs: Date.now() - started,
    http,
    ...(failure ? { error: failure } : {}),
  });
  if (failure) throw new AppError("upstream:playground_provider", `The model could not draft an answer: ${failure}`, { http });
  return { text, model: column.config.model };
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  const message = typeof error === "object" && error !== null && "message" in error ? error.message : undefined;
  return typeof message === "string" ? message : JSON.stringify(error);
}
