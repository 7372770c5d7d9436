// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { A2aAgentView, A2aHumanRequest, A2aTaskSummary } from "@/lib/contracts/a2a";
import { EMPTY_LOCATION } from "@/lib/workbench/location";
import { A2aChat } from "./a2a-chat";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const AGENT: A2aAgentView = { id: "ag", name: "agent", url: "http://127.0.0.1:1/", headers: {}, createdAt: 1, state: { status: "ok" } };
const TASK: A2aTaskSummary = {
  agentId: "ag",
  taskId: "t1",
  contextId: "c1",
  state: "input-required",
  createdAt: 1,
  updatedAt: 2,
  artifactCount: 0,
  streaming: false,
};
const REQUEST: A2aHumanRequest = {
  id: "q1",
  agentId: "ag",
  agentName: "agent",
  taskId: "t1",
  contextId: "c1",
  kind: "input",
  prompt: "Which city?",
  createdAt: 3,
  status: "pending",
};

/** The chat of agent "ag" at `at` (its conversation and task), over a fresh query client. */
function renderChat(at: { thread?: string; item: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <A2aChat agent={AGENT} location={{ ...EMPTY_LOCATION, view: "a2a", peerId: "ag", ...at }} navigate={() => undefined} />
    </QueryClientProvider>,
  );
}

it("a message continuing a task that waits for input answers its inbox request instead of leaving it to go stale", async () => {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      if (method === "POST") posts.push({ url, body: JSON.parse(String(init.body)) });
      const body =
        method === "GET" && url === "/api/a2a/agents/ag/tasks"
          ? [TASK]
          : method === "GET" && url === "/api/inbox"
            ? [{ source: "a2a", ...REQUEST }]
            : method === "POST" && url === "/api/a2a/requests/q1"
              ? { ...REQUEST, status: "answered" }
              : method === "POST"
                ? { exchangeId: "x1" }
                : [];
      return new Response(JSON.stringify(body), { status: method === "POST" && url.endsWith("/messages") ? 202 : 200 });
    }),
  );
  renderChat({ thread: "c1", item: "t1" });
  await waitFor(() => expect(screen.getByTestId("a2a-target-continue").textContent).toMatch(/answers its request/));
  fireEvent.change(screen.getByTestId("a2a-message"), { target: { value: "Lisbon" } });
  fireEvent.click(screen.getByTestId("a2a-send"));
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0]).toEqual({ url: "/api/a2a/requests/q1", body: { kind: "text", text: "Lisbon" } });
});

it("a lost task is not offered for continuing (its agent stopped answering): Continue sends into its context, as a new task", async () => {
  const posts: { url: string; body: unknown }[] = [];
  const lost: A2aTaskSummary = { ...TASK, state: "working", lost: { at: 3, reason: "The agent stopped answering mid-task" } };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      if (method === "POST") posts.push({ url, body: JSON.parse(String(init.body)) });
      const body = method === "GET" && url === "/api/a2a/agents/ag/tasks" ? [lost] : method === "POST" ? { exchangeId: "x1" } : [];
      return new Response(JSON.stringify(body), { status: method === "POST" ? 202 : 200 });
    }),
  );
  renderChat({ item: "t1" });
  await waitFor(() => expect(screen.getByTestId("a2a-target-continue").textContent).toBe("Continue context c1"));
  fireEvent.change(screen.getByTestId("a2a-message"), { target: { value: "again" } });
  fireEvent.click(screen.getByTestId("a2a-send"));
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0]!.body).toMatchObject({ contextId: "c1" });
  expect(posts[0]!.body).not.toHaveProperty("taskId");
});

it("a question that appears on the open task is scrolled into view, its send button with it", async () => {
  const seen: Element[] = [];
  const scrollIntoView = vi.fn(function (this: Element) {
    seen.push(this);
  });
  Object.defineProperty(HTMLElement.prototype, "scrollIntoView", { configurable: true, value: scrollIntoView });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const body =
        url === "/api/a2a/agents/ag/tasks"
          ? [TASK]
          : url === "/api/a2a/agents/ag/tasks/t1"
            ? { ...TASK, entrySeqs: [] }
            : url === "/api/inbox"
              ? [{ source: "a2a", ...REQUEST }]
              : [];
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  renderChat({ thread: "c1", item: "t1" });
  const box = await screen.findByTestId("a2a-inline-request");
  await waitFor(() => expect(seen).toContain(box));
  // Not in a capped box of its own: the pane scrolls, so the card keeps its full height.
  expect(box.className).not.toMatch(/max-h-|overflow/);
  expect(screen.getByTestId("a2a-task-pane").className).toMatch(/overflow-y-auto/);
});
