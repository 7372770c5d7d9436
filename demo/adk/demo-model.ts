/**
 * Model for the demo agents: the offline scripted model, or Gemini when GOOGLE_API_KEY is set
 * (Gemini reads the key from the env; LOUPE_DEMO_GEMINI_MODEL overrides the model name).
 */
import { Gemini } from "@google/adk";
import type { BaseLlm } from "@google/adk";
import { ScriptedLlm } from "./scripted-llm";
import type { Script } from "./scripted-llm";

export const GEMINI_MODEL = process.env.LOUPE_DEMO_GEMINI_MODEL ?? "gemini-2.5-flash";

export function demoModel(script: Script): BaseLlm {
  return process.env.GOOGLE_API_KEY ? new Gemini({ model: GEMINI_MODEL }) : new ScriptedLlm(script);
}
