import { randomBytes } from "node:crypto";
import {
  CLIENT_CAPABILITIES_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  createRequestStateCodec,
} from "@modelcontextprotocol/server";
import type { CacheHint, McpRequestContext, McpServerFactory, ServerContext } from "@modelcontextprotocol/server";
import { asObject } from "./json";
import type { DemoModule, DemoTool, ToolContext } from "./types";
import { createDemoState } from "./state";
import type { DemoState } from "./state";
import { tripTools } from "./tools/trip-tools";
import { bookingTools } from "./tools/booking-tools";
import { opsTools } from "./tools/ops-tools";
import { mediaTools } from "./tools/media-tools";
import { generatedTools } from "./generated-tools";
import { hitlTools } from "./tools/hitl-tools";
import { rebookTools } from "./tools/rebook-tools";
import { DemoTaskStore } from "./tasks/task-store";
import { TASKS_EXTENSION } from "./tasks/task-tools";
import { LEGACY_TASKS_CAPABILITY } from "./tasks/legacy-tasks";
import { itineraryApp } from "./apps/itinerary-app";
import { travelResources, resourceFingerprints } from "./resources";
import { travelPrompts } from "./prompts";
import { conformanceFixtures } from "./conformance/fixtures";
import { validateArguments } from "./validate";
import { ChangeHub } from "./change-hub";
import type { ResourceChange } from "./change-hub";

export const DEMO_SERVER_NAME = "loupe-demo";
export const DEMO_SERVER_VERSION = "0.1.0";

