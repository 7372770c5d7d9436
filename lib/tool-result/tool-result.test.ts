import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseToolResult, classifyBlock } from "./content";
import { base64ByteLength, truncateUtf8, utf8ByteLength } from "@/lib/text/truncate";
import { detectTextFormat, looksLikeMarkdown, prettyJson } from "./text-format";
import { validateStructured } from "./validate";
import { readRpcErrorDetails, CALL_STATUS_META } from "./status";
import { filenameFromUri } from "./download";

import { MCP_FIXTURES as FIX } from "@/lib/testing/shared-fixtures";
const calls = JSON.parse(readFileSync(`${FIX}/server-everything/stdio-calls.json`, "utf8")) as Record<string, unknown>;
const tools = JSON.parse(readFileSync(`${FIX}/server-everything/stdio-tools.json`, "utf8")) as {
  tools: { name: string; outputSchema?: unknown }[];
};
const fs = JSON.parse(readFileSync(`${FIX}/server-filesystem/filesystem-listing.json`, "utf8")) as {
  tools: { tools: { name: string; outputSchema?: unknown }[] };
  calls: Record<string, unknown>;
};
const weatherSchema = tools.tools.find((t) => t.name === "get-structured-content")?.outputSchema;

describe("parseToolResult on server-everything results", () => {
  it("reads get-sum as one text block", () => {
    const parsed = parseToolResult(calls["get-sum"]);
    expect(parsed.blocks).toHaveLength(1);
    expect(parsed.blocks[0]).toMatchObject({ kind: "text", text: "The sum of 2 and 40 is 42." });
    expect(parsed.isError).toBe(false);
    expect(parsed.hasStructured).toBe(false);
    expect(parsed.problem).toBeUndefined();
  });

  it("reads get-tiny-image as text, image, text with the decoded byte size", () => {
    const parsed = parseToolResult(calls["get-tiny-image"]);
    expect(parsed.blocks.map((b) => b.kind)).toEqual(["text", "image", "text"]);
    const img = parsed.blocks[1];
    if (img?.kind !== "image") throw new Error("expected image");
    expect(img.mimeType).toBe("image/png");
    expect(img.byteLength).toBe(Buffer.from(img.data, "base64").length);
  });

  it("reads get-resource-links as two resource_link cards", () => {
    const parsed = parseToolResult(calls["get-resource-links"]);
    expect(parsed.blocks.map((b) => b.kind)).toEqual(["text", "resource_link", "resource_link"]);
    expect(parsed.blocks[1]).toMatchObject({
      name: "Blob Resource 1",
      uri: "demo://resource/dynamic/blob/1",
      mimeType: "text/plain",
      description: "Resource 1: plaintext resource",
    });
  });

  it("keeps structuredContent of get-structured-content", () => {
    const parsed = parseToolResult(calls["get-structured-content"]);
    expect(parsed.hasStructured).toBe(true);
    expect(parsed.structuredContent).toEqual({ temperature: 33, conditions: "Cloudy", humidity: 82 });
  });
});

describe("classifyBlock on crafted blocks", () => {
  it("separates embedded text and blob resources", () => {
    expect(classifyBlock({ type: "resource", resource: { uri: "a://x", text: "hi" } }, 0)).toMatchObject({
      kind: "resource_text",
      text: "hi",
    });
    expect(
      classifyBlock({ type: "resource", resource: { uri: "a://y", mimeType: "application/gzip", blob: "AAECAw==" } }, 1),
    ).toMatchObject({ kind: "resource_blob", byteLength: 4, mimeType: "application/gzip" });
  });

  it("keeps unknown and malformed blocks as unknown with a reason", () => {
    expect(classifyBlock({ type: "video", url: "x" }, 0)).toMatchObject({
      kind: "unknown",
      reason: 'unrecognized content type "video"',
    });
    expect(classifyBlock({ type: "text" }, 0)).toMatchObject({ kind: "unknown", reason: "text block without a text string" });
    expect(classifyBlock("oops", 2)).toMatchObject({ kind: "unknown", index: 2 });
    expect(classifyBlock({ type: "audio", data: "AAAA", mimeType: "audio/wav" }, 0)).toMatchObject({
      kind: "audio",
      byteLength: 3,
    });
  });

  it("flags results that are not a CallToolResult", () => {
    expect(parseToolResult(undefined).problem).toBe("no result");
    expect(parseToolResult({ foo: 1 }).problem).toBe("result has no content array");
    expect(parseToolResult({ content: [], isError: true }).isError).toBe(true);
  });
});

