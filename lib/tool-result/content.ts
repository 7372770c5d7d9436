import { base64ByteLength } from "@/lib/text/truncate";

/**
 * One content block of a CallToolResult, classified for display. Anything that does not match a
 * known MCP shape becomes `unknown` and is shown as raw JSON — never dropped (DESIGN.md, timeline model).
 */
export type ResultBlock =
  | { kind: "text"; index: number; text: string; raw: unknown }
  | { kind: "image"; index: number; data: string; mimeType: string; byteLength: number; raw: unknown }
  | { kind: "audio"; index: number; data: string; mimeType: string; byteLength: number; raw: unknown }
  | {
      kind: "resource_link";
      index: number;
      uri: string;
      name: string;
      title?: string;
      mimeType?: string;
      description?: string;
      size?: number;
      raw: unknown;
    }
  | { kind: "resource_text"; index: number; uri: string; mimeType?: string; text: string; raw: unknown }
  | {
      kind: "resource_blob";
      index: number;
      uri: string;
      mimeType?: string;
      blob: string;
      byteLength: number;
      raw: unknown;
    }
  | { kind: "unknown"; index: number; reason: string; raw: unknown };

export type ResultBlockKind = ResultBlock["kind"];

export interface ParsedToolResult {
  blocks: ResultBlock[];
  /** True when the result carries a `structuredContent` key (even if its value is null). */
  hasStructured: boolean;
  structuredContent: unknown;
  isError: boolean;
  /** Set when the result is not a CallToolResult at all (no content array); the view falls back to raw JSON. */
  problem?: string;
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function str(o: Obj, key: string): string | undefined {
  const v = o[key];
  return typeof v === "string" ? v : undefined;
}

function unknownBlock(index: number, raw: unknown, reason: string): ResultBlock {
  return { kind: "unknown", index, reason, raw };
}

/**
 * Standard base64 (RFC 4648 §4), whitespace allowed. A server that sends anything else gets its
 * block flagged here instead of a broken image, and the result's other blocks still show.
 */
export function isValidBase64(data: string): boolean {
  const clean = data.replace(/\s/g, "");
  return clean.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(clean);
}

function classifyResource(index: number, raw: Obj): ResultBlock {
  const res = raw.resource;
  if (!isObj(res)) return unknownBlock(index, raw, "resource block without a resource object");
  const uri = str(res, "uri");
  if (uri === undefined) return unknownBlock(index, raw, "embedded resource without a uri");
  const mimeType = str(res, "mimeType");
  const text = str(res, "text");
  if (text !== undefined) return { kind: "resource_text", index, uri, mimeType, text, raw };
  const blob = str(res, "blob");
  if (blob !== undefined) {
    if (!isValidBase64(blob)) return unknownBlock(index, raw, "embedded resource blob is not valid base64");
    return { kind: "resource_blob", index, uri, mimeType, blob, byteLength: base64ByteLength(blob), raw };
  }
  return unknownBlock(index, raw, "embedded resource with neither text nor blob");
}

/** Classifies one MCP content block (spec: ContentBlock = text | image | audio | resource_link | resource). */
export function classifyBlock(raw: unknown, index: number): ResultBlock {
  if (!isObj(raw)) return unknownBlock(index, raw, "content block is not an object");
  const type = str(raw, "type");
  switch (type) {
    case "text": {
      const text = str(raw, "text");
      return text === undefined ? unknownBlock(index, raw, "text block without a text string") : { kind: "text", index, text, raw };
    }
    case "image":
    case "audio": {
      const data = str(raw, "data");
      const mimeType = str(raw, "mimeType");
      if (data === undefined || mimeType === undefined) {
        return unknownBlock(index, raw, `${type} block without data or mimeType`);
      }
      if (!isValidBase64(data)) return unknownBlock(index, raw, `${type} data is not valid base64`);
      return { kind: type, index, data, mimeType, byteLength: base64ByteLength(data), raw };
    }
    case "resource_link": {
      const uri = str(raw, "uri");
      const name = str(raw, "name");
      if (uri === undefined || name === undefined) {
        return unknownBlock(index, raw, "resource_link without uri or name");
      }
      const size = typeof raw.size === "number" ? raw.size : undefined;
      return {
        kind: "resource_link",
        index,
        uri,
        name,
        title: str(raw, "title"),
        mimeType: str(raw, "mimeType"),
        description: str(raw, "description"),
        size,
        raw,
      };
    }
    case "resource":
      return classifyResource(index, raw);
    default:
      return unknownBlock(index, raw, `unrecognized content type ${JSON.stringify(type ?? null)}`);
  }
}

/** Reads a CallToolResult as the server sent it, tolerating any malformed shape. */
export function parseToolResult(result: unknown): ParsedToolResult {
  if (!isObj(result)) {
    return {
      blocks: [],
      hasStructured: false,
      structuredContent: undefined,
      isError: false,
      problem: result === undefined ? "no result" : "result is not an object",
    };
  }
  const content = result.content;
  const blocks = Array.isArray(content) ? content.map(classifyBlock) : [];
  return {
    blocks,
    hasStructured: "structuredContent" in result && result.structuredContent !== undefined,
    structuredContent: result.structuredContent,
    isError: result.isError === true,
    problem: Array.isArray(content) ? undefined : "result has no content array",
  };
}