export interface DemoServerOptions {
  /** Generated filler tools appended after the built-in ones (LOUPE_DEMO_EXTRA_TOOLS). */
  extraTools?: number;
  /** tools/list page size; undefined means one page (LOUPE_DEMO_PAGE_SIZE). */
  pageSize?: number;
  /** Adds the official conformance suite's fixture tools/resources/prompts (--conformance, LOUPE_DEMO_CONFORMANCE=1). */
  conformance?: boolean;
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
    conformance: env.LOUPE_DEMO_CONFORMANCE === "1",
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
  if (!match?.[1]) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid cursor: ${cursor}`);
  return Number(match[1]);
}

export function builtinTools(state = createDemoState()): DemoTool[] {
  return [...tripTools(state), ...bookingTools(state), ...opsTools, ...mediaTools(state), ...hitlTools(state), ...rebookTools()];
}

/**
 * What the demo serves, one module per line. A new feature (e.g. an MCP App) is one more entry
 * here: a DemoModule with its tools, resources and prompts.
 */
function demoModules(state: DemoState, options: DemoServerOptions, hub: ChangeHub): DemoModule[] {
  return [
    // First when present: some scenarios probe the first listed tool or resource with no arguments.
    ...(options.conformance ? [conformanceFixtures(hub)] : []),
    { tools: builtinTools(state), resources: travelResources(state), prompts: travelPrompts(state) },
    itineraryApp(),
    // The Tasks extension (SEP-2663): rebook-all and the conformance task fixtures run as tasks.
    { capabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    { tools: generatedTools(options.extraTools ?? 0) },
  ];
}

/**
 * Everything one demo process shares between its server instances: the bookings, the modules,
 * the requestState key and the change hub. Over HTTP the 2026-07-28 era builds one Server per
 * request and 2025-11-25 one per session, so state cannot live on a Server.
 */
export interface DemoRuntime {
  options: DemoServerOptions;
  state: DemoState;
  hub: ChangeHub;
  modules: DemoModule[];
  /** The Tasks extension's tasks: a task outlives the per-request Server that created it. */
  tasks: DemoTaskStore;
  /** Every tool by name (the tasks extension answers task tools before the SDK). */
  toolsByName: ReadonlyMap<string, DemoTool>;
  /** Signs requestState so a client cannot forge a later round (the spec's integrity MUST). */
  codec: ReturnType<typeof createRequestStateCodec>;
}

export function createDemoRuntime(options: DemoServerOptions = {}): DemoRuntime {
  const state = createDemoState();
  const hub = new ChangeHub();
  const modules = demoModules(state, options, hub);
  return {
    options,
    state,
    hub,
    modules,
    tasks: new DemoTaskStore(),
    toolsByName: new Map(modules.flatMap((m) => m.tools ?? []).map((t) => [t.definition.name, t])),
    // Per process: every round of a flow reaches this process (stdio, or the one HTTP listener).
    codec: createRequestStateCodec({ key: randomBytes(32), bind: (ctx) => ctx.mcpReq.method }),
  };
}

/** Stable lists may be cached a while; anything that changes with bookings is never cached. */
function cacheHints(options: DemoServerOptions): Partial<Record<string, CacheHint>> {
  // The conformance fixtures change their tool and prompt lists on demand.
  const listTtl = options.conformance ? 0 : 60_000;
  return {
    "tools/list": { ttlMs: listTtl, cacheScope: "public" },
    "prompts/list": { ttlMs: listTtl, cacheScope: "public" },
    "resources/templates/list": { ttlMs: listTtl, cacheScope: "public" },
    "resources/list": { ttlMs: 0, cacheScope: "private" },
    "resources/read": { ttlMs: 0, cacheScope: "private" },
    "server/discover": { ttlMs: 300_000, cacheScope: "public" },
  };
}

export interface DemoServerInstanceOptions {
  /** Which era this instance serves (from the SDK's serving entry). */
  era?: McpRequestContext["era"];
  /**
   * Whether this instance pushes resource notifications itself: true for a connection (stdio, a
   * 2025-11-25 HTTP session), false for a per-request 2026-07-28 HTTP instance, whose
   * subscriptions/listen streams are fed by the HTTP front instead.
   */
  announce?: boolean;
}

/** One Server over the shared runtime. */
export function createDemoServer(runtime: DemoRuntime = createDemoRuntime(), instance: DemoServerInstanceOptions = {}): Server {
  const { options, hub, modules, codec } = runtime;
  const era = instance.era ?? "legacy";
  const tools = modules.flatMap((m) => m.tools ?? []);
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  const resourceProviders = modules.flatMap((m) => (m.resources ? [m.resources] : []));
  const promptProviders = modules.flatMap((m) => (m.prompts ? [m.prompts] : []));

  // Only the conformance fixtures change the tool and prompt lists (test_trigger_*_change).
  const listsChange = options.conformance === true;
  const server = new Server(
    { name: DEMO_SERVER_NAME, title: "Loupe demo: trip planner & ops toolbox", version: DEMO_SERVER_VERSION },
    {
      capabilities: {
        tools: listsChange ? { listChanged: true } : {},
        resources: { subscribe: true, listChanged: true },
        prompts: listsChange ? { listChanged: true } : {},
        completions: {},
        logging: {},
      },
      instructions: INSTRUCTIONS,
      cacheHints: cacheHints(options),
      requestState: { verify: (state, ctx) => codec.verify(state, ctx) },
    },
  );

  for (const m of modules) if (m.capabilities) server.registerCapabilities(m.capabilities);
  // 2025-11-25 tasks (task-augmented tools/call), answered before the SDK by tasks/legacy-tasks.ts.
  if (era === "legacy") server.registerCapabilities({ tasks: LEGACY_TASKS_CAPABILITY });

  /** The client's declared capabilities: per request on 2026-07-28, from initialize on 2025-11-25. */
  const clientCapabilities = (ctx: ServerContext): Record<string, unknown> | undefined => {
    const declared = asObject(ctx.mcpReq.envelope)?.[CLIENT_CAPABILITIES_META_KEY] ?? server.getClientCapabilities();
    return asObject(declared);
  };

  server.setRequestHandler("tools/list", (request) => {
    const pageSize = options.pageSize;
    if (!pageSize) return { tools: tools.map((t) => t.definition) };
    const offset = request.params?.cursor ? decodeCursor(request.params.cursor) : 0;
    const page = tools.slice(offset, offset + pageSize).map((t) => t.definition);
    const next = offset + pageSize;
    return next < tools.length ? { tools: page, nextCursor: encodeCursor(next) } : { tools: page };
  });

  const subscribed = new Set<string>();
  const announce = (change: ResourceChange) => {
    for (const uri of change.updated) {
      // On 2026-07-28 over stdio the SDK's listen router filters by each stream's subscriptions.
      if (era === "modern" || subscribed.has(uri)) void server.sendResourceUpdated({ uri }).catch(() => undefined);
    }
    if (change.listChanged) void server.sendResourceListChanged().catch(() => undefined);
    if (change.toolsChanged) void server.sendToolListChanged().catch(() => undefined);
    if (change.promptsChanged) void server.sendPromptListChanged().catch(() => undefined);
  };
  if (instance.announce !== false) {
    const off = hub.listen(announce);
    const previous = server.onclose;
    server.onclose = () => {
      off();
      previous?.();
    };
  }

  server.setRequestHandler("tools/call", async (request, ctx) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const args = validateArguments(tool.definition, request.params.arguments);
    const progressToken = request.params._meta?.progressToken;
    const toolCtx: ToolContext = {
      signal: ctx.mcpReq.signal,
      progressToken,
      sendProgress: async (progress, total, message) => {
        if (progressToken === undefined) return;
        await ctx.mcpReq.notify({
          method: "notifications/progress",
          params: { progressToken, progress, total, ...(message ? { message } : {}) },
        });
      },
      // Through the request context, so 2026-07-28 requests get logs only when their _meta asks for a level.
      log: (level, logger, data) => ctx.mcpReq.log(level, data, logger),
      clientCapabilities: () => clientCapabilities(ctx),
      era,
      inputResponses: ctx.mcpReq.inputResponses,
      requestState: <T>() => ctx.mcpReq.requestState<T>(),
      mintState: (payload) => codec.mint(payload, ctx),
      request: ctx,
    };
    const before = resourceFingerprints(runtime.state);
    try {
      return await tool.handler(args, toolCtx);
    } finally {
      hub.compare(before, resourceFingerprints(runtime.state));
    }
  });

  server.setRequestHandler("resources/list", () => ({ resources: resourceProviders.flatMap((p) => p.list()) }));
  server.setRequestHandler("resources/templates/list", () => ({ resourceTemplates: resourceProviders.flatMap((p) => p.templates) }));
  server.setRequestHandler("resources/read", async (request, ctx) => {
    for (const provider of resourceProviders) {
      const found = await provider.read(request.params.uri, ctx);
      if (found) return found;
    }
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Resource not found: ${request.params.uri}`, { uri: request.params.uri });
  });
  server.setRequestHandler("resources/subscribe", (request) => {
    subscribed.add(request.params.uri);
    return {};
  });
  server.setRequestHandler("resources/unsubscribe", (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
  server.setRequestHandler("prompts/list", () => ({ prompts: promptProviders.flatMap((p) => p.prompts) }));
  server.setRequestHandler("prompts/get", async (request, ctx) => {
    for (const provider of promptProviders) {
      const found = await provider.get(request.params.name, request.params.arguments ?? {}, ctx);
      if (found) return found;
    }
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`);
  });
  server.setRequestHandler("completion/complete", (request) => {
    const { ref, argument } = request.params;
    const values = [...resourceProviders, ...promptProviders].flatMap((p) => p.complete?.(ref, argument.name, argument.value) ?? []);
    return { completion: { values: values.slice(0, 100), total: values.length, hasMore: values.length > 100 } };
  });
  return server;
}

/** The factory the SDK's serving entries (serveStdio, createMcpHandler) call for each instance. */
export function demoServerFactory(runtime: DemoRuntime, announce: (ctx: McpRequestContext) => boolean): McpServerFactory {
  return (ctx) => createDemoServer(runtime, { era: ctx.era, announce: announce(ctx) });
}
