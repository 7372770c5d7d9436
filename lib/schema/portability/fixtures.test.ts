// Table-driven: every tool of the recorded server-filesystem and server-everything listings, and the
// elicitation schema, through all four targets. Each row: verdict + "severity path keyword" findings.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MCP_FIXTURES } from "@/lib/testing/shared-fixtures";
import { analyzeTool, PROVIDERS, summarizeTools } from "@/lib/schema/portability";
import type { ProviderId, Verdict } from "@/lib/schema/portability";

interface FixtureTool {
  name: string;
  inputSchema: unknown;
}
const load = (file: string): unknown => JSON.parse(readFileSync(path.join(MCP_FIXTURES, file), "utf8"));
const filesystem = (load("server-filesystem/filesystem-listing.json") as { tools: { tools: FixtureTool[] } }).tools.tools;
const everything = (load("server-everything/stdio-tools.json") as { tools: FixtureTool[] }).tools;
const elicitation = (load("server-everything/fixture-elicitation-requestedSchema.json") as { requestedSchema: unknown }).requestedSchema;

type Row = Record<ProviderId, [Verdict, string[]]>;
const EXPECTED: Record<string, Row> = {
  read_file: {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": [
      "degraded",
      ["shape_changed #/properties/tail required", "shape_changed #/properties/head required", "lossless # additionalProperties"],
    ],
    anthropic: ["as_is", []],
  },
  read_text_file: {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": [
      "degraded",
      ["shape_changed #/properties/tail required", "shape_changed #/properties/head required", "lossless # additionalProperties"],
    ],
    anthropic: ["as_is", []],
  },
  read_media_file: {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": ["as_is", ["lossless # additionalProperties"]],
    anthropic: ["as_is", []],
  },
  read_multiple_files: {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": ["degraded", ["constraint_lost #/properties/paths minItems", "lossless # additionalProperties"]],
    anthropic: ["as_is", []],
  },
  write_file: {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": ["as_is", ["lossless # additionalProperties"]],
    anthropic: ["as_is", []],
  },
  edit_file: {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": [
      "degraded",
      [
        "shape_changed #/properties/dryRun required",
        "constraint_lost #/properties/dryRun default",
        "lossless # additionalProperties",
        "lossless #/properties/edits/items additionalProperties",
      ],
    ],
    anthropic: ["as_is", []],
  },
  create_directory: {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": ["as_is", ["lossless # additionalProperties"]],
    anthropic: ["as_is", []],
  },
  list_directory: {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": ["as_is", ["lossless # additionalProperties"]],
    anthropic: ["as_is", []],
  },
  list_directory_with_sizes: {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": [
      "degraded",
      ["shape_changed #/properties/sortBy required", "constraint_lost #/properties/sortBy default", "lossless # additionalProperties"],
    ],
    anthropic: ["as_is", []],
  },
  directory_tree: {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": [
      "degraded",
      [
        "shape_changed #/properties/excludePatterns required",
        "constraint_lost #/properties/excludePatterns default",
        "lossless # additionalProperties",
      ],
    ],
    anthropic: ["as_is", []],
  },
  move_file: {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": ["as_is", ["lossless # additionalProperties"]],
    anthropic: ["as_is", []],
  },
  search_files: {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": [
      "degraded",
      [
        "shape_changed #/properties/excludePatterns required",
        "constraint_lost #/properties/excludePatterns default",
        "lossless # additionalProperties",
      ],
    ],
    anthropic: ["as_is", []],
  },
  get_file_info: {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": ["as_is", ["lossless # additionalProperties"]],
    anthropic: ["as_is", []],
  },
  list_allowed_directories: {
    gemini: ["as_is", ["lossless # $schema", "lossless # parameters"]],
    openai: ["as_is", []],
    "openai-strict": ["as_is", ["lossless # additionalProperties"]],
    anthropic: ["as_is", []],
  },
  echo: {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": ["as_is", ["lossless # additionalProperties"]],
    anthropic: ["as_is", []],
  },
  "get-annotated-message": {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": [
      "degraded",
      [
        "shape_changed #/properties/includeImage required",
        "constraint_lost #/properties/includeImage default",
        "lossless # additionalProperties",
      ],
    ],
    anthropic: ["as_is", []],
  },
  "get-env": {
    gemini: ["as_is", ["lossless # $schema", "lossless # parameters"]],
    openai: ["as_is", []],
    "openai-strict": ["as_is", ["lossless # additionalProperties"]],
    anthropic: ["as_is", []],
  },
  "get-resource-links": {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": [
      "degraded",
      [
        "shape_changed #/properties/count required",
        "constraint_lost #/properties/count minimum",
        "constraint_lost #/properties/count maximum",
        "constraint_lost #/properties/count default",
        "lossless # additionalProperties",
      ],
    ],
    anthropic: ["as_is", []],
  },
  "get-resource-reference": {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": [
      "degraded",
      [
        "shape_changed #/properties/resourceType required",
        "shape_changed #/properties/resourceId required",
        "constraint_lost #/properties/resourceType default",
        "constraint_lost #/properties/resourceId default",
        "lossless # additionalProperties",
      ],
    ],
    anthropic: ["as_is", []],
  },
  "get-structured-content": {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": ["as_is", ["lossless # additionalProperties"]],
    anthropic: ["as_is", []],
  },
  "get-sum": {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": ["as_is", ["lossless # additionalProperties"]],
    anthropic: ["as_is", []],
  },
  "get-tiny-image": {
    gemini: ["as_is", ["lossless # $schema", "lossless # parameters"]],
    openai: ["as_is", []],
    "openai-strict": ["as_is", ["lossless # additionalProperties"]],
    anthropic: ["as_is", []],
  },
  "gzip-file-as-resource": {
    gemini: ["degraded", ["constraint_lost #/properties/data format", "lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": [
      "degraded",
      [
        "shape_changed #/properties/name required",
        "shape_changed #/properties/data required",
        "shape_changed #/properties/outputType required",
        "constraint_lost #/properties/name default",
        "constraint_lost #/properties/data format",
        "constraint_lost #/properties/data default",
        "constraint_lost #/properties/outputType default",
        "lossless # additionalProperties",
      ],
    ],
    anthropic: ["as_is", []],
  },
  "toggle-simulated-logging": {
    gemini: ["as_is", ["lossless # $schema", "lossless # parameters"]],
    openai: ["as_is", []],
    "openai-strict": ["as_is", ["lossless # additionalProperties"]],
    anthropic: ["as_is", []],
  },
  "toggle-subscriber-updates": {
    gemini: ["as_is", ["lossless # $schema", "lossless # parameters"]],
    openai: ["as_is", []],
    "openai-strict": ["as_is", ["lossless # additionalProperties"]],
    anthropic: ["as_is", []],
  },
  "trigger-long-running-operation": {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": [
      "degraded",
      [
        "shape_changed #/properties/duration required",
        "shape_changed #/properties/steps required",
        "constraint_lost #/properties/duration default",
        "constraint_lost #/properties/steps default",
        "lossless # additionalProperties",
      ],
    ],
    anthropic: ["as_is", []],
  },
  "get-roots-list": {
    gemini: ["as_is", ["lossless # $schema", "lossless # parameters"]],
    openai: ["as_is", []],
    "openai-strict": ["as_is", ["lossless # additionalProperties"]],
    anthropic: ["as_is", []],
  },
  "trigger-elicitation-request": {
    gemini: ["as_is", ["lossless # $schema", "lossless # parameters"]],
    openai: ["as_is", []],
    "openai-strict": ["as_is", ["lossless # additionalProperties"]],
    anthropic: ["as_is", []],
  },
  "trigger-url-elicitation": {
    gemini: ["degraded", ["constraint_lost #/properties/url format", "lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": [
      "degraded",
      [
        "shape_changed #/properties/message required",
        "shape_changed #/properties/elicitationId required",
        "shape_changed #/properties/errorPath required",
        "constraint_lost #/properties/url format",
        "constraint_lost #/properties/message default",
        "constraint_lost #/properties/errorPath default",
        "lossless # additionalProperties",
      ],
    ],
    anthropic: ["as_is", []],
  },
  "trigger-sampling-request": {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": [
      "degraded",
      [
        "shape_changed #/properties/maxTokens required",
        "constraint_lost #/properties/maxTokens default",
        "lossless # additionalProperties",
      ],
    ],
    anthropic: ["as_is", []],
  },
  "simulate-research-query": {
    gemini: ["as_is", ["lossless # $schema"]],
    openai: ["as_is", []],
    "openai-strict": [
      "degraded",
      [
        "shape_changed #/properties/ambiguous required",
        "constraint_lost #/properties/ambiguous default",
        "lossless # additionalProperties",
      ],
    ],
    anthropic: ["as_is", []],
  },
  elicitation: {
    gemini: [
      "degraded",
      [
        "constraint_lost #/properties/email format",
        "constraint_lost #/properties/homepage format",
        "constraint_lost #/properties/birthdate format",
        "constraint_lost #/properties/titledSingleSelectEnum oneOf",
        "constraint_lost #/properties/legacyTitledEnum enumNames",
        "lossless #/properties/titledSingleSelectEnum/anyOf/0 const",
        "lossless #/properties/titledSingleSelectEnum/anyOf/1 const",
        "lossless #/properties/titledSingleSelectEnum/anyOf/2 const",
        "lossless #/properties/titledMultipleSelectEnum/items/anyOf/0 const",
        "lossless #/properties/titledMultipleSelectEnum/items/anyOf/1 const",
        "lossless #/properties/titledMultipleSelectEnum/items/anyOf/2 const",
      ],
    ],
    openai: ["as_is", []],
    "openai-strict": [
      "degraded",
      [
        "shape_changed #/properties/check required",
        "shape_changed #/properties/firstLine required",
        "shape_changed #/properties/email required",
        "shape_changed #/properties/homepage required",
        "shape_changed #/properties/birthdate required",
        "shape_changed #/properties/integer required",
        "shape_changed #/properties/number required",
        "shape_changed #/properties/untitledSingleSelectEnum required",
        "shape_changed #/properties/untitledMultipleSelectEnum required",
        "shape_changed #/properties/titledSingleSelectEnum required",
        "shape_changed #/properties/titledMultipleSelectEnum required",
        "shape_changed #/properties/legacyTitledEnum required",
        "constraint_lost #/properties/firstLine default",
        "constraint_lost #/properties/email format",
        "constraint_lost #/properties/homepage format",
        "constraint_lost #/properties/birthdate format",
        "constraint_lost #/properties/integer minimum",
        "constraint_lost #/properties/integer maximum",
        "constraint_lost #/properties/integer default",
        "constraint_lost #/properties/number minimum",
        "constraint_lost #/properties/number maximum",
        "constraint_lost #/properties/number default",
        "constraint_lost #/properties/untitledSingleSelectEnum default",
        "constraint_lost #/properties/untitledMultipleSelectEnum minItems",
        "constraint_lost #/properties/untitledMultipleSelectEnum maxItems",
        "constraint_lost #/properties/untitledMultipleSelectEnum default",
        "constraint_lost #/properties/titledSingleSelectEnum oneOf",
        "constraint_lost #/properties/titledSingleSelectEnum default",
        "constraint_lost #/properties/titledMultipleSelectEnum minItems",
        "constraint_lost #/properties/titledMultipleSelectEnum maxItems",
        "constraint_lost #/properties/titledMultipleSelectEnum default",
        "constraint_lost #/properties/legacyTitledEnum default",
        "lossless # additionalProperties",
      ],
    ],
    anthropic: ["as_is", []],
  },
};

describe("portability of the recorded real schemas", () => {
  const tools: FixtureTool[] = [...filesystem, ...everything, { name: "elicitation", inputSchema: elicitation }];

  it("covers the 14 filesystem tools, every everything tool and the elicitation schema", () => {
    expect(filesystem).toHaveLength(14);
    expect(Object.keys(EXPECTED)).toEqual(tools.map((t) => t.name));
  });

  it.each(tools.map((t) => [t.name, t] as const))("%s", (_name, tool) => {
    const analysis = analyzeTool(tool);
    for (const provider of PROVIDERS) {
      const target = analysis.targets[provider];
      const got: [Verdict, string[]] = [target.verdict, target.findings.map((f) => `${f.severity} ${f.path} ${f.keyword}`)];
      expect({ provider, got }).toEqual({ provider, got: EXPECTED[tool.name]?.[provider] });
    }
  });

  it("edit_file: the exact strict-mode schema and the Gemini schema", () => {
    const edit = filesystem.find((t) => t.name === "edit_file");
    const { targets } = analyzeTool(edit ?? { name: "missing" });
    expect(targets["openai-strict"].schema).toEqual({
      type: "object",
      properties: {
        path: { type: "string" },
        edits: {
          type: "array",
          items: {
            type: "object",
            properties: {
              oldText: { type: "string", description: "Text to search for - must match exactly" },
              newText: { type: "string", description: "Text to replace with" },
            },
            required: ["oldText", "newText"],
            additionalProperties: false,
          },
        },
        dryRun: { description: "Preview changes using git-style diff format", type: ["boolean", "null"] },
      },
      required: ["path", "edits", "dryRun"],
      $schema: "http://json-schema.org/draft-07/schema#",
      additionalProperties: false,
    });
    const { $schema: _s, ...withoutDialect } = edit?.inputSchema as Record<string, unknown>;
    expect(targets.gemini.schema).toEqual(withoutDialect);
    expect(targets.anthropic.schema).toBe(edit?.inputSchema);
  });

  it("summarizes the filesystem server: portable counts per provider, worst findings first", () => {
    const summary = summarizeTools(filesystem);
    expect(summary.providers.map((p) => [p.provider, p.asIs, p.degraded, p.rejected])).toEqual([
      ["gemini", 14, 0, 0],
      ["openai", 14, 0, 0],
      ["openai-strict", 7, 7, 0],
      ["anthropic", 14, 0, 0],
    ]);
    expect(summary.worst[0]).toMatchObject({
      tool: "read_file",
      provider: "openai-strict",
      finding: { severity: "shape_changed", path: "#/properties/tail" },
    });
    expect(summary.worst.at(-1)?.finding.severity).toBe("constraint_lost");
  });
});
