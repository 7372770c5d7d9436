import { z } from "zod";
import type { McpServer, ReadResourceResult, Resource, ServerContext, Tool } from "@modelcontextprotocol/server";
import type { DemoModule, DemoTool, JsonSchema, ToolOutcome } from "./types";

/**
 * Lets code written against McpServer's registration API — notably `registerAppTool` /
 * `registerAppResource` from `@modelcontextprotocol/ext-apps/server` — become a DemoModule, so
 * it is served with the rest of the demo (same validation, both eras, one line in demoModules):
 *
 *   moduleFromRegistrations((server) => {
 *     registerAppTool(server, "show-itinerary", { description, inputSchema, _meta: { ui: { resourceUri } } }, cb);
 *     registerAppResource(server, "Itinerary app", resourceUri, {}, readCb);
 *   }, { extensions: { "io.modelcontextprotocol/ui": {} } })
 *
 * Supported: registerTool with a Standard Schema (zod v4 object, fromJsonSchema…) or a zod raw
 * shape as inputSchema, and registerResource with a fixed URI. Templates are not supported here.
 */

export type DemoRegistrar = Pick<McpServer, "registerTool" | "registerResource">;

type ToolConfig = {
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: Tool["annotations"];
  _meta?: Record<string, unknown>;
};
type ToolCallback = (...args: unknown[]) => ToolOutcome | Promise<ToolOutcome>;
type ResourceConfig = Omit<Resource, "uri" | "name"> & Record<string, unknown>;
type ReadCallback = (uri: URL, ctx: ServerContext) => ReadResourceResult | Promise<ReadResourceResult>;

interface StandardJson {
  "~standard"?: { jsonSchema?: { input?: (o: { target: string }) => unknown; output?: (o: { target: string }) => unknown } };
}

/** JSON Schema of a Standard Schema, a zod raw shape, or nothing (an empty object schema). */
function toJsonSchema(schema: unknown, io: "input" | "output"): JsonSchema | undefined {
  if (schema === undefined) return undefined;
  const std = (schema as StandardJson)["~standard"]?.jsonSchema?.[io];
  if (std) return std({ target: "draft-2020-12" }) as JsonSchema;
  if (schema && typeof schema === "object" && Object.values(schema).every((v) => v && typeof v === "object" && "_zod" in v)) {
    return z.toJSONSchema(z.object(schema as z.ZodRawShape), { io });
  }
  throw new TypeError("moduleFromRegistrations: inputSchema must be a Standard Schema with JSON Schema, or a zod raw shape");
}

export function moduleFromRegistrations(register: (server: DemoRegistrar) => void, capabilities?: DemoModule["capabilities"]): DemoModule {
  const tools: DemoTool[] = [];
  const resources: { resource: Resource; read: ReadCallback }[] = [];
  const registrar = {
    registerTool: (name: string, config: ToolConfig, cb: ToolCallback) => {
      const inputSchema = toJsonSchema(config.inputSchema, "input") ?? { type: "object", properties: {} };
      const outputSchema = toJsonSchema(config.outputSchema, "output");
      const definition = {
        name,
        ...(config.title ? { title: config.title } : {}),
        ...(config.description ? { description: config.description } : {}),
        inputSchema,
        ...(outputSchema ? { outputSchema } : {}),
        ...(config.annotations ? { annotations: config.annotations } : {}),
        ...(config._meta ? { _meta: config._meta } : {}),
      } as Tool;
      // McpServer calls (args, ctx) when there is an input schema and (ctx) when there is none.
      tools.push({
        definition,
        handler: async (args, ctx) => (config.inputSchema === undefined ? cb(ctx.request) : cb(args, ctx.request)),
      });
      return undefined;
    },
    registerResource: (name: string, uri: unknown, config: ResourceConfig, read: ReadCallback) => {
      if (typeof uri !== "string") throw new TypeError("moduleFromRegistrations: only fixed-URI resources are supported");
      resources.push({ resource: { ...config, uri, name }, read });
      return undefined;
    },
  } as unknown as DemoRegistrar;
  register(registrar);
  return {
    tools,
    resources: {
      list: () => resources.map((r) => r.resource),
      templates: [],
      read: (uri, ctx) => resources.find((r) => r.resource.uri === uri)?.read(new URL(uri), ctx),
    },
    capabilities,
  };
}
