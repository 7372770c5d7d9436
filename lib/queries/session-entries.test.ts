import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { lgEntriesQuery, lgKeys } from "@/lib/queries/langgraph";
import { appendSessionEntries } from "./session-entries";

const entry = (seq: number): Entry => ({
  seq,
  connectionId: "demo-langgraph",
  sessionKey: "t-1",
  receivedAt: seq,
  sourceTime: null,
  direction: "in",
  protocol: "langgraph",
  kind: "lg_event",
  raw: { runId: "r1", event: "debug", data: { step: seq } },
  rawBytes: 1,
});

/** The server's history of the thread: the latest request answered by `answer` (an abort rejects one). */
function serverHistory() {
  const pending: { resolve: (body: Entry[]) => void }[] = [];
  vi.stubGlobal("fetch", (_path: string, init: RequestInit) => {
    return new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      pending.push({ resolve: (body) => resolve(new Response(JSON.stringify(body), { status: 200 })) });
    });
  });
  return { answer: (body: Entry[]) => pending.at(-1)?.resolve(body), calls: () => pending.length };
}

const tick = () => new Promise((r) => setTimeout(r, 5));
const key = lgKeys.entries("demo-langgraph", "t-1");
const seqs = (qc: QueryClient) => qc.getQueryData<Entry[]>(key)?.map((e) => e.seq);
const append = (qc: QueryClient, entries: Entry[]) => appendSessionEntries(qc, entries, lgKeys.entries);

afterEach(() => vi.unstubAllGlobals());

describe("appendSessionEntries", () => {
  it("does not make a cancelled fetch's empty cache look loaded: the thread's next view fetches the whole history", async () => {
    const server = serverHistory();
    const qc = new QueryClient();
    // The thread view opens while its run streams, and goes away before the history came back.
    const unsubscribe = new QueryObserver(qc, lgEntriesQuery("demo-langgraph", "t-1")).subscribe(() => {});
    await tick();
    unsubscribe();
    await tick();
    // The run goes on: its last entries stream in (the run's header at the end, say).
    append(qc, [entry(7)]);
    expect(seqs(qc)).toBeUndefined();
    // Opened again: it fetches, and shows every step, not only what streamed while it was away.
    new QueryObserver(qc, lgEntriesQuery("demo-langgraph", "t-1")).subscribe(() => {});
    await tick();
    expect(server.calls()).toBe(2);
    server.answer([1, 2, 3, 4, 5, 6, 7].map(entry));
    await tick();
    expect(seqs(qc)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("keeps what streams while the history is on its way, and appends to a loaded thread", async () => {
    const server = serverHistory();
    const qc = new QueryClient();
    new QueryObserver(qc, lgEntriesQuery("demo-langgraph", "t-1")).subscribe(() => {});
    await tick();
    append(qc, [entry(5)]);
    server.answer([1, 2, 3].map(entry));
    await tick();
    expect(seqs(qc)).toEqual([1, 2, 3, 5]);
    append(qc, [entry(6), entry(4)]);
    expect(seqs(qc)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
