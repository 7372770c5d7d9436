import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { DemoTool, ToolContext } from "./types";
import { createDemoState } from "./state";
import { tripTools } from "./tools/trip-tools";
import { bookingTools } from "./tools/booking-tools";
import { opsTools } from "./tools/ops-tools";
import { mediaTools } from "./tools/media-tools";
import { generatedTools } from "./generated-tools";
import { listResources, readResource } from "./resources";
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
  "cancellation; convert-currency with breakSchema shows output validation; download-report returns MiBs.";

/** Opaque to clients; it is just the offset of the next page. */
const encodeCursor = (offset: number) => Buffer.from(`offset:${offset}`).toString("base64url");
function decodeCursor(cursor: string): number {
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, "base64url").toString());
  if (!match?.[1]) throw new McpError(ErrorCode.InvalidParams, `Invalid cursor: ${cursor}`);
  return Number(match[1]);
}

export function builtinTools(state = createDemoState()): DemoTool[] {
  return [...tripTools(state), ...bookingTools(state), ...opsTools, ...mediaTools(state)];
}

export function createDemoServer(options: DemoServerOptions = {}): Server {
  const state = createDemoState();
  const tools = [...builtinTools(state), ...generatedTools(options.extraTools ?? 0)];
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));

  const server = new Server(
    { name: DEMO_SERVER_NAME, title: "Loupe demo: trip planner & ops toolbox", version: DEMO_SERVER_VERSION },
    { capabilities: { tools: {}, resources: {}, logging: {} }, instructions: INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const pageSize = options.pageSize;
    if (!pageSize) return { tools: tools.map((t) => t.definition) };
    const offset = request.params?.cursor ? decodeCursor(request.params.cursor) : 0;
    const page = tools.slice(offset, offset + pageSize).map((t) => t.definition);
    const next = offset + pageSize;
    return next < tools.length ? { tools: page, nextCursor: encodeCursor(next) } : { tools: page };
  });

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
    };
    return tool.handler(args, ctx);
  });

  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: listResources(state) }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(state, request.params.uri));
  return server;
}
