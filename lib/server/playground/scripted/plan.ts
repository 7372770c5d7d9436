import "server-only";
import type { LanguageModelV3Prompt, LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";
import { argumentsFor } from "./arguments";
import { matchTools } from "./words";

/**
 * What the scripted model does at one step of a turn, decided only from the prompt and the
 * tools it was given (so a replayed or restarted turn decides the same):
 *   - a user line `/call <tool> {json}` calls exactly that (the text after the name is sent as
 *     written, even when it is not JSON);
 *   - otherwise the tools the message names are called, read-only ones in a first step and the
 *     others in a second (so a gate meets them after the reads came back);
 *   - once every planned step has its results, it answers in words, quoting each result and
 *     each rejection's reason;
 *   - with no tool to call it says so and lists the tools it has.
 */

export interface ScriptedTool {
  name: string;
  description?: string;
  inputSchema: unknown;
  readOnly: boolean;
}

export interface ScriptedCall {
  toolName: string;
  /** The argument text as the model "writes" it. */
  input: string;
}

export interface ScriptedStep {
  text: string;
  calls: ScriptedCall[];
}

const RESULT_CHARS = 280;

export function decideStep(prompt: LanguageModelV3Prompt, tools: ScriptedTool[], today: Date): ScriptedStep {
  const lastUser = prompt.findLastIndex((m) => m.role === "user");
  if (lastUser < 0) return { text: "Send me a message and I will answer (I am Loupe's scripted model).", calls: [] };
  const userMessage = prompt[lastUser]!;
  const userText = userMessage.role === "user" ? userMessage.content.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n") : "";
  const after = prompt.slice(lastUser + 1);
  const stepsTaken = after.filter((m) => m.role === "assistant" && m.content.some((p) => p.type === "tool-call")).length;

  const explicit = explicitCalls(userText, tools);
  if (explicit.length > 0) {
    if (stepsTaken > 0) return { text: answerFromResults(after), calls: [] };
    return { text: `Calling ${list(explicit.map((c) => c.toolName))} as you asked.`, calls: explicit };
  }

  if (tools.length === 0) {
    return {
      text:
        "I am Loupe's scripted model: I run offline, without a key, and follow fixed rules. " +
        "I have no tools in this conversation, so there is nothing I can call. " +
        "Give me a server's tools in the setup panel, then ask something like \"What's the weather in Lisbon? Book me a hotel there.\"",
      calls: [],
    };
  }
  const matched = matchTools(userText, tools);
  const batches = [matched.filter((t) => t.readOnly), matched.filter((t) => !t.readOnly)].filter((b) => b.length > 0);
  if (batches.length === 0) {
    return {
      text:
        `No tool of mine matches your message. I have ${tools.length === 1 ? "one tool" : `${tools.length} tools`}: ${list(tools.map((t) => t.name))}. ` +
        "Name what you want in your message, or write /call <tool> {json arguments} to call one exactly.",
      calls: [],
    };
  }
  const batch = batches[stepsTaken];
  if (!batch) return { text: answerFromResults(after), calls: [] };
  const calls = batch.map((tool) => ({ toolName: tool.name, input: JSON.stringify(argumentsFor(tool.inputSchema, userText, today)) }));
  const described = calls.map((c) => `${c.toolName} (${brief(c.input)})`);
  const text =
    batch === batches[0] && batch[0]!.readOnly
      ? `First I'll call ${list(described)}: ${batch.length === 1 ? "it only reads" : "they only read"}.`
      : `${stepsTaken > 0 ? "Now" : "I'll call"} ${list(described)}: this changes something, so it may wait for your approval.`;
  return { text, calls };
}

/** `/call <tool> <arguments>` lines; a bare name also matches a namespaced declaration (`server__name`). */
function explicitCalls(text: string, tools: ScriptedTool[]): ScriptedCall[] {
  const calls: ScriptedCall[] = [];
  for (const line of text.split("\n")) {
    const m = /^\s*\/call\s+(\S+)\s*(.*)$/.exec(line);
    if (!m) continue;
    const asked = m[1]!;
    const declared = tools.find((t) => t.name === asked) ?? tools.find((t) => t.name.endsWith(`__${asked}`));
    calls.push({ toolName: declared?.name ?? asked, input: m[2]!.trim() || "{}" });
  }
  return calls;
}

/** The closing answer: one line per call of this turn, in order, with what came back. */
function answerFromResults(after: LanguageModelV3Prompt): string {
  const calls: { id: string; name: string; input: unknown }[] = [];
  const outputs = new Map<string, LanguageModelV3ToolResultOutput>();
  for (const message of after) {
    if (message.role === "assistant") {
      for (const part of message.content)
        if (part.type === "tool-call") calls.push({ id: part.toolCallId, name: part.toolName, input: part.input });
    } else if (message.role === "tool") {
      for (const part of message.content) if (part.type === "tool-result") outputs.set(part.toolCallId, part.output);
    }
  }
  let rejected = 0;
  let failed = 0;
  const lines = calls.map((call) => {
    const outcome = describeOutput(outputs.get(call.id));
    if (outcome.kind === "rejected") rejected += 1;
    if (outcome.kind === "failed") failed += 1;
    const head = `- ${call.name} (${brief(call.input)})`;
    if (outcome.kind === "rejected") return `${head} was rejected: "${outcome.text}"`;
    if (outcome.kind === "failed") return `${head} failed: ${outcome.text}`;
    return `${head} returned: ${outcome.text}`;
  });
  const closing =
    rejected > 0
      ? `I did not go ahead with ${rejected === 1 ? "the call you rejected" : "the calls you rejected"}; tell me what to change and I'll try again.`
      : failed > 0
        ? "Some calls failed; the errors above are what the server said."
        : "That's everything you asked for.";
  return [`Here is what the tools gave me:`, ...lines, closing].join("\n");
}

type Outcome = { kind: "ok" | "rejected" | "failed"; text: string };

function describeOutput(output: LanguageModelV3ToolResultOutput | undefined): Outcome {
  if (!output) return { kind: "failed", text: "no result came back" };
  switch (output.type) {
    case "text":
      return { kind: "ok", text: clip(output.value) };
    case "json":
    case "content":
      return { kind: "ok", text: clip(JSON.stringify(output.value)) };
    case "execution-denied":
      return { kind: "rejected", text: output.reason ?? "no reason given" };
    case "error-text": {
      // Loupe's loop words a rejection "rejected: <reason>" (lib/server/playground/tool-step.ts).
      const m = /^rejected:\s*([\s\S]*)$/i.exec(output.value);
      return m ? { kind: "rejected", text: m[1]!.trim() || "no reason given" } : { kind: "failed", text: clip(output.value) };
    }
    case "error-json":
      return { kind: "failed", text: clip(JSON.stringify(output.value)) };
  }
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > RESULT_CHARS ? `${flat.slice(0, RESULT_CHARS)}…` : flat;
}

/** "city: Lisbon, days: 3": the scalar arguments, at most three. */
function brief(input: unknown): string {
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch {
      return clip(input).slice(0, 60);
    }
  }
  if (typeof value !== "object" || value === null) return "";
  const scalars = Object.entries(value).filter(([, v]) => typeof v !== "object" || v === null);
  const shown = scalars.slice(0, 3).map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`);
  if (Object.keys(value).length > shown.length) shown.push("…");
  return shown.join(", ") || "no arguments";
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