describe("validateStructured", () => {
  it("accepts the real get-structured-content result against its outputSchema", () => {
    const sc = parseToolResult(calls["get-structured-content"]).structuredContent;
    expect(validateStructured(weatherSchema, sc)).toEqual({ kind: "valid" });
  });

  it("accepts the real filesystem results against their outputSchemas", () => {
    const schema = fs.tools.tools.find((t) => t.name === "list_allowed_directories")?.outputSchema;
    const sc = parseToolResult(fs.calls.list_allowed_directories).structuredContent;
    expect(validateStructured(schema, sc)).toEqual({ kind: "valid" });
  });

  it("lists mismatches with JSON pointer paths", () => {
    const finding = validateStructured(weatherSchema, { temperature: "hot", humidity: 82, wind: 3 });
    expect(finding.kind).toBe("invalid");
    if (finding.kind !== "invalid") return;
    expect(finding.errors).toEqual(
      expect.arrayContaining([
        { path: "/temperature", message: "must be number", keyword: "type" },
        { path: "/conditions", message: "is required", keyword: "required" },
        { path: "/wind", message: "is not allowed by the schema", keyword: "additionalProperties" },
      ]),
    );
  });

  it("escapes pointer segments and reports nested paths, with formats", () => {
    const schema = {
      type: "object",
      properties: { "a/b": { type: "array", items: { type: "string", format: "email" } } },
    };
    const finding = validateStructured(schema, { "a/b": ["ok@example.com", "nope"] });
    expect(finding).toEqual({
      kind: "invalid",
      errors: [{ path: "/a~1b/1", message: 'must match format "email"', keyword: "format" }],
    });
  });

  it("supports 2020-12 schemas and unknown $schema URIs", () => {
    const s2020 = { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", prefixItems: [] };
    expect(validateStructured(s2020, {}).kind).toBe("valid");
    const odd = { $schema: "https://example.com/custom", type: "number" };
    expect(validateStructured(odd, "x").kind).toBe("invalid");
  });

  it("reports a missing structuredContent unless the result is an error", () => {
    expect(validateStructured(weatherSchema, undefined)).toEqual({ kind: "missing" });
    expect(validateStructured(weatherSchema, undefined, { isError: true })).toEqual({ kind: "not_checked" });
    expect(validateStructured(undefined, { a: 1 })).toEqual({ kind: "not_checked" });
  });

  it("reports a schema that cannot be compiled", () => {
    const finding = validateStructured({ type: "object", properties: { a: { $ref: "#/nowhere" } } }, { a: 1 });
    expect(finding.kind).toBe("schema_error");
  });
});

describe("text format detection", () => {
  it("detects JSON objects and arrays, not scalars or bracketed logs", () => {
    const fromFixture = parseToolResult(calls["get-structured-content"]).blocks[0];
    if (fromFixture?.kind !== "text") throw new Error("expected text");
    expect(detectTextFormat(fromFixture.text)).toEqual({
      kind: "json",
      value: { temperature: 33, conditions: "Cloudy", humidity: 82 },
    });
    expect(detectTextFormat("42").kind).toBe("plain");
    expect(detectTextFormat("[WARN] disk almost full [90%]").kind).toBe("plain");
  });

  it("detects markdown from real results and leaves plain text alone", () => {
    const diff = (fs.calls.edit_file_dryRun as { content: { text: string }[] }).content[0]?.text ?? "";
    expect(detectTextFormat(diff).kind).toBe("markdown");
    expect(detectTextFormat("The sum of 2 and 40 is 42.").kind).toBe("plain");
    expect(looksLikeMarkdown("- one\n- two")).toBe(true);
    expect(looksLikeMarkdown("- just one")).toBe(false);
    expect(looksLikeMarkdown("see [docs](https://x.dev)")).toBe(true);
    // Hostile input must not backtrack quadratically (this would take minutes with unbounded repeats).
    const t0 = performance.now();
    expect(looksLikeMarkdown("[".repeat(900_000))).toBe(false);
    expect(looksLikeMarkdown(" \n".repeat(400_000))).toBe(false);
    expect(looksLikeMarkdown("| a | b |\n|---|---|\n| 1 | 2 |")).toBe(true);
    expect(looksLikeMarkdown("## Title")).toBe(true);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it("pretty-prints JSON and names undefined", () => {
    expect(prettyJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(prettyJson(undefined)).toBe("undefined");
  });
});

describe("size helpers", () => {
  it("counts UTF-8 bytes", () => {
    expect(utf8ByteLength("abc")).toBe(3);
    expect(utf8ByteLength("é")).toBe(2);
    expect(utf8ByteLength("€")).toBe(3);
    expect(utf8ByteLength("😀")).toBe(4);
    const mixed = "aé€😀".repeat(1000);
    expect(utf8ByteLength(mixed)).toBe(Buffer.byteLength(mixed, "utf8"));
    const long = "aé€😀".repeat(30_000); // over the native-encoder threshold
    expect(utf8ByteLength(long)).toBe(Buffer.byteLength(long, "utf8"));
  });

  it("truncates on a character boundary", () => {
    const t = truncateUtf8("😀😀😀", 6);
    expect(t).toEqual({ text: "😀", truncated: true, shownBytes: 4, totalBytes: 12 });
    expect(truncateUtf8("abc", 3)).toEqual({ text: "abc", truncated: false, shownBytes: 3, totalBytes: 3 });
    const big = "x".repeat(5 * 1024 * 1024);
    const cut = truncateUtf8(big);
    expect(cut.text.length).toBe(100 * 1024);
    expect(cut.totalBytes).toBe(5 * 1024 * 1024);
  });

  it("computes a base64 payload's decoded size", () => {
    expect(base64ByteLength("AAECAw==")).toBe(4);
  });
});

describe("status and rpc details", () => {
  it("labels every status and reads JSON-RPC details", () => {
    expect(CALL_STATUS_META.rpc_error.label).toBe("JSON-RPC error");
    expect(readRpcErrorDetails({ code: -32602, data: { field: "x" } })).toEqual({
      code: -32602,
      name: "Invalid params",
      data: { field: "x" },
      hasData: true,
    });
    expect(readRpcErrorDetails("nope")).toEqual({ hasData: false });
  });

  it("derives download file names from URIs", () => {
    expect(filenameFromUri("file:///tmp/a%20b.txt?x=1", "f")).toBe("a b.txt");
    expect(filenameFromUri("demo://resource/dynamic/blob/1", "f")).toBe("1");
    expect(filenameFromUri("urn:x", "fallback.bin")).toBe("fallback.bin");
  });
});
