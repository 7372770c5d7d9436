import { AppError } from "@/lib/errors";
import type { LgApi, LgRunStream } from "@/lib/server/langgraph/client";
import type { ThreadWire } from "@/lib/server/langgraph/wire";

/**
 * A LangGraph server in memory: threads with interrupts; a resume removes the interrupts it names
 * (lib/server/langgraph/requests.test.ts, tests/integration/langgraph-take-over.test.ts).
 */
export class FakeServer implements LgApi {
  threads = new Map<string, ThreadWire>();
  runs: { threadId: string; body: Record<string, unknown> }[] = [];
  /** The next runs are refused with this HTTP body. */
  refuse: string | null = null;
  /** The next run succeeds but leaves the interrupts as they are. */
  ignoreResume = false;

  interrupt(threadId: string, interrupts: { id: string; value: unknown }[]): void {
    const map = Object.fromEntries(interrupts.map((i, n) => [`task${n}`, [i]]));
    this.threads.set(threadId, {
      thread_id: threadId,
      status: interrupts.length ? "interrupted" : "idle",
      metadata: { assistant_id: "asst", graph_id: "g" },
      values: {},
      interrupts: map,
    });
  }
  listed(threadId: string): { id: string; value: unknown }[] {
    const t = this.threads.get(threadId);
    return Object.values((t?.interrupts ?? {}) as Record<string, { id: string; value: unknown }[]>).flat();
  }
  info = async () => ({ version: "fake" });
  searchAssistants = async () => [];
  graph = async () => ({ nodes: [], edges: [] });
  schemas = async () => ({});
  createThread = async () => ({ thread_id: "new" });
  /** threads/search calls so far (discovery's looks). */
  searches = 0;
  searchThreads = async (body: { status?: string }) => {
    this.searches++;
    return [...this.threads.values()].filter((t) => !body.status || t.status === body.status);
  };
  getThread = async (id: string) => {
    const t = this.threads.get(id);
    if (!t) throw new AppError("upstream:langgraph_http", "404", { status: 404 });
    return structuredClone(t);
  };
  deleteThread = async () => undefined;
  history = async () => [];
  updateState = async () => ({ checkpointId: "c" });
  cancelRun = async () => undefined;
  streamRun = async (threadId: string, body: Record<string, unknown>): Promise<LgRunStream> => {
    if (this.refuse) throw new AppError("upstream:langgraph_http", `HTTP 400: ${this.refuse}`, { status: 400 });
    this.runs.push({ threadId, body });
    const runId = `run-${this.runs.length}`;
    const command = body.command as { resume?: unknown } | undefined;
    if (command && !this.ignoreResume) {
      const left = this.listed(threadId).filter(
        (i) =>
          !(typeof command.resume === "object" && command.resume !== null && !Array.isArray(command.resume)
            ? i.id in command.resume
            : true),
      );
      this.interrupt(threadId, left);
    }
    return {
      runId,
      read: async (onEvent) => {
        onEvent({ event: "metadata", data: JSON.stringify({ run_id: runId }) });
        return { cut: false };
      },
    };
  };
}
