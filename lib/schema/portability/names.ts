// Tool-name normalization per provider: invalid characters replaced, length capped in bytes.
import type { Basis, Finding, NameResult, ProviderId } from "@/lib/schema/portability/types";

export interface NameRule {
  /** Characters the provider accepts (one character class, tested per code point). */
  allowed: RegExp;
  /** What the first character must be, when the provider restricts it. */
  first?: RegExp;
  maxBytes: number;
  basis: Basis;
  source: string;
  pattern: string;
}

export const NAME_RULES: Record<ProviderId, NameRule> = {
  // Gemini FunctionDeclaration.name: "Must start with a letter or an underscore. Must be a-z, A-Z,
  // 0-9, or contain underscores, dots, colons and dashes, with a maximum length of 64."
  // (Google Gen AI SDK / Vertex AI FunctionDeclaration reference.)
  gemini: {
    allowed: /^[A-Za-z0-9_.:-]$/u,
    first: /^[A-Za-z_]$/u,
    maxBytes: 64,
    basis: "documented",
    source: "https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration",
    pattern: "^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$",
  },
  // OpenAI function name: "Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a
  // maximum length of 64." (API reference, FunctionObject.name; the API reports ^[a-zA-Z0-9_-]{1,64}$.)
  openai: {
    allowed: /^[A-Za-z0-9_-]$/u,
    maxBytes: 64,
    basis: "documented",
    source: "https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools",
    pattern: "^[a-zA-Z0-9_-]{1,64}$",
  },
  "openai-strict": {
    allowed: /^[A-Za-z0-9_-]$/u,
    maxBytes: 64,
    basis: "documented",
    source: "https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools",
    pattern: "^[a-zA-Z0-9_-]{1,64}$",
  },
  // Anthropic: the Messages API answers 400 "name: String should match pattern
  // '^[a-zA-Z0-9_-]{1,64}$'" (reported by MCP users hitting it from Claude clients).
  anthropic: {
    allowed: /^[A-Za-z0-9_-]$/u,
    maxBytes: 64,
    basis: "observed",
    source: "https://github.com/modelcontextprotocol/go-sdk/issues/169",
    pattern: "^[a-zA-Z0-9_-]{1,64}$",
  },
};

const encoder = new TextEncoder();

/** The longest prefix of `text` that fits in `maxBytes` of UTF-8 without splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  let bytes = 0;
  let out = "";
  for (const ch of text) {
    const size = encoder.encode(ch).length;
    if (bytes + size > maxBytes) break;
    bytes += size;
    out += ch;
  }
  return out;
}

export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** The separator frameworks commonly put between server and tool name (assumed convention). */
export const NAMESPACE_SEPARATOR = "__";

/**
 * The key a host namespaces a server's tools with. Hosts use the server's configuration key (an
 * identifier such as `filesystem`), not a display name with spaces; a display name is turned into
 * one so the namespacing itself does not show up as a finding on every tool.
 */
export function serverKey(serverName: string): string {
  const key = serverName
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return key || "server";
}

export function namespaced(serverName: string, toolName: string): string {
  return `${serverKey(serverName)}${NAMESPACE_SEPARATOR}${toolName}`;
}

/** Replace each invalid character with "_", prefix "_" where the first character is not allowed, cap the bytes. */
export function normalizeName(name: string, provider: ProviderId): string {
  const rule = NAME_RULES[provider];
  let out = Array.from(name, (ch) => (rule.allowed.test(ch) ? ch : "_")).join("");
  const head = out.slice(0, 1);
  if (out === "" || (rule.first && !rule.first.test(head))) out = `_${out}`;
  return truncateUtf8(out, rule.maxBytes);
}

/** Findings for one name: characters replaced, first character fixed, truncation. */
export function nameFindings(name: string, provider: ProviderId): Finding[] {
  const rule = NAME_RULES[provider];
  const { basis, source } = rule;
  const findings: Finding[] = [];
  const bad = [...new Set(Array.from(name).filter((ch) => !rule.allowed.test(ch)))];
  if (bad.length > 0) {
    findings.push({
      path: "name",
      keyword: "name",
      action: "rewritten",
      severity: "shape_changed",
      basis,
      source,
      reason: `Characters ${bad.map((c) => JSON.stringify(c)).join(", ")} are outside ${rule.pattern}; replaced by "_". The model calls the new name, which the SDK must map back.`,
    });
  }
  if (name === "" || (rule.first && !rule.first.test(Array.from(name)[0] ?? ""))) {
    findings.push({
      path: "name",
      keyword: "name",
      action: "rewritten",
      severity: "shape_changed",
      basis,
      source,
      reason: 'The name must start with a letter or "_"; "_" is prefixed.',
    });
  }
  const size = utf8Length(name);
  if (size > rule.maxBytes) {
    findings.push({
      path: "name",
      keyword: "name",
      action: "rewritten",
      severity: "shape_changed",
      basis,
      source,
      reason: `${size} bytes is over the ${rule.maxBytes}-byte limit; truncated at a character boundary.`,
    });
  }
  return findings;
}

export interface NamedTool {
  name: string;
  serverName?: string;
}

/** The name result of `tool` among `others` (other tools the same agent sees). */
export function analyzeName(tool: NamedTool, others: NamedTool[], provider: ProviderId): { result: NameResult; findings: Finding[] } {
  const full = (t: NamedTool) => (t.serverName ? namespaced(t.serverName, t.name) : t.name);
  const label = (t: NamedTool) => (t.serverName && t.serverName !== tool.serverName ? `${t.serverName}/${t.name}` : t.name);
  const mine = normalizeName(full(tool), provider);
  const collisions = others
    .filter((o) => !(o.name === tool.name && o.serverName === tool.serverName) && normalizeName(full(o), provider) === mine)
    .map(label);
  const findings = nameFindings(full(tool), provider);
  if (collisions.length > 0) {
    // Two declarations with one name: the request fails or one tool silently shadows the other.
    findings.push({
      path: "name",
      keyword: "name",
      action: "rejected",
      severity: "rejected",
      basis: "assumed",
      reason: `After normalization "${mine}" is also the name of ${collisions.join(", ")}.`,
    });
  }
  const result: NameResult = { original: tool.name, normalized: normalizeName(tool.name, provider), collisions };
  if (tool.serverName) result.namespaced = mine;
  return { result, findings };
}
