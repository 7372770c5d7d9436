import type { AguiToolDeclaration } from "@/lib/contracts/agui";
import { isPlainObject, validateValue } from "@/lib/schema/form";
import { errorMessage } from "@/lib/values";

/** One front-end tool as the user types it: the schema stays text until it parses. */
export interface ToolDraft {
  name: string;
  description: string;
  schemaText: string;
}

export type ToolDraftErrors = Partial<Record<"name" | "schema", string>>;

const EMPTY_SCHEMA = { type: "object", properties: {} };

export const toolDraftOf = (t: AguiToolDeclaration): ToolDraft => ({
  name: t.name,
  description: t.description,
  schemaText: JSON.stringify(t.parameters, null, 2),
});

export const emptyToolDraft = (): ToolDraft => ({ name: "", description: "", schemaText: JSON.stringify(EMPTY_SCHEMA, null, 2) });

/**
 * What is wrong with one tool draft, or null. The schema must be a JSON object the validator can
 * compile, describing an object: AG-UI sends it as the tool's `parameters` and the agent calls the
 * tool with an arguments object (agent-uis.md §3a, `Tool.parameters`).
 */
export function schemaError(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return `Not JSON: ${errorMessage(e)}`;
  }
  if (!isPlainObject(parsed)) return "The schema must be a JSON object.";
  if (parsed.type !== undefined && parsed.type !== "object")
    return `A tool's parameters describe an object; this schema has type ${JSON.stringify(parsed.type)}.`;
  const probe = validateValue(parsed, {});
  if (!probe.ok && probe.errors.some((e) => e.message.startsWith("the schema cannot be used")))
    return probe.errors[0]!.message.replace(/^the schema/, "The schema");
  return null;
}

export function toolDraftErrors(draft: ToolDraft, all: readonly ToolDraft[]): ToolDraftErrors {
  const errors: ToolDraftErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = "A name is required.";
  else if (!/^[A-Za-z0-9_-]{1,64}$/.test(name)) errors.name = "Letters, digits, _ and - only (at most 64): models refuse other tool names.";
  else if (all.filter((d) => d.name.trim() === name).length > 1) errors.name = "Two tools have this name.";
  const schema = schemaError(draft.schemaText);
  if (schema) errors.schema = schema;
  return errors;
}

export type ToolDraftsResult = { ok: true; tools: AguiToolDeclaration[] } | { ok: false; errors: ToolDraftErrors[] };

/** The declarations to send, or each draft's errors (index-aligned) when any is wrong. */
export function toolsFromDrafts(drafts: readonly ToolDraft[]): ToolDraftsResult {
  const errors = drafts.map((d) => toolDraftErrors(d, drafts));
  if (errors.some((e) => Object.keys(e).length > 0)) return { ok: false, errors };
  return {
    ok: true,
    tools: drafts.map((d) => ({
      name: d.name.trim(),
      description: d.description,
      parameters: JSON.parse(d.schemaText) as Record<string, unknown>,
    })),
  };
}
