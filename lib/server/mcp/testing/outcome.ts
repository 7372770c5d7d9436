import "server-only";
import type { CaseOutcome } from "@/lib/contracts/testing";
import { isRecord } from "@/lib/values";

/** How an MCP step's result reads as a case outcome (issue 24): one step's, and a whole case's. */

export interface StepOutcome {
  kind: string;
  result: unknown;
  isError: boolean;
  latencyMs: number;
  /** The step could not run at all (the session ended, a timeout): in words. */
  error?: string;
  toolCall?: { name: string; args: unknown };
}

function texts(items: unknown, pick: (item: Record<string, unknown>) => unknown): string[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown) => {
    const text = isRecord(item) ? pick(item) : undefined;
    return typeof text === "string" ? [text] : [];
  });
}

/** The text a result says: a tool's text blocks, a resource's text contents, a prompt's messages. */
export function resultText(result: unknown): string | null {
  if (!isRecord(result)) return null;
  const parts = [
    ...texts(result.content, (c) => (c.type === "text" ? c.text : undefined)),
    ...texts(result.contents, (c) => c.text),
    ...texts(result.messages, (m) => (isRecord(m.content) && m.content.type === "text" ? m.content.text : undefined)),
  ];
  return parts.length ? parts.join("\n") : null;
}

/** A case's outcome from its steps: the last step's result, every step's, the tool calls made. */
export function caseOutcome(steps: readonly StepOutcome[], extra: Partial<CaseOutcome> = {}): CaseOutcome {
  const last = steps.at(-1);
  const failed = steps.find((s) => s.error !== undefined);
  return {
    result: last?.result ?? null,
    isError: steps.some((s) => s.isError),
    latencyMs: steps.reduce((sum, s) => sum + s.latencyMs, 0),
    toolCalls: steps.flatMap((s) => (s.toolCall ? [s.toolCall] : [])),
    finalResponse: last ? resultText(last.result) : null,
    pauses: [],
    ...(steps.length > 1 ? { steps: steps.map(({ kind, result, isError, latencyMs }) => ({ kind, result, isError, latencyMs })) } : {}),
    ...(failed?.error !== undefined ? { error: failed.error } : {}),
    ...extra,
  };
}
