/**
 * The session search promises every agent's threads: LangGraph threads are found by the text Loupe
 * recorded of them (what the user sent, what the graph answered, what its interrupts asked), not only
 * by id; the run's config and metadata do not count. The rows are written by LangGraph's own store
 * and recorder.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { LgHumanRequest } from "@/lib/contracts/langgraph";
import { getHub } from "@/lib/server/hub";
import { LgStore } from "@/lib/server/langgraph/lg-store";
import { recordLg, recordLgRequest } from "@/lib/server/langgraph/record";
import { foundHits as found, searchSessions as search, useSearchDataDir } from "@/tests/support/session-search";

useSearchDataDir("loupe-langgraph-search-");

/** The metadata a `messages` tuple carries (the run's, as the dev server sends it). */
const chunkMeta = (node: string) => ({
  langgraph_node: node,
  graph_id: "agent",
  ls_integration: "langchain_chat_model",
  thread_id: "th-a",
});

beforeAll(() => {
  const hub = getHub();
  const lg = new LgStore(hub.store);
  lg.deployments.save({
    id: "lg1",
    name: "Travel LangGraph",
    url: "http://127.0.0.1:7403",
    headers: {},
    pollSeconds: 0,
    createdAt: Date.now(),
  });
  const on = (threadId: string) => ({ deploymentId: "lg1", threadId });
  const event = (threadId: string, runId: string, name: string, payload: unknown) =>
    recordLg(hub, on(threadId), "lg_event", { runId, event: name, data: payload });
  const input = (threadId: string, runId: string, body: unknown) =>
    recordLg(hub, on(threadId), "lg_input", { runId, request: { path: `/threads/${threadId}/runs/stream`, body } });

  // th-a: a chat run that paused on a HumanInterrupt.
  lg.seeThread({ deploymentId: "lg1", threadId: "th-a", assistantId: "agent" });
  input("th-a", "r1", {
    assistant_id: "agent",
    input: { messages: [{ role: "user", content: "Plan a trip to Lisbon" }] },
    stream_mode: ["values", "updates", "messages-tuple", "debug"],
    config: { configurable: { user: "curl-user" } },
  });
  event("th-a", "r1", "metadata", { run_id: "r1", attempt: 1 });
  event("th-a", "r1", "debug", { type: "checkpoint", payload: { config: { configurable: { "user-agent": "curl/7.88.1" } } } });
  event("th-a", "r1", "messages", [{ type: "AIMessageChunk", id: "m2", content: "Lisbon" }, chunkMeta("agent")]);
  event("th-a", "r1", "values", {
    messages: [
      { type: "human", id: "m1", content: "Plan a trip to Lisbon" },
      { type: "ai", id: "m2", content: "Lisbon has trams and pastel de nata.", response_metadata: { model_name: "gpt-mini" } },
    ],
  });
  const interrupt = {
    action_request: { action: "book_hotel", args: { area: "Alfama" } },
    config: { allow_accept: true, allow_edit: true, allow_respond: true, allow_ignore: true },
    description: "Book the hotel in Alfama?",
  };
  event("th-a", "r1", "updates", { __interrupt__: [{ id: "int-1", value: interrupt }] });
  const request: LgHumanRequest = {
    id: "req-1",
    deploymentId: "lg1",
    deploymentName: "Travel LangGraph",
    threadId: "th-a",
    runId: "r1",
    interruptId: "int-1",
    value: interrupt,
    shape: "human_interrupt",
    createdAt: Date.now(),
    status: "pending",
  };
  recordLgRequest(hub, request);
  recordLgRequest(hub, { ...request, status: "answered", answer: { kind: "response", text: "Pick one near Miradouro" } });

  // th-b: another thread, another city.
  lg.seeThread({ deploymentId: "lg1", threadId: "th-b", assistantId: "agent" });
  input("th-b", "r2", { assistant_id: "agent", input: { messages: [{ role: "user", content: "Weather in Oslo?" }] } });
  event("th-b", "r2", "values", {
    messages: [
      { type: "human", content: "Weather in Oslo?" },
      { type: "ai", content: "Sunny in Oslo." },
    ],
  });

  // th-busy, newer: a long token stream whose metadata (not its text) names Lisbon on every row.
  lg.seeThread({ deploymentId: "lg1", threadId: "th-busy", assistantId: "agent" });
  for (let i = 0; i < 400; i++)
    event("th-busy", "r3", "messages", [{ type: "AIMessageChunk", id: "m9", content: "x" }, chunkMeta("lisbon_guide")]);

  // th-gone: recorded, then deleted through Loupe (its row forgotten): not listed any more.
  lg.seeThread({ deploymentId: "lg1", threadId: "th-gone" });
  input("th-gone", "r4", { assistant_id: "agent", input: { messages: [{ role: "user", content: "Lisbon again" }] } });
  lg.forgetThread("lg1", "th-gone");
});

describe("session search over LangGraph text", () => {
  it("finds a thread by what the graph answered, and not another thread", async () => {
    expect(found(await search("trams"))).toEqual([
      ["langgraph-thread", "text", "Travel LangGraph", "th-a", "Lisbon has trams and pastel de nata."],
    ]);
    expect(found(await search("Oslo"))).toEqual([["langgraph-thread", "text", "Travel LangGraph", "th-b", "Weather in Oslo?"]]);
  });

  it("finds a thread by what the user sent, past a busy thread's rows and not a forgotten thread", async () => {
    const r = await search("Lisbon");
    expect(found(r)).toEqual([["langgraph-thread", "text", "Travel LangGraph", "th-a", "Plan a trip to Lisbon"]]);
  });

  it("finds a thread by its interrupt's prompt and by the answer given to it", async () => {
    expect(found(await search("hotel in Alfama"))).toEqual([
      ["langgraph-thread", "text", "Travel LangGraph", "th-a", "Book the hotel in Alfama?"],
    ]);
    expect(found(await search("Miradouro"))).toEqual([["langgraph-thread", "text", "Travel LangGraph", "th-a", "Pick one near Miradouro"]]);
  });

  it("does not count the run's config, metadata or the messages' own fields", async () => {
    for (const q of ["curl", "langchain_chat_model", "gpt-mini", "AIMessageChunk"]) expect(found(await search(q))).toEqual([]);
  });

  it("still finds a thread by id, once", async () => {
    expect(found(await search("th-a")).map((h) => h.slice(0, 4))).toEqual([["langgraph-thread", "id", "Travel LangGraph", "th-a"]]);
  });
});
