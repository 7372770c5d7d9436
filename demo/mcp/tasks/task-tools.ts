import { MissingRequiredClientCapabilityError, inputRequired } from "@modelcontextprotocol/server";
import type { InputRequests, Tool } from "@modelcontextprotocol/server";
import type { DemoTool, ToolContext } from "../types";
import { abortableSleep } from "./task-store";
import type { TaskSpec } from "./task-spec";
import type { TaskJob } from "./task-store";

export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

/** The error data SEP-2575 asks for when a call needs the extension the client did not declare. */
export const missingTasksExtension = () =>
  new MissingRequiredClientCapabilityError(
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    `This tool runs only as a task: declare the ${TASKS_EXTENSION} extension in the client capabilities`,
  );

/** Thrown by an inline job's ask() to turn the call into an input-required result. */
class AskInline extends Error {
  constructor(readonly requests: InputRequests) {
    super("input required");
  }
}

/**
 * A tool that runs as a task when the client negotiated the extension (tasks/extension.ts answers
 * those calls before the SDK sees them) and otherwise inline through the ordinary tools/call path:
 * its questions become MRTR rounds (2026-07-28) or elicitation requests through the SDK's shim
 * (2025-11-25), and the job re-runs from the start with the answers.
 */
export function taskTool(definition: Tool, spec: TaskSpec): DemoTool {
  return {
    definition: { ...definition, execution: { ...definition.execution, taskSupport: spec.support } },
    task: spec,
    handler: async (args, ctx) => {
      if (spec.support === "required") throw missingTasksExtension();
      const prepared = spec.prepare?.(args, ctx.inputResponses);
      if (prepared && "ask" in prepared) return inputRequired({ inputRequests: prepared.ask });
      try {
        return await spec.run(args, inlineJob(ctx), prepared?.carry);
      } catch (error) {
        if (error instanceof AskInline) return inputRequired({ inputRequests: error.requests });
        throw error;
      }
    },
  };
}

function inlineJob(ctx: ToolContext): TaskJob {
  return {
    signal: ctx.signal,
    status: (message) => void ctx.log("info", "task", message).catch(() => undefined),
    ask: async (requests) => {
      const answers: Record<string, unknown> = {};
      for (const key of Object.keys(requests)) {
        const answer = ctx.inputResponses?.[key];
        if (answer === undefined) throw new AskInline(requests);
        answers[key] = answer;
      }
      return answers;
    },
    sleep: (ms) => abortableSleep(ms, ctx.signal),
  };
}

/** An accepted elicitation answer's content, or undefined (declined, cancelled, missing, malformed). */
export function acceptedContent(answer: unknown): Record<string, unknown> | undefined {
  if (!answer || typeof answer !== "object") return undefined;
  const { action, content } = answer as { action?: unknown; content?: unknown };
  return action === "accept" && content && typeof content === "object" ? (content as Record<string, unknown>) : undefined;
}
