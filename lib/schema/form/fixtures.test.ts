import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classifySchema } from "./classify";
import { defaultValueForSchema } from "./defaults";
import type { FieldModel, JsonSchemaObject, ObjectFieldModel } from "./types";
import { validateValue } from "./validate";

import { MCP_FIXTURES as FIXTURES } from "@/lib/testing/shared-fixtures";
interface ToolLike {
  name: string;
  inputSchema: JsonSchemaObject;
}
const fsTools = (
  JSON.parse(readFileSync(`${FIXTURES}/server-filesystem/filesystem-listing.json`, "utf8")) as { tools: { tools: ToolLike[] } }
).tools.tools;
const everythingTools = (JSON.parse(readFileSync(`${FIXTURES}/server-everything/stdio-tools.json`, "utf8")) as { tools: ToolLike[] }).tools;
const elicitation = (
  JSON.parse(readFileSync(`${FIXTURES}/server-everything/fixture-elicitation-requestedSchema.json`, "utf8")) as {
    requestedSchema: JsonSchemaObject;
  }
).requestedSchema;

function tool(list: ToolLike[], name: string): JsonSchemaObject {
  const found = list.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found.inputSchema;
}

function asObject(model: FieldModel): ObjectFieldModel {
  if (model.kind !== "object") throw new Error(`expected object, got ${model.kind}`);
  return model;
}

/** `name:kind` for each property, the compact shape of a tool's form. */
function shape(schema: JsonSchemaObject): string[] {
  return asObject(classifySchema(schema)).properties.map(
    (p) => `${p.name}${p.required ? "*" : ""}:${classifySchema(p.schema, schema).kind}`,
  );
}

describe("server-filesystem tools", () => {
  it("classifies every tool's inputSchema into its form shape", () => {
    const shapes = Object.fromEntries(fsTools.map((t) => [t.name, shape(t.inputSchema)]));
    expect(shapes).toEqual({
      read_file: ["path*:string", "tail:number", "head:number"],
      read_text_file: ["path*:string", "tail:number", "head:number"],
      read_media_file: ["path*:string"],
      read_multiple_files: ["paths*:array"],
      write_file: ["path*:string", "content*:string"],
      edit_file: ["path*:string", "edits*:array", "dryRun:boolean"],
      create_directory: ["path*:string"],
      list_directory: ["path*:string"],
      list_directory_with_sizes: ["path*:string", "sortBy:select"],
      directory_tree: ["path*:string", "excludePatterns:array"],
      move_file: ["source*:string", "destination*:string"],
      search_files: ["path*:string", "pattern*:string", "excludePatterns:array"],
      get_file_info: ["path*:string"],
      list_allowed_directories: [],
    });
  });

  it("models edit_file.edits as an array of {oldText,newText} objects", () => {
    const schema = tool(fsTools, "edit_file");
    const edits = asObject(classifySchema(schema)).properties[1];
    const model = classifySchema(edits?.schema, schema);
    expect(model.kind).toBe("array");
    if (model.kind !== "array") return;
    const item = asObject(classifySchema(model.items, schema));
    expect(item.properties).toEqual([
      { name: "oldText", required: true, schema: { type: "string", description: "Text to search for - must match exactly" } },
      { name: "newText", required: true, schema: { type: "string", description: "Text to replace with" } },
    ]);
    expect(classifySchema(item.properties[0]?.schema, schema)).toEqual({
      kind: "string",
      schema: { type: "string", description: "Text to search for - must match exactly" },
      description: "Text to search for - must match exactly",
      multiline: true,
    });
  });

  it("models bounded arrays, defaults and enums", () => {
    const paths = classifySchema(asObject(classifySchema(tool(fsTools, "read_multiple_files"))).properties[0]?.schema);
    expect(paths).toMatchObject({ kind: "array", minItems: 1, items: { type: "string" } });
    const sortBy = classifySchema(asObject(classifySchema(tool(fsTools, "list_directory_with_sizes"))).properties[1]?.schema);
    expect(sortBy).toMatchObject({
      kind: "select",
      defaultValue: "name",
      options: [
        { value: "name", label: "name" },
        { value: "size", label: "size" },
      ],
    });
  });

  it("starts each tool with only its defaults", () => {
    const defaults = Object.fromEntries(fsTools.map((t) => [t.name, defaultValueForSchema(t.inputSchema)]));
    expect(defaults.edit_file).toEqual({ dryRun: false });
    expect(defaults.directory_tree).toEqual({ excludePatterns: [] });
    expect(defaults.search_files).toEqual({ excludePatterns: [] });
    expect(defaults.list_directory_with_sizes).toEqual({ sortBy: "name" });
    expect(defaults.read_file).toEqual({});
    expect(defaults.list_allowed_directories).toEqual({});
  });

  it("validates edit_file with pointers to the failing item field", () => {
    const schema = tool(fsTools, "edit_file");
    expect(validateValue(schema, { path: "/tmp/a", edits: [{ oldText: "a", newText: "b" }], dryRun: true })).toEqual({ ok: true });
    expect(validateValue(schema, { edits: [{ oldText: "a", newText: "b" }, { oldText: "c" }], dryRun: "yes" })).toEqual({
      ok: false,
      errors: [
        { path: "/path", message: "is required" },
        { path: "/edits/1/newText", message: "is required" },
        { path: "/dryRun", message: "must be true or false" },
      ],
    });
    expect(validateValue(tool(fsTools, "read_multiple_files"), { paths: [] })).toEqual({
      ok: false,
      errors: [{ path: "/paths", message: "must have at least 1 item" }],
    });
  });
});

