import type { DemoTool, JsonSchema } from "./types";
import { defineTool } from "./types";

/**
 * Filler tools for the 1,000-tool benchmark (LOUPE_DEMO_EXTRA_TOOLS). Shapes rotate so the list,
 * the search and the form renderer meet a realistic mix rather than 1,000 copies of one schema.
 */
const SHAPES: { label: string; schema: JsonSchema }[] = [
  {
    label: "search",
    schema: {
      type: "object",
      properties: { query: { type: "string", minLength: 1 }, limit: { type: "integer", minimum: 1, maximum: 100, default: 10 } },
      required: ["query"],
    },
  },
  {
    label: "lookup",
    schema: {
      type: "object",
      properties: { id: { type: "string", pattern: "^[a-z0-9-]+$" }, verbose: { type: "boolean", default: false } },
      required: ["id"],
    },
  },
  {
    label: "classify",
    schema: {
      type: "object",
      properties: {
        level: { type: "string", enum: ["low", "medium", "high"], default: "medium" },
        tags: { type: "array", items: { type: "string" }, maxItems: 5 },
      },
    },
  },
  {
    label: "range",
    schema: {
      type: "object",
      properties: {
        range: {
          type: "object",
          properties: { min: { type: "number" }, max: { type: "number" } },
          required: ["min", "max"],
        },
      },
      required: ["range"],
    },
  },
  {
    label: "notify",
    schema: {
      type: "object",
      properties: { email: { type: "string", format: "email" }, on: { type: "string", format: "date" } },
      required: ["email"],
    },
  },
  { label: "ping", schema: { type: "object", properties: {} } },
];

export function generatedToolName(index: number): string {
  return `generated-tool-${String(index).padStart(4, "0")}`;
}

export function generatedTools(count: number): DemoTool[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const shape = SHAPES[i % SHAPES.length] ?? SHAPES[0]!;
    return defineTool<Record<string, unknown>>(
      {
        name: generatedToolName(n),
        description: `Generated tool ${n} of ${count} (${shape.label} shape), present for scale testing. Echoes its arguments.`,
        inputSchema: { ...shape.schema, type: "object" },
        annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      (args) => ({ content: [{ type: "text", text: JSON.stringify({ tool: generatedToolName(n), args }) }] }),
    );
  });
}
