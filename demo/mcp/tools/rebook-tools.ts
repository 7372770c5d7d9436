import type { DemoTool } from "../types";
import { textResult } from "../types";
import { acceptedContent, taskTool } from "../tasks/task-tools";

/**
 * rebook-all: a batch job that is long on purpose, so it shows as a task in Loupe's Tasks view
 * (the Tasks extension on 2026-07-28; inline with MRTR or elicitation otherwise). Half-way it asks
 * how to seat the rest of the group, the question a task answers with tasks/update.
 */

const SEATING = ["together", "earliest"] as const;

export function rebookTools(): DemoTool[] {
  return [
    taskTool(
      {
        name: "rebook-all",
        title: "Rebook a cancelled flight",
        description:
          "Rebooks every passenger of a cancelled flight onto later departures, one passenger every stepMs " +
          "(default 8 passengers, 600 ms each). Runs as a task when the client supports the Tasks extension; " +
          "half-way it asks whether the rest of the group should sit together or take the earliest seats.",
        inputSchema: {
          type: "object",
          properties: {
            flight: { type: "string", description: "The cancelled flight", default: "LP 204" },
            passengers: { type: "integer", minimum: 2, maximum: 50, default: 8 },
            stepMs: { type: "integer", minimum: 0, maximum: 10_000, default: 600 },
          },
          additionalProperties: false,
        },
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      },
      {
        support: "optional",
        run: async (args, job) => {
          const flight = String(args.flight);
          const total = Number(args.passengers);
          const stepMs = Number(args.stepMs);
          const half = Math.floor(total / 2);
          const log: string[] = [];
          for (let i = 1; i <= half; i++) {
            await job.sleep(stepMs);
            log.push(`passenger ${i}: LP ${300 + i}`);
            job.status(`Rebooked ${i} of ${total} passengers from ${flight}`);
          }
          const answers = await job.ask({
            seating: {
              method: "elicitation/create",
              params: {
                mode: "form",
                message: `${half} of ${total} passengers are rebooked. Seat the remaining ${total - half} together (later flight) or on the earliest seats?`,
                requestedSchema: {
                  type: "object",
                  properties: { seating: { type: "string", enum: [...SEATING], title: "Seating" } },
                  required: ["seating"],
                },
              },
            },
          });
          const choice = acceptedContent(answers.seating)?.seating;
          const seating = choice === "together" ? "together" : "earliest";
          for (let i = half + 1; i <= total; i++) {
            await job.sleep(stepMs);
            log.push(`passenger ${i}: LP ${seating === "together" ? 420 : 300 + i}`);
            job.status(`Rebooked ${i} of ${total} passengers from ${flight} (${seating})`);
          }
          return textResult(`Rebooked ${total} passengers from ${flight} (rest seated ${seating}):\n${log.join("\n")}`);
        },
      },
    ),
  ];
}
