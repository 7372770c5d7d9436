/**
 * The demo A2A agent's scripted skills (no LLM): the message text (first keyword) or a data part
 * `{ skill }` picks one, and each drives a task through a fixed path of A2A states so Loupe can
 * show every one of them. Written against the SDK's server side (`@a2a-js/sdk/server`, v1.0 wire).
 *
 *   report        submitted → working → text artifact in 4 chunks (append, lastChunk) → file → data → completed
 *   stream N      submitted → working → N text chunks of one artifact → completed (the bench's stream)
 *   ask           → input-required (text + a JSON Schema data part) → answer → working → completed
 *   login         → auth-required (text + scheme data part) → credential → working → completed
 *   slow          → working, a chunk every `slowStepMs` for `slowSteps` steps → completed, or canceled
 *   fail          → working → failed
 *   reject        → rejected at once
 *   anything else → a plain message (no task) listing the skills
 */
import { randomUUID } from "node:crypto";
import { Artifact, Message, TaskState } from "@a2a-js/sdk";
import type { Task } from "@a2a-js/sdk";
import { AgentEvent } from "@a2a-js/sdk/server";
import type { AgentExecutor, ExecutionEventBus, RequestContext } from "@a2a-js/sdk/server";
import { barChartPng } from "../adk/png";

export const DEMO_SKILLS = ["report", "stream", "ask", "login", "slow", "fail", "reject"] as const;
export type DemoSkill = (typeof DEMO_SKILLS)[number];

export interface DemoTiming {
  /** Pause between two steps of a task (so latency per step is visible); 0 in tests and the bench. */
  stepMs: number;
  slowStepMs: number;
  slowSteps: number;
}

export const DEFAULT_TIMING: DemoTiming = { stepMs: 150, slowStepMs: 250, slowSteps: 120 };

/** The schema `ask` sends in its input-required status message (a data part). */
export const ASK_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  title: "Forecast request",
  type: "object",
  properties: {
    city: { type: "string", minLength: 1, description: "Which city" },
    days: { type: "integer", minimum: 1, maximum: 7, default: 3, description: "How many days (1–7)" },
  },
  required: ["city"],
  additionalProperties: false,
} as const;
export const SCHEMA_MEDIA_TYPE = "application/schema+json";

/** The scheme `login` asks a credential for (declared on the card too). */
export const DEMO_SCHEME = { id: "demoKey", type: "apiKey", in: "header", name: "X-Demo-Key" } as const;

const REPORT_CHUNKS = ["# Weekly report\n", "Sales rose 4 % on the week; ", "returns fell to 1.2 %. ", "Next review: Monday.\n"];
const TEMPS = [12, 14, 11, 16, 18];

type Json = Record<string, unknown>;
const textPart = (text: string): Json => ({ text, mediaType: "text/plain" });
const dataPart = (data: unknown, mediaType = "application/json"): Json => ({ data, mediaType });

function agentMessage(taskId: string, contextId: string, parts: Json[]): Message {
  return Message.fromJSON({ messageId: randomUUID(), taskId, contextId, role: "ROLE_AGENT", parts });
}

function partsOf(message: Message | undefined): { text: string; data: Json[] } {
  let text = "";
  const data: Json[] = [];
  for (const part of message?.parts ?? []) {
    if (part.content?.$case === "text") text += `${part.content.value} `;
    else if (part.content?.$case === "data" && part.content.value && typeof part.content.value === "object")
      data.push(part.content.value as Json);
  }
  return { text: text.trim(), data };
}

/** Which skill a message asks for: a data part `{ skill }` wins over the first keyword of the text. */
export function pickSkill(message: Message | undefined): { skill: DemoSkill | null; count: number } {
  const { text, data } = partsOf(message);
  const named = data.map((d) => d.skill).find((s): s is string => typeof s === "string");
  const words = (named ?? text).toLowerCase().split(/\s+/);
  const skill = DEMO_SKILLS.find((s) => words.includes(s)) ?? null;
  const n = Number(data.map((d) => d.count).find((c) => typeof c === "number") ?? words.find((w) => /^\d+$/.test(w)) ?? 20);
  return { skill, count: Math.min(Math.max(1, n), 100_000) };
}

/** A publisher bound to one task: drops everything once the task was canceled. */
export class TaskRun {
  constructor(
    readonly taskId: string,
    readonly contextId: string,
    private readonly bus: ExecutionEventBus,
    readonly signal: AbortSignal,
    private readonly timing: DemoTiming,
  ) {}

