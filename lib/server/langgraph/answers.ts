import "server-only";
import { HumanInterruptSchema } from "@/lib/contracts/langgraph";
import type { HumanInterrupt, LgAnswerBody, LgHumanRequest } from "@/lib/contracts/langgraph";
import { AppError } from "@/lib/errors";

/**
 * Agent Inbox's conventions (langchain-ai/agent-inbox, `HumanInterrupt` / `HumanResponse`): what an
 * interrupt value is, and what an answer to it becomes on the wire.
 */

export type LgShape = LgHumanRequest["shape"];

/** "human_interrupt" for a HumanInterrupt, "human_interrupt_list" for a one-element array of one (the older convention), else "generic". */
export function interruptShape(value: unknown): LgShape {
  if (HumanInterruptSchema.safeParse(value).success) return "human_interrupt";
  if (Array.isArray(value) && value.length === 1 && HumanInterruptSchema.safeParse(value[0]).success) return "human_interrupt_list";
  return "generic";
}

/** The HumanInterrupt a request carries (a list's one element), if it is one. */
export function humanInterruptOf(request: Pick<LgHumanRequest, "value" | "shape">): HumanInterrupt | null {
  const value = request.shape === "human_interrupt_list" && Array.isArray(request.value) ? request.value[0] : request.value;
  const parsed = HumanInterruptSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** An answer that can be kept and re-sent (a retry re-sends the kept one, it is not one itself). */
export type LgGivenAnswer = Exclude<LgAnswerBody, { kind: "retry" }>;

const ALLOWED = {
  accept: ["allow_accept", "accept"],
  edit: ["allow_edit", "edit"],
  response: ["allow_respond", "respond with text"],
  ignore: ["allow_ignore", "ignore"],
} as const;

/**
 * Checks the answer against the request's shape and its HumanInterrupt config (a refusal is a 400
 * in words, and the request stays as it was), and answers with the resume value for it.
 */
export function resumeValueOf(request: Pick<LgHumanRequest, "value" | "shape">, answer: LgGivenAnswer): unknown {
  if (request.shape === "generic") {
    if (answer.kind !== "value")
      throw new AppError(
        "bad_request:langgraph_answer_kind",
        `This interrupt is not an Agent Inbox HumanInterrupt: answer it with { kind: "value", value } (not "${answer.kind}")`,
      );
    return answer.value;
  }
  const hi = humanInterruptOf(request);
  if (!hi) throw new AppError("bad_request:langgraph_answer_kind", "This interrupt's value is not a HumanInterrupt");
  const allowsNone = Object.values(ALLOWED).every(([flag]) => !hi.config[flag]);
  // A HumanInterrupt that allows no HumanResponse would hold its thread forever: a plain value is sent as given.
  if (answer.kind === "value" && allowsNone) return answer.value;
  if (answer.kind === "value")
    throw new AppError(
      "bad_request:langgraph_answer_kind",
      'This is an Agent Inbox HumanInterrupt: answer it with kind "accept", "edit", "response" or "ignore"',
    );
  const [flag, words] = ALLOWED[answer.kind];
  if (!hi.config[flag])
    throw new AppError(
      "bad_request:langgraph_answer_not_allowed",
      `This interrupt does not allow you to ${words} (its config says ${flag}: false)${
        allowsNone ? '; it allows no HumanResponse at all: answer it with { kind: "value", value }, sent as given' : ""
      }`,
      { config: hi.config },
    );
  const response =
    answer.kind === "accept"
      ? { type: "accept", args: null }
      : answer.kind === "edit"
        ? { type: "edit", args: { action: hi.action_request.action, args: answer.args } }
        : answer.kind === "response"
          ? { type: "response", args: answer.text }
          : { type: "ignore", args: null };
  // The older convention interrupts with a list and reads the answer as a list too.
  return request.shape === "human_interrupt_list" ? [response] : response;
}
