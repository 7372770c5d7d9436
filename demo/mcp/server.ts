import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ElicitResultSchema,
  CreateMessageResultSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { DemoTool, ToolContext } from "./types";
import { createDemoState } from "./state";
import { tripTools } from "./tools/trip-tools";
import { bookingTools } from "./tools/booking-tools";
import { opsTools } from "./tools/ops-tools";
import { mediaTools } from "./tools/media-tools";
import { generatedTools } from "./generated-tools";
import { hitlTools } from "./tools/hitl-tools";
import {
  RESOURCE_TEMPLATES,
  completeTemplateVariable,
  listResources,
  readResource,
  resourceFingerprints,
} from "./resources";
import { PROMPTS, completePromptArgument, getPrompt } from "./prompts";
import { validateArguments } from "./validate";

export const DEMO_SERVER_NAME = "loupe-demo";
export const DEMO_SERVER_VERSION = "0.1.0";

export interface DemoServerOptions {
  /** Generated filler tools appended after the built-in ones (LOUPE_DEMO_EXTRA_TOOLS). */
  extraTools?: number;
  /** tools/list page size; undefined means one page (LOUPE_DEMO_PAGE_SIZE). */
  pageSize?: number;
}

function positiveInt(value: string | undefined, max: number): number | undefined {
  if (!value) return undefined;
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, max) : undefined;
}

export function demoOptionsFromEnv(env: NodeJS.ProcessEnv): DemoServerOptions {
  return {
    extraTools: positiveInt(env.LOUPE_DEMO_EXTRA_TOOLS, 10_000),
    pageSize: positiveInt(env.LOUPE_DEMO_PAGE_SIZE, 10_000),
  };
}

const INSTRUCTIONS =
  "Loupe's demo server: a small trip planner and ops toolbox. Start with plan-trip or get-forecast, book " +
  "with book-hotel, then look up or cancel the booking. run-health-check shows progress, logging and " +
  "cancellation; convert-currency with breakSchema shows output validation; download-report returns MiBs. " +
  "confirm-guest-details asks you a form (elicitation) and draft-welcome-note asks your model (sampling); " +
  "bookings are resources you can subscribe to, and the prompts trip-brief and packing-list complete their arguments.";

/** Opaque to clients; it is just the offset of the next page. */
const encodeCursor = (offset: number) => Buffer.from(`offset:${offset}`).toString("base64url");
function decodeCursor(cursor: string): number {
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, "base64url").toString());
  if (!match?.[1]) throw new McpError(ErrorCode.InvalidParams, `Invalid cursor: ${cursor}`);
  return Number(match[1]);
}

export function builtinTools(state = createDemoState()): DemoTool[] {
  return [...tripTools(state), ...bookingTools(state), ...opsTools, ...mediaTools(state), ...hitlTools(state)];
}

export function createDemoServer(options: DemoServerOptions = {}): Server {
  const state = createDemoState();
  const tools = [...builtinTools(state), ...generatedTools(options.extraTools ?? 0)];
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));

  const server = new Server(
    { name: DEMO_SERVER_NAME, title: "Loupe demo: trip planner & ops toolbox", version: DEMO_SERVER_VERSION },
    {
      capabilities: {
        tools: {},
        resources: { subscribe: true, listChanged: true },
        prompts: {},
        completions: {},
        logging: {},
      },
      instructions: INSTRUCTIONS,
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const pageSize = options.pageSize;
    if (!pageSize) return { tools: tools.map((t) => t.definition) };
    const offset = request.params?.cursor ? decodeCursor(request.params.cursor) : 0;
    const page = tools.slice(offset, offset + pageSize).map((t) => t.definition);
    const next = offset + pageSize;
    return next < tools.length ? { tools: page, nextCursor: encodeCursor(next) } : { tools: page };
  });

  const subscribed = new Set<string>();

  /** After a tool ran: updated for subscribed URIs it changed, list_changed when URIs came or went. */
  async function announceChanges(before: Map<string, string>): Promise<void> {
    const after = resourceFingerprints(state);
    for (const [uri, print] of after) {
      if (subscribed.has(uri) && before.get(uri) !== print) await server.sendResourceUpdated({ uri });
    }
    const sameUris = before.size === after.size && [...after.keys()].every((uri) => before.has(uri));
    if (!sameUris) await server.sendResourceListChanged();
  }

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const args = validateArguments(tool.definition, request.params.arguments);
    const progressToken = request.params._meta?.progressToken;
    const ctx: ToolContext = {
      signal: extra.signal,
      progressToken,
      sendProgress: async (progress, total, message) => {
        if (progressToken === undefined) return;
        await extra.sendNotification({
          method: "notifications/progress",
          params: { progressToken, progress, total, ...(message ? { message } : {}) },
        });
      },
      log: (level, logger, data) => server.sendLoggingMessage({ level, logger, data }),
      clientCapabilities: () => server.getClientCapabilities() as Record<string, unknown> | undefined,
      // Sent as related requests of this call, so the client can show which call is waiting.
      elicit: (params) => extra.sendRequest({ method: "elicitation/create", params }, ElicitResultSchema, { timeout: 600_000 }),
      sample: (params) =>
        extra.sendRequest({ method: "sampling/createMessage", params }, CreateMessageResultSchema, { timeout: 600_000 }),
    };
    const before = resourceFingerprints(state);
    try {
      return await tool.handler(args, ctx);
    } finally {
      await announceChanges(before).catch(() => undefined);
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: listResources(state) }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: RESOURCE_TEMPLATES }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(state, request.params.uri));
  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    subscribed.add(request.params.uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: PROMPTS }));
  server.setRequestHandler(GetPromptRequestSchema, (request) =>
    getPrompt(state, request.params.name, request.params.arguments ?? {}),
  );
  server.setRequestHandler(CompleteRequestSchema, (request) => {
    const { ref, argument } = request.params;
    const values =
      ref.type === "ref/prompt"
        ? completePromptArgument(state, ref.name, argument.name, argument.value)
        : completeTemplateVariable(state, argument.name, argument.value);
    return { completion: { values: values.slice(0, 100), total: values.length, hasMore: values.length > 100 } };
  });
  return server;
}
