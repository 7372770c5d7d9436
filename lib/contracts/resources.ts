import { z } from "zod";
import type {
  CompleteResult,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
} from "@modelcontextprotocol/sdk/types.js";

/**
 * Resources, prompts and completions of one MCP connection (issue 4). The MCP shapes travel
 * unchanged (`Resource`, `ReadResourceResult`, `GetPromptResult` …); Loupe only wraps them with
 * what it measured (pages, time, size).
 */
export type { CompleteResult, GetPromptResult, Prompt, ReadResourceResult, Resource, ResourceTemplate };

/** GET /api/connections/:id/resources — every page aggregated, or one page with `paged=true`. */
export const ListResourcesQuery = z.object({
  /** "true": answer one page only, starting at `cursor` (absent = the first page). */
  paged: z.enum(["true", "false"]).optional(),
  cursor: z.string().optional(),
});
export type ListResourcesQuery = z.infer<typeof ListResourcesQuery>;

export interface ResourcesListing {
  resources: Resource[];
  /** Pages fetched for this answer. */
  pages: number;
  /** Set when there are more pages: page mode, or the aggregate hit its page bound. */
  nextCursor?: string;
  /** The aggregate stopped at the page bound although the server had more. */
  truncated?: boolean;
  listedAt: number;
}

export interface TemplatesListing {
  resourceTemplates: ResourceTemplate[];
  pages: number;
  /** Set when there are more pages: page mode, or the aggregate hit its page bound. */
  nextCursor?: string;
  truncated?: boolean;
  listedAt: number;
}

export interface PromptsListing {
  prompts: Prompt[];
  pages: number;
  truncated?: boolean;
  listedAt: number;
}

/** POST /api/connections/:id/resources/read */
export const ReadResourceBody = z.object({
  uri: z.string().trim().min(1, "A resource URI is required").max(8192),
});
export type ReadResourceBody = z.infer<typeof ReadResourceBody>;

export interface ReadResourceResponse {
  uri: string;
  /** The whole `resources/read` result as the server sent it. */
  result: ReadResourceResult;
  readAt: number;
  ms: number;
  /** Decoded bytes over all contents (text as UTF-8, blobs as their base64-decoded size). */
  totalBytes: number;
  /** Set when the contents are very large: the UI previews and offers a download instead of rendering. */
  large?: boolean;
}

/** POST/DELETE /api/connections/:id/subscriptions — DELETE takes `?uri=` (or the same body). */
export const SubscriptionBody = z.object({
  uri: z.string().trim().min(1, "A resource URI is required").max(8192),
});
export type SubscriptionBody = z.infer<typeof SubscriptionBody>;

export interface SubscriptionsResponse {
  /** Whether the server declared `resources.subscribe`. */
  supported: boolean;
  subscriptions: string[];
  /** What carries them on the wire: resources/subscribe (2025-11-25) or the subscriptions/listen filter (2026-07-28). */
  via?: "resources/subscribe" | "subscriptions/listen";
}

/** POST /api/connections/:id/prompts/get */
export const GetPromptBody = z.object({
  name: z.string().trim().min(1, "A prompt name is required"),
  /** Prompt arguments are strings in MCP; empty optional ones are left out by the client. */
  arguments: z.record(z.string(), z.string()).default({}),
});
export type GetPromptBody = z.infer<typeof GetPromptBody>;

export interface GetPromptResponse {
  name: string;
  arguments: Record<string, string>;
  result: GetPromptResult;
  ms: number;
  gotAt: number;
}

/** POST /api/connections/:id/complete — `completion/complete` for a prompt argument or a template variable. */
export const CompleteBody = z.object({
  ref: z.discriminatedUnion("type", [
    z.object({ type: z.literal("ref/prompt"), name: z.string().min(1) }),
    z.object({ type: z.literal("ref/resource"), uri: z.string().min(1) }),
  ]),
  argument: z.object({ name: z.string().min(1), value: z.string() }),
  /** Values already filled in the other fields, so the server can narrow (completable-prompt). */
  context: z.object({ arguments: z.record(z.string(), z.string()) }).optional(),
});
export type CompleteBody = z.infer<typeof CompleteBody>;

export interface CompletionResponse {
  values: string[];
  total?: number;
  hasMore?: boolean;
  /** False when the server does not declare `completions`: no request was sent. */
  supported: boolean;
}

/** Loupe entry kind `resource_updated` (raw): one `notifications/resources/updated`. */
export interface ResourceUpdatedEntry {
  uri: string;
  at: number;
  /** Whether this session is subscribed to the URI (servers may notify for others). */
  subscribed: boolean;
}
