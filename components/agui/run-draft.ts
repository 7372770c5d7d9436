import type { AguiRunBody, AguiToolDeclaration } from "@/lib/contracts/agui";
import { isPlainObject } from "@/lib/schema/form";
import { errorMessage } from "@/lib/values";
import { toolDraftOf, toolsFromDrafts, type ToolDraft, type ToolDraftErrors } from "./tool-drafts";

export interface ContextDraft {
  description: string;
  value: string;
}

/** The run form as typed: JSON fields stay text until Run, so nothing typed is re-formatted. */
export interface RunDraft {
  text: string;
  /** The state sent with the run; `stateEdited` false = the thread's own state, not sent. */
  stateText: string;
  stateEdited: boolean;
  context: ContextDraft[];
  forwardedText: string;
  tools: ToolDraft[];
  /** False until the user touches the tools: the agent's defaults then apply on the server. */
  toolsEdited: boolean;
}

export interface RunDraftErrors {
  state?: string;
  forwarded?: string;
  context?: string;
  tools?: ToolDraftErrors[];
}

export const pretty = (value: unknown) => JSON.stringify(value ?? {}, null, 2);

export function emptyRunDraft(threadState: unknown, defaults: readonly AguiToolDeclaration[]): RunDraft {
  return {
    text: "",
    stateText: pretty(threadState),
    stateEdited: false,
    context: [],
    forwardedText: "",
    tools: defaults.map(toolDraftOf),
    toolsEdited: false,
  };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, error: `Not JSON: ${errorMessage(e)}` };
  }
}

/** Live check of the state text (any JSON value is a state; AG-UI does not constrain it). */
export const stateError = (text: string) => {
  const parsed = parseJson(text);
  return parsed.ok ? null : parsed.error;
};

/** forwardedProps is an object or nothing (empty text). */
export function forwardedError(text: string): string | null {
  if (text.trim() === "") return null;
  const parsed = parseJson(text);
  if (!parsed.ok) return parsed.error;
  return isPlainObject(parsed.value) ? null : "forwardedProps must be a JSON object.";
}

export type RunDraftResult = { ok: true; body: AguiRunBody } | { ok: false; errors: RunDraftErrors };

/** The run body for a thread (null: a new thread), or what blocks it. */
export function runBodyFromDraft(draft: RunDraft, threadId: string | null): RunDraftResult {
  const errors: RunDraftErrors = {};
  const state = draft.stateEdited ? stateError(draft.stateText) : null;
  if (state) errors.state = state;
  const forwarded = forwardedError(draft.forwardedText);
  if (forwarded) errors.forwarded = forwarded;
  const context = draft.context.filter((c) => c.description.trim() !== "" || c.value.trim() !== "");
  if (context.some((c) => c.description.trim() === "")) errors.context = "Every context entry needs a description.";
  const tools = draft.toolsEdited ? toolsFromDrafts(draft.tools) : null;
  if (tools && !tools.ok) errors.tools = tools.errors;
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const body: AguiRunBody = { context: context.map((c) => ({ description: c.description.trim(), value: c.value })) };
  if (threadId) body.threadId = threadId;
  if (draft.text.trim() !== "") body.text = draft.text;
  if (draft.stateEdited) body.state = JSON.parse(draft.stateText);
  if (draft.forwardedText.trim() !== "") body.forwardedProps = JSON.parse(draft.forwardedText) as Record<string, unknown>;
  if (tools?.ok) body.tools = tools.tools;
  return { ok: true, body };
}
