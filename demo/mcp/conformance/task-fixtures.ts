import { inputRequired } from "@modelcontextprotocol/server";
import type { DemoTool } from "../types";
import { defineTool, textResult } from "../types";
import { TaskProtocolError } from "../tasks/task-store";
import { acceptedContent, taskTool } from "../tasks/task-tools";

/**
 * The fixtures of the 2026-07-28 Tasks extension scenarios (tasks-*, SEP-2663), by the names and
 * behaviour their "Required server fixtures" give: greet is sync-only; slow_compute, confirm_delete,
 * multi_input and protocol_error_job may run as tasks; failing_job and test_tool_with_task need one.
 */

const annotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const NO_ARGS = { type: "object", properties: {} } as const;

type Schema = Parameters<typeof inputRequired.elicit>[0]["requestedSchema"];
const elicit = (message: string, properties: Record<string, unknown>, required: string[]) =>
  inputRequired.elicit({ message, requestedSchema: { type: "object", properties, required } as Schema });

export function taskFixtures(): DemoTool[] {
  return [
    defineTool<{ name: string }>(
      {
        name: "greet",
        description: "Sync-only: says hello.",
        inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
        annotations,
      },
      ({ name }) => textResult(`Hello, ${name}!`),
    ),
    taskTool(
      {
        name: "slow_compute",
        description: "Sleeps `seconds` then answers; a task when the client declares the Tasks extension.",
        inputSchema: {
          type: "object",
          properties: { seconds: { type: "number", minimum: 0, maximum: 600, default: 1 }, label: { type: "string" } },
        },
        annotations,
      },
      {
        support: "optional",
        run: async (args, job) => {
          const seconds = Number(args.seconds);
          job.status(`Computing for ${seconds} s`);
          await job.sleep(seconds * 1000);
          return textResult(`Computed ${typeof args.label === "string" ? args.label : "result"} after ${seconds} s`);
        },
      },
    ),
    taskTool(
      { name: "failing_job", description: "Needs a task; ends with a tool error after about a second.", inputSchema: NO_ARGS, annotations },
      {
        support: "required",
        run: async (_args, job) => {
          await job.sleep(1000);
          return textResult("The job failed: the fare source is unreachable", true);
        },
      },
    ),
    taskTool(
      { name: "protocol_error_job", description: "Fails at the protocol level (the task ends failed).", inputSchema: NO_ARGS, annotations },
      {
        support: "optional",
        run: async (_args, job) => {
          await job.sleep(200);
          throw new TaskProtocolError(-32603, "Internal error: the job crashed");
        },
      },
    ),
    taskTool(
      {
        name: "confirm_delete",
        description: "Asks to confirm (one elicitation) before deleting a file.",
        inputSchema: { type: "object", properties: { filename: { type: "string", default: "file.txt" } } },
        annotations,
      },
      {
        support: "optional",
        run: async (args, job) => {
          const answers = await job.ask({
            confirm: elicit(`Delete ${String(args.filename)}?`, { confirm: { type: "boolean" } }, ["confirm"]),
          });
          const confirmed = acceptedContent(answers.confirm)?.confirm === true;
          return textResult(confirmed ? `Deleted ${String(args.filename)}` : `Kept ${String(args.filename)}`);
        },
      },
    ),
    taskTool(
      { name: "multi_input", description: "Asks two questions at once (two pending input requests).", inputSchema: NO_ARGS, annotations },
      {
        support: "optional",
        run: async (_args, job) => {
          const answers = await job.ask({
            first_name: elicit("Your name?", { name: { type: "string" } }, ["name"]),
            confirm_plan: elicit("Go ahead?", { confirm: { type: "boolean" } }, ["confirm"]),
          });
          return textResult(
            `Both answered: ${String(acceptedContent(answers.first_name)?.name ?? "?")}, ${String(acceptedContent(answers.confirm_plan)?.confirm ?? "?")}`,
          );
        },
      },
    ),
    taskTool(
      { name: "test_tool_with_task", description: "Asks a name (MRTR round), then finishes as a task.", inputSchema: NO_ARGS, annotations },
      {
        support: "required",
        prepare: (_args, inputResponses) => {
          const name = acceptedContent(inputResponses?.user_name)?.name;
          if (typeof name === "string") return { carry: name };
          return { ask: { user_name: elicit("What is your name?", { name: { type: "string" } }, ["name"]) } };
        },
        run: async (_args, job, carry) => {
          await job.sleep(300);
          return textResult(`Hello, ${String(carry)}! (finished as a task)`);
        },
      },
    ),
  ];
}