  get stopped(): boolean {
    return this.signal.aborted;
  }

  task(task: Task): void {
    if (!this.stopped) this.bus.publish(AgentEvent.task(task));
  }

  status(state: TaskState, text?: string, extra: Json[] = []): void {
    if (this.stopped) return;
    const parts = [...(text ? [textPart(text)] : []), ...extra];
    const message = parts.length ? agentMessage(this.taskId, this.contextId, parts) : undefined;
    const status = { state, message, timestamp: new Date().toISOString() };
    this.bus.publish(AgentEvent.statusUpdate({ taskId: this.taskId, contextId: this.contextId, status, metadata: undefined }));
  }

  artifact(json: Json, append = false, lastChunk = true): void {
    if (this.stopped) return;
    const artifact = Artifact.fromJSON(json);
    this.bus.publish(
      AgentEvent.artifactUpdate({ taskId: this.taskId, contextId: this.contextId, artifact, append, lastChunk, metadata: undefined }),
    );
  }

  async pause(ms = this.timing.stepMs): Promise<void> {
    if (ms <= 0 || this.stopped) return;
    await new Promise<void>((resolve) => {
      // Its abort listener goes with the pause: a long task's pauses had piled them on the signal.
      const done = (): void => {
        clearTimeout(timer);
        this.signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.signal.addEventListener("abort", done, { once: true });
    });
  }
}

async function report(run: TaskRun): Promise<void> {
  run.status(TaskState.TASK_STATE_WORKING, "Writing the report…");
  const textId = "report.md";
  for (const [i, chunk] of REPORT_CHUNKS.entries()) {
    await run.pause();
    const last = i === REPORT_CHUNKS.length - 1;
    run.artifact({ artifactId: textId, name: "report.md", parts: [{ text: chunk, mediaType: "text/markdown" }] }, i > 0, last);
  }
  await run.pause();
  const png = barChartPng(TEMPS).toString("base64");
  run.artifact({
    artifactId: "chart.png",
    name: "chart.png",
    description: "5-day temperatures",
    parts: [{ raw: png, filename: "chart.png", mediaType: "image/png" }],
  });
  await run.pause();
  run.artifact({ artifactId: "figures", name: "figures", parts: [dataPart({ salesGrowthPct: 4, returnsPct: 1.2, temps: TEMPS })] });
  await run.pause();
  run.status(TaskState.TASK_STATE_COMPLETED, "Report ready: report.md, chart.png and figures.");
}

async function stream(run: TaskRun, count: number): Promise<void> {
  run.status(TaskState.TASK_STATE_WORKING, `Streaming ${count} chunks…`);
  for (let i = 0; i < count && !run.stopped; i++) {
    run.artifact({ artifactId: "stream.txt", name: "stream.txt", parts: [textPart(`chunk ${i + 1}\n`)] }, i > 0, i === count - 1);
  }
  run.status(TaskState.TASK_STATE_COMPLETED, `Streamed ${count} chunks.`);
}

async function ask(run: TaskRun, problem?: string): Promise<void> {
  const prompt = problem ? `${problem} Which city should the forecast be for?` : "Which city should the forecast be for?";
  run.status(TaskState.TASK_STATE_INPUT_REQUIRED, prompt, [dataPart(ASK_SCHEMA, SCHEMA_MEDIA_TYPE)]);
}

async function answerAsk(run: TaskRun, message: Message): Promise<void> {
  const { text, data } = partsOf(message);
  const answer = data.find((d) => typeof d.city === "string") ?? (text ? { city: text } : undefined);
  const city = typeof answer?.city === "string" ? answer.city.trim() : "";
  const days = typeof answer?.days === "number" && Number.isInteger(answer.days) ? answer.days : 3;
  if (!city || days < 1 || days > 7) return ask(run, city ? "days must be 1–7." : "No city given.");
  run.status(TaskState.TASK_STATE_WORKING, `Forecasting ${city}…`);
  await run.pause();
  run.artifact({ artifactId: "forecast", name: "forecast", parts: [dataPart({ city, days, temps: TEMPS.slice(0, days) })] });
  run.status(TaskState.TASK_STATE_COMPLETED, `Forecast for ${city} (${days} days).`);
}

async function login(run: TaskRun, problem?: string): Promise<void> {
  const prompt = `${problem ? `${problem} ` : ""}Sign in: send an API key for ${DEMO_SCHEME.name}.`;
  run.status(TaskState.TASK_STATE_AUTH_REQUIRED, prompt, [
    dataPart({ scheme: DEMO_SCHEME.id, type: DEMO_SCHEME.type, in: DEMO_SCHEME.in, name: DEMO_SCHEME.name }),
  ]);
}

/** The credential arrives as a data part (`credential`, `apiKey` or `token`) or as the message text. */
async function answerLogin(run: TaskRun, message: Message): Promise<void> {
  const { text, data } = partsOf(message);
  const fromData = data.map((d) => d.credential ?? d.apiKey ?? d.token).find((v): v is string => typeof v === "string");
  const credential = (fromData ?? text).trim();
  if (!credential) return login(run, "No credential given.");
  run.status(TaskState.TASK_STATE_WORKING, "Signed in.");
  await run.pause();
  // Only a prefix: a credential is never echoed back whole.
  run.artifact({ artifactId: "profile", name: "profile", parts: [dataPart({ user: "demo-user", keyPrefix: credential.slice(0, 3) })] });
  run.status(TaskState.TASK_STATE_COMPLETED, "Signed in as demo-user.");
}

async function slow(run: TaskRun, timing: DemoTiming): Promise<void> {
  run.status(TaskState.TASK_STATE_WORKING, `A slow job: ${timing.slowSteps} steps; cancel it any time.`);
  for (let i = 0; i < timing.slowSteps && !run.stopped; i++) {
    await run.pause(timing.slowStepMs);
    run.artifact(
      { artifactId: "progress.log", name: "progress.log", parts: [textPart(`step ${i + 1}/${timing.slowSteps}\n`)] },
      i > 0,
      i === timing.slowSteps - 1,
    );
  }
  run.status(TaskState.TASK_STATE_COMPLETED, "The slow job finished.");
}

export const HELP_TEXT = `Loupe demo A2A agent. Skills: ${DEMO_SKILLS.join(", ")} (or a data part {"skill": "…"}).`;

export class DemoExecutor implements AgentExecutor {
  private readonly running = new Map<string, { control: AbortController; contextId: string }>();

