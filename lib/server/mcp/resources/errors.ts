import "server-only";
import type { Client } from "@modelcontextprotocol/client";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { toMcpError } from "@/lib/server/mcp/errors";
import type { ServerCapabilities } from "@modelcontextprotocol/sdk/types.js";
import { AppError } from "@/lib/errors";
// An SDK server's message already carries "MCP error N: ", which the SDK client adds again.
import { rpcErrorText } from "@/lib/protocols/mcp/error-text";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { errorMessage } from "@/lib/values";

// Shared by resources.ts and prompts.ts: MCP errors as AppErrors, capability checks, paging.

/** Bounds a server that keeps answering with a nextCursor (like tools/list). */
export const MAX_LIST_PAGES = 100;

type Feature = "resources" | "prompts" | "completions";

const FEATURE_WORDS: Record<Feature, string> = {
  resources: "resources",
  prompts: "prompts",
  completions: "completions (completion/complete)",
};

export function capabilities(client: Client): ServerCapabilities {
  return client.getServerCapabilities() ?? {};
}

/** The connected client, or a clear AppError when the server did not declare the feature. */
export function requireFeature(conn: ConnectionHandle, feature: Feature): Client {
  const client = conn.requireClient();
  if (!capabilities(client)[feature]) {
    throw new AppError(
      `conflict:no_${feature}`,
      `"${conn.config.name}" does not offer ${FEATURE_WORDS[feature]}: its initialize answer declares no "${feature}" capability`,
      { capabilities: capabilities(client) },
    );
  }
  return client;
}

/** A JSON-RPC error or a timeout from the server, as an AppError that keeps the code and data. */
export function upstreamError(conn: ConnectionHandle, what: string, thrown: unknown): AppError {
  const error = toMcpError(thrown);
  if (error instanceof AppError) return error;
  if (error instanceof McpError) {
    const details = { jsonrpc: { code: error.code, message: error.message, data: error.data } };
    if (error.code === ErrorCode.RequestTimeout) {
      return new AppError("timeout:mcp", `${what} timed out after ${conn.config.requestTimeoutMs} ms`, details);
    }
    if (error.code === ErrorCode.ConnectionClosed) {
      return new AppError("upstream:closed", `${what} failed: ${conn.closeReason()}`, details);
    }
    return new AppError("upstream:mcp", `${what} failed: ${rpcErrorText(error.message)}`, details);
  }
  return new AppError("upstream:mcp", `${what} failed: ${errorMessage(error)}`);
}

/** Runs one request to the server; its failure becomes an AppError (see upstreamError). */
export async function rpc<T>(conn: ConnectionHandle, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw upstreamError(conn, what, error);
  }
}

/**
 * Request options: the connection's timeout, and never the SDK's response cache. Loupe inspects
 * the server: a list or read the user asks for again must reach the server again (and show on the
 * traffic), not come back from a cache for as long as a 2026-07-28 result's `ttlMs` allows.
 */
export const opts = (conn: ConnectionHandle) => ({ timeout: conn.config.requestTimeoutMs, cacheMode: "bypass" as const });

/**
 * One page of a list method. Not client.listResources() & co: without a cursor they walk every
 * page themselves (page-by-page browsing would fetch them all, past MAX_LIST_PAGES).
 */
export function listPage<M extends "resources/list" | "resources/templates/list" | "prompts/list">(
  conn: ConnectionHandle,
  client: Client,
  method: M,
  cursor: string | undefined,
) {
  return client.request({ method, params: cursor === undefined ? {} : { cursor } }, opts(conn));
}

export interface Paged<T> {
  items: T[];
  pages: number;
  nextCursor?: string;
}

/** Follows nextCursor up to `maxPages`; the last cursor is returned when the bound stopped it. */
export async function collectPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string }>,
  start: string | undefined,
  maxPages: number,
): Promise<Paged<T>> {
  const items: T[] = [];
  let pages = 0;
  let cursor = start;
  do {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    pages++;
    cursor = page.nextCursor;
  } while (cursor !== undefined && pages < maxPages);
  return { items, pages, nextCursor: cursor };
}