describe("server-everything tools", () => {
  it("classifies every tool", () => {
    const shapes = Object.fromEntries(everythingTools.map((t) => [t.name, shape(t.inputSchema)]));
    expect(shapes).toEqual({
      echo: ["message*:string"],
      "get-annotated-message": ["messageType*:select", "includeImage:boolean"],
      "get-env": [],
      "get-resource-links": ["count:number"],
      "get-resource-reference": ["resourceType:select", "resourceId:number"],
      "get-structured-content": ["location*:select"],
      "get-sum": ["a*:number", "b*:number"],
      "get-tiny-image": [],
      "gzip-file-as-resource": ["name:string", "data:string", "outputType:select"],
      "toggle-simulated-logging": [],
      "toggle-subscriber-updates": [],
      "trigger-long-running-operation": ["duration:number", "steps:number"],
      "get-roots-list": [],
      "trigger-elicitation-request": [],
      "trigger-url-elicitation": ["url*:string", "message:string", "elicitationId:string", "errorPath:boolean"],
      "trigger-sampling-request": ["prompt*:string", "maxTokens:number"],
      "simulate-research-query": ["topic*:string", "ambiguous:boolean"],
    });
  });

  it("reads bounds and formats", () => {
    const links = tool(everythingTools, "get-resource-links");
    expect(classifySchema(asObject(classifySchema(links)).properties[0]?.schema)).toEqual({
      kind: "number",
      schema: { default: 3, description: "Number of resource links to return (1-10)", type: "number", minimum: 1, maximum: 10 },
      description: "Number of resource links to return (1-10)",
      defaultValue: 3,
      integer: false,
      minimum: 1,
      maximum: 10,
    });
    const url = classifySchema(asObject(classifySchema(tool(everythingTools, "trigger-url-elicitation"))).properties[0]?.schema);
    expect(url).toMatchObject({ kind: "string", format: "uri", multiline: false });
  });

  it("defaults and validation", () => {
    expect(defaultValueForSchema(tool(everythingTools, "gzip-file-as-resource"))).toEqual({
      name: "README.md.gz",
      data: "https://raw.githubusercontent.com/modelcontextprotocol/servers/refs/heads/main/README.md",
      outputType: "resourceLink",
    });
    expect(defaultValueForSchema(tool(everythingTools, "trigger-url-elicitation"))).toEqual({
      message: "Please open the link to complete this action.",
      errorPath: false,
    });
    expect(validateValue(tool(everythingTools, "get-resource-links"), { count: 11 })).toEqual({
      ok: false,
      errors: [{ path: "/count", message: "must be at most 10" }],
    });
    expect(validateValue(tool(everythingTools, "get-annotated-message"), { messageType: "warn" })).toEqual({
      ok: false,
      errors: [{ path: "/messageType", message: 'must be one of "error", "success", "debug"' }],
    });
    expect(validateValue(tool(everythingTools, "trigger-url-elicitation"), { url: "not a url" })).toEqual({
      ok: false,
      errors: [{ path: "/url", message: "must be a full URI (with a scheme, e.g. https://…)" }],
    });
  });
});

