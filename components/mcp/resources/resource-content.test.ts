import { describe, expect, it } from "vitest";
import { classifyResourceContent, decodeBase64Text, languageOf, PREVIEW_MAX_BYTES } from "./resource-content";
import { filterResources, resourceLabel } from "./resource-filter";
import { filterPrompts, missingRequired, promptArguments } from "@/components/mcp/prompts/prompt-args";

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");

describe("classifyResourceContent", () => {
  it("picks the view by mimeType", () => {
    expect(classifyResourceContent({ uri: "a://x", mimeType: "text/markdown", text: "plain words" }).kind).toBe("markdown");
    expect(classifyResourceContent({ uri: "a://x", mimeType: "application/json", text: '{"a":1}' })).toMatchObject({
      kind: "json",
      value: { a: 1 },
    });
    expect(classifyResourceContent({ uri: "a://x", mimeType: "application/vnd.api+json", text: "[1]" }).kind).toBe("json");
    expect(classifyResourceContent({ uri: "a://x.py", mimeType: "text/x-python", text: "print(1)" })).toMatchObject({
      kind: "text",
      language: "python",
    });
    expect(classifyResourceContent({ uri: "a://x", mimeType: "image/png", blob: "iVBORw0KGgo=" })).toMatchObject({
      kind: "image",
      bytes: 8,
    });
    expect(classifyResourceContent({ uri: "a://x", mimeType: "audio/wav", blob: "UklGRg==" }).kind).toBe("audio");
    expect(classifyResourceContent({ uri: "a://x", mimeType: "application/zip", blob: "UEsDBA==" }).kind).toBe("blob");
    expect(classifyResourceContent({ uri: "a://x", blob: "UEsDBA==" }).kind).toBe("blob");
  });

  it("falls back to plain text when a JSON mimeType holds invalid JSON, and sniffs JSON without one", () => {
    expect(classifyResourceContent({ uri: "a://x", mimeType: "application/json", text: "{oops" }).kind).toBe("text");
    expect(classifyResourceContent({ uri: "a://x", text: ' {"k": [1]}' }).kind).toBe("json");
    expect(classifyResourceContent({ uri: "a://doc.md", text: "hi" }).kind).toBe("markdown");
    // A mimeType wins over sniffing: text/plain that happens to be JSON stays text.
    expect(classifyResourceContent({ uri: "a://x", mimeType: "text/plain", text: "{}" }).kind).toBe("text");
  });

  it("decodes a text blob (server-everything's dynamic blob is text/plain) and keeps UTF-8", () => {
    const view = classifyResourceContent({
      uri: "demo://resource/dynamic/blob/3",
      mimeType: "text/plain",
      blob: b64("Resource 3: größe ✓"),
    });
    expect(view).toMatchObject({ kind: "blob_text", text: "Resource 3: größe ✓" });
    expect(decodeBase64Text(b64("😀"))).toBe("😀");
  });

  it("does not preview a huge blob, and reports malformed items as unknown", () => {
    const huge = "A".repeat(Math.ceil(((PREVIEW_MAX_BYTES + 10) * 4) / 3));
    expect(classifyResourceContent({ uri: "a://x", mimeType: "image/png", blob: huge }).kind).toBe("blob");
    expect(classifyResourceContent({ uri: "a://x" })).toMatchObject({ kind: "unknown", reason: expect.stringContaining("neither") });
    expect(classifyResourceContent("nope").kind).toBe("unknown");
  });

  it("names a language from mimeType or extension", () => {
    expect(languageOf("application/javascript", "x")).toBe("javascript");
    expect(languageOf(undefined, "file:///a/b.rs")).toBe("rust");
    expect(languageOf("text/plain", "file:///a/b")).toBe("plain");
  });
});

describe("filters and labels", () => {
  const resources = [
    { uri: "demo://a.md", name: "a.md", title: "Alpha doc", mimeType: "text/markdown" },
    { uri: "file:///b.json", name: "b.json", description: "Beta data", mimeType: "application/json" },
  ];
  it("matches every word against name, title, uri, description and mimeType", () => {
    expect(filterResources(resources, "alpha").map((r) => r.name)).toEqual(["a.md"]);
    expect(filterResources(resources, "json beta").map((r) => r.name)).toEqual(["b.json"]);
    expect(filterResources(resources, "json alpha")).toEqual([]);
    expect(filterResources(resources, "  ")).toHaveLength(2);
    expect(resourceLabel(resources[0]!)).toBe("Alpha doc");
    expect(resourceLabel(resources[1]!)).toBe("b.json");
  });

  it("builds prompt arguments without empty values and lists missing required ones", () => {
    const args = [{ name: "city", required: true }, { name: "state" }];
    expect(promptArguments(args, { city: "Lisbon", state: "", extra: "x" })).toEqual({ city: "Lisbon" });
    expect(missingRequired(args, { state: "x" })).toEqual(["city"]);
    expect(missingRequired(args, { city: "y" })).toEqual([]);
    expect(filterPrompts([{ name: "args-prompt", arguments: args }, { name: "simple" }], "city").map((p) => p.name)).toEqual([
      "args-prompt",
    ]);
  });
});
