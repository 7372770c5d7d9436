import type { DemoTool } from "../types";
import { defineTool, hashString, textResult } from "../types";

const SERVICES = ["api", "worker", "payments", "search", "notifications"] as const;
const SLOW_MS = 500;

/** Resolves after `ms`, or rejects as soon as `signal` aborts (the call was cancelled). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

interface HealthArgs {
  steps: number;
  stepMs: number;
  services: string[];
}

const runHealthCheck = defineTool<HealthArgs>(
  {
    name: "run-health-check",
    title: "Run health checks",
    description:
      "Probes services one step at a time (simulated). Sends notifications/progress after every step when the " +
      "call carries a progressToken, logs at debug/info/warning/notice (see logging/setLevel), and stops " +
      "promptly when cancelled. Defaults: 8 steps of 500 ms.",
    inputSchema: {
      type: "object",
      properties: {
        steps: { type: "integer", minimum: 1, maximum: 100, default: 8 },
        stepMs: { type: "integer", minimum: 0, maximum: 10000, default: 500, description: "Duration of each step." },
        services: {
          type: "array",
          items: { type: "string", enum: [...SERVICES] },
          minItems: 1,
          uniqueItems: true,
          default: [...SERVICES],
        },
      },
      additionalProperties: false,
    },
    annotations: { title: "Run health checks", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  async ({ steps, stepMs, services }, ctx) => {
    const logger = "health-check";
    await ctx.log("info", logger, `Starting ${steps} checks over ${services.join(", ")}.`);
    const slow: string[] = [];
    let done = 0;
    try {
      for (let step = 1; step <= steps; step++) {
        await sleep(stepMs, ctx.signal);
        const service = services[(step - 1) % services.length] ?? "api";
        // payments is the one that misbehaves, so the warning path shows up in every run.
        const latencyMs = 20 + (hashString(`${service}#${step}`) % 180) + (service === "payments" ? 600 : 0);
        await ctx.log("debug", logger, { step, service, latencyMs });
        if (latencyMs > SLOW_MS) {
          slow.push(`${service} (${latencyMs} ms)`);
          await ctx.log("warning", logger, `${service} answered in ${latencyMs} ms, over the ${SLOW_MS} ms budget.`);
        }
        done = step;
        await ctx.sendProgress(step, steps, `${service}: ${latencyMs} ms`);
      }
    } catch (error) {
      if (!ctx.signal.aborted) throw error;
      // The SDK drops the response of a cancelled request; the log line shows the server stopped.
      await ctx.log("notice", logger, `Cancelled after ${done} of ${steps} checks.`);
      return textResult(`Cancelled after ${done} of ${steps} checks.`, true);
    }
    await ctx.log("notice", logger, `Finished ${steps} checks, ${slow.length} slow.`);
    const slowText = slow.length ? ` Slow: ${slow.join(", ")}.` : "";
    return textResult(`${steps} of ${steps} checks passed.${slowText}`);
  },
);

const BYTES_PER_MB = 1024 * 1024;

/** Builds exactly `bytes` bytes of CSV-looking ASCII text. */
export function buildReport(bytes: number): string {
  const header = "row,timestamp,service,latency_ms,status\n";
  const parts = [header];
  let size = header.length;
  const base = Date.UTC(2026, 4, 4);
  for (let row = 1; size < bytes; row++) {
    const service = SERVICES[row % SERVICES.length] ?? "api";
    const latency = 20 + (hashString(String(row)) % 400);
    const line = `${row},${new Date(base + row * 1000).toISOString()},${service},${latency},${latency > 380 ? "slow" : "ok"}\n`;
    parts.push(line);
    size += line.length;
  }
  return parts.join("").slice(0, bytes);
}

const downloadReport = defineTool<{ megabytes: number }>(
  {
    name: "download-report",
    title: "Download latency report",
    description:
      "Returns a synthetic CSV latency report of the requested size (MiB) as one text block, to see how a " +
      "large result is shown, truncated and downloaded.",
    inputSchema: {
      type: "object",
      properties: { megabytes: { type: "number", exclusiveMinimum: 0, maximum: 20, default: 1 } },
      additionalProperties: false,
    },
    annotations: {
      title: "Download latency report",
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  },
  ({ megabytes }) => textResult(buildReport(Math.round(megabytes * BYTES_PER_MB))),
);

export const opsTools: DemoTool[] = [runHealthCheck, downloadReport];
