import { AppError, waitsElsewhere } from "@/lib/errors";
import { isPlainObject, type JsonSchemaObject, type ValidationIssue } from "@/lib/schema/form";

/**
 * Reading the `params` of sampling/createMessage and elicitation/create exactly as a server sent
 * them. Servers send anything, so every field is checked and a wrong-typed one is left out of the
 * view (the raw params stay one click away) instead of breaking the card.
 */

type Obj = Record<string, unknown>;

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const text = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

export interface SamplingMessageView {
  role: string;
  /** Content blocks (text, image, audio, tool_use, tool_result …); one block is a list of one. */
  blocks: unknown[];
}

export interface ModelPreferencesView {
  hints: string[];
  costPriority?: number;
  speedPriority?: number;
  intelligencePriority?: number;
}

export interface SamplingView {
  messages: SamplingMessageView[];
  systemPrompt?: string;
  modelPreferences?: ModelPreferencesView;
  maxTokens?: number;
  temperature?: number;
  stopSequences?: string[];
  includeContext?: string;
  /** Present only when the server sent them (sampling with tools, SEP-1577). */
  tools?: unknown;
  toolChoice?: unknown;
  metadata?: unknown;
}

export function samplingView(params: Obj): SamplingView {
  const messages = (Array.isArray(params.messages) ? params.messages : []).map((m): SamplingMessageView => {
    const msg = isPlainObject(m) ? m : {};
    const content = msg.content;
    return { role: text(msg.role) ?? "?", blocks: Array.isArray(content) ? content : content === undefined ? [] : [content] };
  });
  const prefs = isPlainObject(params.modelPreferences) ? params.modelPreferences : undefined;
  const view: SamplingView = {
    messages,
    systemPrompt: text(params.systemPrompt),
    maxTokens: num(params.maxTokens),
    temperature: num(params.temperature),
    includeContext: text(params.includeContext),
  };
  if (prefs) {
    view.modelPreferences = {
      hints: (Array.isArray(prefs.hints) ? prefs.hints : [])
        .map((h) => (isPlainObject(h) ? text(h.name) : undefined))
        .filter((h): h is string => h !== undefined),
      costPriority: num(prefs.costPriority),
      speedPriority: num(prefs.speedPriority),
      intelligencePriority: num(prefs.intelligencePriority),
    };
  }
  if (Array.isArray(params.stopSequences)) view.stopSequences = params.stopSequences.filter((s): s is string => typeof s === "string");
  if (params.tools !== undefined) view.tools = params.tools;
  if (params.toolChoice !== undefined) view.toolChoice = params.toolChoice;
  if (params.metadata !== undefined) view.metadata = params.metadata;
  return view;
}

export interface ElicitationFormView {
  message: string;
  /** The requested schema as an object schema, or null when the server sent none usable. */
  schema: JsonSchemaObject | null;
}

export function elicitationFormView(params: Obj): ElicitationFormView {
  const schema = params.requestedSchema;
  return { message: text(params.message) ?? "", schema: isPlainObject(schema) ? schema : null };
}

export interface ElicitationUrlView {
  message: string;
  url: string;
  /** The host the URL leads to, or null when the URL does not parse. */
  domain: string | null;
  /** Only http(s) URLs are offered as a link; anything else (javascript:, data:, file:) is text only. */
  linkable: boolean;
  elicitationId?: string;
}

export function elicitationUrlView(params: Obj): ElicitationUrlView {
  const url = text(params.url) ?? "";
  let domain: string | null = null;
  let linkable = false;
  try {
    const parsed = new URL(url);
    linkable = parsed.protocol === "https:" || parsed.protocol === "http:";
    domain = parsed.hostname || null;
  } catch {
    // Not a URL: shown as text, with no link.
  }
  return { message: text(params.message) ?? "", url, domain, linkable, elicitationId: text(params.elicitationId) };
}

/** What went wrong with an answer POST, in the words the card shows. */
export interface AnswerProblem {
  kind: "stale" | "elsewhere" | "invalid" | "network" | "other";
  title: string;
  message: string;
  /** Field issues from a 400's details, addressed by JSON pointer. */
  issues: ValidationIssue[];
}

function toPointer(path: unknown): string | null {
  if (typeof path === "string") return path === "" || path.startsWith("/") ? path : `/${path.split(".").join("/")}`;
  if (Array.isArray(path) && path.every((p) => typeof p === "string" || typeof p === "number")) {
    return path.length === 0 ? "" : `/${path.map((p) => String(p).replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;
  }
  return null;
}

/**
 * Field issues from an AppError's details: a list of `{path|instancePath, message}` (JSON pointer
 * or a zod-style path array), bare or under `issues` / `errors`. Anything else gives none.
 */
export function issuesOf(details: unknown): ValidationIssue[] {
  const list = Array.isArray(details)
    ? details
    : isPlainObject(details) && Array.isArray(details.issues)
      ? details.issues
      : isPlainObject(details) && Array.isArray(details.errors)
        ? details.errors
        : [];
  const out: ValidationIssue[] = [];
  for (const item of list) {
    if (!isPlainObject(item) || typeof item.message !== "string") continue;
    const path = toPointer(item.path ?? item.instancePath ?? "");
    if (path !== null) out.push({ path, message: item.message });
  }
  return out;
}

export function answerProblem(error: Error): AnswerProblem {
  if (error instanceof AppError) {
    if (waitsElsewhere(error)) {
      return { kind: "elsewhere", title: "This request waits on another Loupe instance", message: error.message, issues: [] };
    }
    if (error.status === 409) {
      return { kind: "stale", title: "The server no longer waits for this answer", message: error.message, issues: [] };
    }
    if (error.status === 400) {
      return { kind: "invalid", title: "The answer was refused", message: error.message, issues: issuesOf(error.details) };
    }
    if (error.code === "upstream:network") {
      return { kind: "network", title: "Could not reach Loupe", message: error.message, issues: [] };
    }
  }
  return { kind: "other", title: "Could not send the answer", message: error.message, issues: [] };
}

/**
 * The task a question belongs to: its `_meta["io.modelcontextprotocol/related-task"].taskId`
 * (set by the server for a 2025-11-25 task, by Loupe for a Tasks-extension task's inputRequests).
 */
export function relatedTaskIdOf(params: Obj): string | undefined {
  const meta = params._meta;
  if (!isPlainObject(meta)) return undefined;
  const related = meta["io.modelcontextprotocol/related-task"];
  return isPlainObject(related) ? text(related.taskId) : undefined;
}
