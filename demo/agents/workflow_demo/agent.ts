/**
 * workflow_demo: a graph workflow (captures 50–52). START → ask_color (RequestInput: pauses with an
 * adk_request_input call carrying message, payload and response_schema) → use_color (reads the
 * answer, writes state) → fetch_secret (FunctionNode auth gate: pauses with adk_request_credential
 * until an API key arrives). Type anything to start, e.g. "start".
 */
import { AuthCredentialTypes, FunctionNode, RequestInput, Workflow } from "@google/adk";
import type { AuthConfig, NodeContext } from "@google/adk";
import type { Content } from "@google/genai";
import { z } from "zod";

export const COLORS = ["red", "green", "blue", "purple"] as const;

const colorAnswer = z.object({
  color: z.enum(COLORS).describe("Your favorite color"),
  intensity: z.number().int().min(1).max(10).optional().describe("How much you like it, 1–10"),
});

function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  const parts = (value as Content | undefined)?.parts;
  return Array.isArray(parts)
    ? parts
        .map((p) => p.text ?? "")
        .join("")
        .trim()
    : "";
}

/** The reply is the schema object, `{result: …}`, or plain text (adk.md §6.4). */
function colorOf(answer: unknown): string {
  if (answer && typeof answer === "object") {
    if ("color" in answer && typeof answer.color === "string") return answer.color;
    if ("result" in answer && typeof answer.result === "string") return answer.result;
  }
  return textOf(answer) || "unknown";
}

const askColor = new FunctionNode("ask_color", function* (_ctx: NodeContext, input: unknown) {
  yield new RequestInput({
    message: "What is your favorite color?",
    payload: { previousInput: textOf(input) || input, choices: COLORS },
    responseSchema: colorAnswer,
  });
});

const useColor = new FunctionNode("use_color", (ctx: NodeContext, answer: unknown): Content => {
  const color = colorOf(answer);
  ctx.state.set("favorite_color", color);
  return { role: "model", parts: [{ text: `Noted: your favorite color is ${color}.` }] };
});

const WF_AUTH: AuthConfig = {
  authScheme: { type: "apiKey", in: "header", name: "X-Api-Key" },
  rawAuthCredential: { authType: AuthCredentialTypes.API_KEY },
  credentialKey: "wf_api_key",
};

// rerunOnResume: without it the credential reply itself becomes the node output (adk.md §9.5).
const fetchSecret = new FunctionNode(
  "fetch_secret",
  (ctx: NodeContext) => ({ secretFetched: true, colorWas: ctx.state.get<string>("favorite_color") ?? null }),
  { authConfig: WF_AUTH, rerunOnResume: true },
);

export const rootAgent = new Workflow({
  name: "workflow_demo",
  description: "START -> ask_color (RequestInput) -> use_color -> fetch_secret (auth gate). Type anything to start.",
  edges: [["START", askColor, useColor, fetchSecret]],
});
