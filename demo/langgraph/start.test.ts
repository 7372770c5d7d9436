/**
 * The LangGraph demo deployment over its own REST API (plain fetch): the four graphs, the Agent
 * Inbox interrupt and its four answers, two interrupts in one step resumed by id, an interrupt in a
 * subgraph, a graph that raises, and a 10,000-event stream. One server for the whole file: it takes
 * 5–60 s to start.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { SseParser, type SseEvent } from "@/lib/sse-reader";
import { BROKEN_MESSAGE } from "./graphs/broken";
import { liveGroupMembers } from "../process-group";
import { startLangGraphDemo, type LangGraphDemo } from "./start";

let demo: LangGraphDemo;

beforeAll(async () => {
  demo = await startLangGraphDemo({ timeoutMs: 115_000 });
  expect(liveGroupMembers(demo.pid).length).toBeGreaterThanOrEqual(1);
}, 120_000);

afterAll(async () => {
  if (!demo) return;
  await demo.stop();
  // stop() kills the whole process group (the server, tsx's esbuild service): none of it may be left.
  expect(liveGroupMembers(demo.pid)).toEqual([]);
});

const Interrupt = z.object({ id: z.string(), value: z.record(z.string(), z.unknown()) });
type Interrupt = z.infer<typeof Interrupt>;
const Thread = z.object({
  status: z.string(),
  values: z.record(z.string(), z.unknown()),
  interrupts: z.record(z.string(), z.array(Interrupt)),
});
type Thread = z.infer<typeof Thread>;
const Messages = z.array(z.object({ type: z.string(), content: z.unknown() }));

async function api<T>(schema: z.ZodType<T>, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${demo.url}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return schema.parse(await res.json());
}

/** Runs on the thread and returns every SSE event of the run's stream. */
async function run(threadId: string, body: Record<string, unknown>): Promise<SseEvent[]> {
  const res = await fetch(`${demo.url}/threads/${threadId}/runs/stream`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ stream_mode: ["updates"], ...body }),
  });
  expect(res.status).toBe(200);
  const parser = new SseParser();
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  const reader = res.body?.getReader();
  for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
    events.push(...parser.push(decoder.decode(chunk.value, { stream: true })));
  }
  return events;
}

const newThread = async (): Promise<string> => (await api(z.object({ thread_id: z.string() }), "POST", "/threads", {})).thread_id;
const getThread = (id: string): Promise<Thread> => api(Thread, "GET", `/threads/${id}`);
const pending = (thread: Thread): Interrupt[] => Object.values(thread.interrupts).flat();
const messages = (thread: Thread): z.infer<typeof Messages> => Messages.parse(thread.values.messages ?? []);

it("answers /info and lists the four graphs", async () => {
  expect((await fetch(`${demo.url}/info`)).status).toBe(200);
  const assistants = await api(z.array(z.object({ graph_id: z.string() })), "POST", "/assistants/search", { limit: 100 });
  expect(assistants.map((a) => a.graph_id).sort()).toEqual(["agent", "broken", "bulk", "review"]);
});

it("shows the publish subgraph's own nodes in review's xray graph", async () => {
  const graph = await api(z.object({ nodes: z.array(z.object({ id: z.string() })) }), "GET", "/assistants/review/graph?xray=true");
  expect(graph.nodes.map((n) => n.id)).toEqual(
    expect.arrayContaining(["legal", "finance", "decide", "publish:prepare", "publish:confirm"]),
  );
});

