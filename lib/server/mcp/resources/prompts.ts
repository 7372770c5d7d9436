import "server-only";
import type { Prompt } from "@modelcontextprotocol/sdk/types.js";
import type { CompleteBody, CompletionResponse, GetPromptBody, GetPromptResponse, PromptsListing } from "@/lib/contracts/resources";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { MAX_LIST_PAGES, capabilities, collectPages, listPage, opts, requireFeature, rpc } from "@/lib/server/mcp/resources/errors";

export async function listPrompts(conn: ConnectionHandle): Promise<PromptsListing> {
  const client = requireFeature(conn, "prompts");
  const result = await rpc(conn, "prompts/list", () =>
    collectPages<Prompt>(
      async (cursor) => {
        const page = await listPage(conn, client, "prompts/list", cursor);
        return { items: page.prompts, nextCursor: page.nextCursor };
      },
      undefined,
      MAX_LIST_PAGES,
    ),
  );
  return {
    prompts: result.items,
    pages: result.pages,
    ...(result.nextCursor !== undefined ? { truncated: true } : {}),
    listedAt: Date.now(),
  };
}

export async function getPrompt(conn: ConnectionHandle, body: GetPromptBody): Promise<GetPromptResponse> {
  const client = requireFeature(conn, "prompts");
  const started = Date.now();
  const result = await rpc(conn, `prompts/get ${body.name}`, () =>
    client.getPrompt({ name: body.name, arguments: body.arguments }, opts(conn)),
  );
  return { name: body.name, arguments: body.arguments, result, ms: Date.now() - started, gotAt: Date.now() };
}

/**
 * completion/complete. A server without the `completions` capability gets no request: the answer
 * is an empty, `supported: false` list, so typing in a form never produces an error per keystroke.
 */
export async function complete(conn: ConnectionHandle, body: CompleteBody): Promise<CompletionResponse> {
  const client = conn.requireClient();
  if (!capabilities(client).completions) return { values: [], supported: false };
  const context = body.context && Object.keys(body.context.arguments).length ? { context: body.context } : {};
  const result = await rpc(conn, "completion/complete", () =>
    client.complete({ ref: body.ref, argument: body.argument, ...context }, opts(conn)),
  );
  const { values, total, hasMore } = result.completion;
  return {
    values,
    ...(total !== undefined ? { total } : {}),
    ...(hasMore !== undefined ? { hasMore } : {}),
    supported: true,
  };
}