describe("elicitation requestedSchema (server-everything)", () => {
  const props = asObject(classifySchema(elicitation)).properties;
  const model = (name: string) => classifySchema(props.find((p) => p.name === name)?.schema, elicitation);

  it("classifies every variant", () => {
    expect(props.map((p) => `${p.name}${p.required ? "*" : ""}:${model(p.name).kind}`)).toEqual([
      "name*:string",
      "check:boolean",
      "firstLine:string",
      "email:string",
      "homepage:string",
      "birthdate:string",
      "integer:number",
      "number:number",
      "untitledSingleSelectEnum:select",
      "untitledMultipleSelectEnum:multi-select",
      "titledSingleSelectEnum:select",
      "titledMultipleSelectEnum:multi-select",
      "legacyTitledEnum:select",
    ]);
    expect(model("email")).toMatchObject({ format: "email", title: "String with email format", multiline: false });
    expect(model("homepage")).toMatchObject({ format: "uri" });
    expect(model("birthdate")).toMatchObject({ format: "date" });
    expect(model("integer")).toMatchObject({ integer: true, minimum: 1, maximum: 100, defaultValue: 42 });
    expect(model("number")).toMatchObject({ integer: false, minimum: 0, maximum: 1000, defaultValue: 3.14 });
  });

  it("labels options from titles and legacy enumNames", () => {
    const labels = (name: string) => {
      const m = model(name);
      return m.kind === "select" || m.kind === "multi-select" ? m.options.map((o) => `${String(o.value)}=${o.label}`) : [];
    };
    expect(labels("untitledSingleSelectEnum")).toEqual([
      "Monica=Monica",
      "Rachel=Rachel",
      "Joey=Joey",
      "Chandler=Chandler",
      "Ross=Ross",
      "Phoebe=Phoebe",
    ]);
    expect(labels("untitledMultipleSelectEnum")).toEqual(["Guitar=Guitar", "Piano=Piano", "Violin=Violin", "Drums=Drums", "Bass=Bass"]);
    expect(labels("titledSingleSelectEnum")).toEqual(["hero-1=Superman", "hero-2=Green Lantern", "hero-3=Wonder Woman"]);
    expect(labels("titledMultipleSelectEnum")).toEqual(["fish-1=Tuna", "fish-2=Salmon", "fish-3=Trout"]);
    expect(labels("legacyTitledEnum")).toEqual(["pet-1=Cats", "pet-2=Dogs", "pet-3=Birds", "pet-4=Fish", "pet-5=Reptiles"]);
    expect(model("titledMultipleSelectEnum")).toMatchObject({ minItems: 1, maxItems: 3, defaultValue: ["fish-1"] });
  });

  it("defaults to every declared default and nothing else", () => {
    expect(defaultValueForSchema(elicitation)).toEqual({
      firstLine: "It was a dark and stormy night.",
      integer: 42,
      number: 3.14,
      untitledSingleSelectEnum: "Monica",
      untitledMultipleSelectEnum: ["Guitar"],
      titledSingleSelectEnum: "hero-1",
      titledMultipleSelectEnum: ["fish-1"],
      legacyTitledEnum: "pet-1",
    });
  });

  it("validates bounds, formats and selections in plain English", () => {
    const value = {
      ...(defaultValueForSchema(elicitation) as object),
      email: "nope",
      homepage: "example.com",
      birthdate: "31/01/2000",
      integer: 4.5,
      number: -1,
      untitledMultipleSelectEnum: ["Guitar", "Piano", "Violin", "Drums"],
      titledMultipleSelectEnum: [],
      titledSingleSelectEnum: "hero-9",
    };
    expect(validateValue(elicitation, value)).toEqual({
      ok: false,
      errors: [
        { path: "/name", message: "is required" },
        { path: "/email", message: "must be an email address" },
        { path: "/homepage", message: "must be a full URI (with a scheme, e.g. https://…)" },
        { path: "/birthdate", message: "must be a date (YYYY-MM-DD)" },
        { path: "/integer", message: "must be a whole number" },
        { path: "/number", message: "must be at least 0" },
        { path: "/untitledMultipleSelectEnum", message: "must have at most 3 items" },
        { path: "/titledSingleSelectEnum", message: 'must be one of "hero-1", "hero-2", "hero-3"' },
        { path: "/titledMultipleSelectEnum", message: "must have at least 1 item" },
      ],
    });
    expect(validateValue(elicitation, { name: "Ada", integer: 0 })).toEqual({
      ok: false,
      errors: [{ path: "/integer", message: "must be at least 1" }],
    });
    expect(
      validateValue(elicitation, {
        ...(defaultValueForSchema(elicitation) as object),
        name: "Ada",
        email: "ada@example.com",
        birthdate: "1815-12-10",
      }),
    ).toEqual({ ok: true });
  });
});