describe("agent: send_email waits for an Agent Inbox answer", () => {
  /** A thread paused on the send_email HumanInterrupt. */
  async function paused(): Promise<string> {
    const id = await newThread();
    const events = await run(id, { assistant_id: "agent", input: { messages: [{ role: "user", content: "send an email to bob" }] } });
    expect(events.some((e) => e.event === "updates" && e.data.includes('"__interrupt__"'))).toBe(true);
    const thread = await getThread(id);
    expect(thread.status).toBe("interrupted");
    const [only, ...rest] = pending(thread);
    expect(rest).toEqual([]);
    expect(only?.value).toEqual({
      action_request: { action: "send_email", args: { to: "bob@example.com", subject: "Hello from Loupe", body: expect.any(String) } },
      config: { allow_accept: true, allow_edit: true, allow_respond: true, allow_ignore: true },
      description: expect.stringContaining("bob@example.com"),
    });
    return id;
  }

  async function resume(id: string, response: unknown): Promise<Thread> {
    await run(id, { assistant_id: "agent", command: { resume: response } });
    const thread = await getThread(id);
    expect(thread.status).toBe("idle");
    return thread;
  }

  const toolText = (thread: Thread): unknown[] => messages(thread).flatMap((m) => (m.type === "tool" ? [m.content] : []));

  it("accept sends the email as drafted", async () => {
    const thread = await resume(await paused(), { type: "accept", args: null });
    expect(toolText(thread)).toEqual(["sent to bob@example.com: Hello from Loupe"]);
    expect(messages(thread).at(-1)?.content).toBe("Done. The tool said: sent to bob@example.com: Hello from Loupe");
  });

  it("edit sends the email with the edited arguments", async () => {
    const args = { to: "carol@example.com", subject: "Edited subject", body: "Edited body" };
    const thread = await resume(await paused(), { type: "edit", args: { action: "send_email", args } });
    expect(toolText(thread)).toEqual(["sent to carol@example.com: Edited subject"]);
  });

  it("response sends nothing and hands the text to the model (older one-element-array form)", async () => {
    const thread = await resume(await paused(), [{ type: "response", args: "Not today, thanks" }]);
    expect(toolText(thread)).toEqual(["not sent; the user answered: Not today, thanks"]);
    expect(messages(thread).at(-1)?.type).toBe("ai");
  });

  it("ignore ends the run without running the tool", async () => {
    const thread = await resume(await paused(), { type: "ignore", args: null });
    expect(toolText(thread)).toEqual([]);
    expect(messages(thread).map((m) => m.type)).toEqual(["human", "ai"]);
  });
});

it("review: two interrupts in one step resumed by id in reverse order, then one inside the subgraph", async () => {
  const id = await newThread();
  await run(id, { assistant_id: "review", input: { topic: "the vendor deal" } });
  let thread = await getThread(id);
  expect(thread.status).toBe("interrupted");
  const both = pending(thread);
  expect(both.map((i) => i.value.question).sort()).toEqual(["Approve the budget?", "Approve the legal terms?"]);
  // Different answers per question prove each one reached its own node.
  const answer = (i: Interrupt): string => (i.value.question === "Approve the legal terms?" ? "yes" : "no");
  const resume = Object.fromEntries([...both].reverse().map((i) => [i.id, answer(i)]));
  await run(id, { assistant_id: "review", command: { resume } });

  thread = await getThread(id);
  expect(thread.status).toBe("interrupted");
  const [publish, ...rest] = pending(thread);
  expect(rest).toEqual([]);
  expect(publish?.value).toMatchObject({ question: "Publish the decision?", decision: "rejected (legal: yes, finance: no)" });

  await run(id, { assistant_id: "review", command: { resume: "publish" } });
  thread = await getThread(id);
  expect(thread.status).toBe("idle");
  expect(thread.values).toMatchObject({
    legalAnswer: "yes",
    financeAnswer: "no",
    published: "published: rejected (legal: yes, finance: no)",
  });
});

it("broken: the run ends in an error event carrying the node's message", async () => {
  const id = await newThread();
  const events = await run(id, { assistant_id: "broken", input: {} });
  const last = events.at(-1);
  expect(last?.event).toBe("error");
  expect(JSON.parse(last?.data ?? "{}")).toEqual({ error: "Error", message: BROKEN_MESSAGE });
  expect((await getThread(id)).status).toBe("error");
});

it("bulk: a run with count 10000 streams at least 10,000 events", async () => {
  const id = await newThread();
  const events = await run(id, { assistant_id: "bulk", input: { count: 10_000 }, stream_mode: ["custom"] });
  const custom = events.filter((e) => e.event === "custom");
  expect(events.length).toBeGreaterThanOrEqual(10_000);
  expect(custom).toHaveLength(10_000);
  expect(JSON.parse(custom.at(-1)?.data ?? "{}")).toMatchObject({ seq: 10_000, of: 10_000 });
  expect((await getThread(id)).values).toMatchObject({ emitted: 10_000 });
});