  constructor(private readonly timing: DemoTiming = DEFAULT_TIMING) {}

  execute = async (ctx: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const { taskId, contextId, task: prior } = ctx;
    const message = ctx.userMessage;
    const state = prior?.status?.state;
    const { skill, count } = pickSkill(message);
    if (!prior && !skill) {
      bus.publish(AgentEvent.message(agentMessage("", contextId, [textPart(HELP_TEXT)])));
      bus.finished();
      return;
    }
    const control = new AbortController();
    const entry = { control, contextId };
    this.running.set(taskId, entry);
    const run = new TaskRun(taskId, contextId, bus, control.signal, this.timing);
    try {
      if (prior) {
        // A follow-up turn still opens with the task (the SDK requires a task or message first).
        run.task(prior);
        if (state === TaskState.TASK_STATE_INPUT_REQUIRED) return await answerAsk(run, message);
        if (state === TaskState.TASK_STATE_AUTH_REQUIRED) return await answerLogin(run, message);
        return run.status(state ?? TaskState.TASK_STATE_WORKING, "This task is not waiting for anything.");
      }
      run.task({
        id: taskId,
        contextId,
        status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: new Date().toISOString() },
        artifacts: [],
        history: [message],
        metadata: { skill },
      });
      await run.pause();
      if (skill === "reject") return run.status(TaskState.TASK_STATE_REJECTED, "I won't do that (a scripted rejection).");
      if (skill === "report") return await report(run);
      if (skill === "stream") return await stream(run, count);
      if (skill === "slow") return await slow(run, this.timing);
      run.status(TaskState.TASK_STATE_WORKING);
      await run.pause();
      if (skill === "ask") return await ask(run);
      if (skill === "login") return await login(run);
      run.status(TaskState.TASK_STATE_FAILED, "The demo service is down (a scripted failure).");
    } finally {
      if (this.running.get(taskId) === entry) this.running.delete(taskId);
    }
  };

  cancelTask = async (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    const entry = this.running.get(taskId);
    entry?.control.abort();
    const contextId = entry?.contextId ?? "";
    // The canceled status is published by the canceler; the running loop stops publishing at once.
    const status = { state: TaskState.TASK_STATE_CANCELED, message: undefined, timestamp: new Date().toISOString() };
    bus.publish(AgentEvent.statusUpdate({ taskId, contextId, status, metadata: { reason: "canceled by the client" } }));
  };
}
