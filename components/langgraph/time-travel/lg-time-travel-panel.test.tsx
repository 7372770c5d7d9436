// @vitest-environment happy-dom
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { LgCheckpoint } from "@/lib/contracts/langgraph";
import { LgTimeTravelPanel } from "./lg-time-travel-panel";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const cp = (id: string, step: number, parent: string | null, values: unknown, extra: Partial<LgCheckpoint> = {}): LgCheckpoint => ({
  checkpointId: id,
  parentCheckpointId: parent,
  step,
  source: "loop",
  createdAt: `2026-11-28T16:22:3${step}.000Z`,
  next: step < 2 ? ["agent"] : [],
  values,
  writes: null,
  tasks: [],
  raw: { metadata: { assistant_id: "asst-from-meta" } },
  ...extra,
});

// Newest first, with a fork: c2b was written by hand after c1, beside c2.
const HISTORY: LgCheckpoint[] = [
  cp("c2b", 2, "c1", { count: 5 }, { source: "update" }),
  cp("c2", 2, "c1", { count: 2, note: "x" }),
  cp("c1", 1, "c0", { count: 1 }),
  cp("c0", 0, null, { count: 0 }),
];

type Call = { method: string; url: string; body: unknown };

function mockServer(routes: (call: Call) => { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? "GET", url, body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const { status, body } = routes(call);
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

function renderPanel(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const HISTORY_URL = "/api/langgraph/deployments/dep%201/threads/t-1/history";

describe("LgTimeTravelPanel", () => {
  it("lists the checkpoints with the head and the forks marked, and shows the selected one's state and what it wrote", async () => {
    const calls = mockServer(() => ({ status: 200, body: HISTORY }));
    renderPanel(<LgTimeTravelPanel deploymentId="dep 1" threadId="t-1" />);
    const head = await screen.findByTestId("lg-checkpoint-c2b");
    expect(calls[0]).toMatchObject({ method: "GET", url: HISTORY_URL });
    expect(head.dataset.head).toBe("true");
    expect(head.dataset.fork).toBe("true");
    expect(screen.getByTestId("lg-checkpoint-c2").dataset.fork).toBe("true");
    expect(screen.getByTestId("lg-checkpoint-c1").dataset.fork).toBeUndefined();
    fireEvent.click(screen.getByTestId("lg-checkpoint-c2"));
    expect(screen.getByTestId("lg-checkpoint-detail").dataset.checkpointId).toBe("c2");
    expect(screen.getByTestId("lg-checkpoint-state").textContent).toContain('"note": "x"');
    // A narrow column scrolls the state sideways instead of breaking it in the middle of words.
    expect(screen.getByTestId("lg-checkpoint-state").className).toContain("whitespace-pre");
    expect(screen.getByTestId("lg-checkpoint-state").className).not.toContain("break-all");
    const changes = screen.getByTestId("lg-checkpoint-changes");
    expect(changes.textContent).toContain("$.count");
    expect(changes.textContent).toContain("$.note");
  });

  it("Edit & fork writes the edited state, then runs from the checkpoint the server answered", async () => {
    const calls = mockServer((c) =>
      c.url.endsWith("/history")
        ? { status: 200, body: HISTORY }
        : c.url.endsWith("/state")
          ? { status: 200, body: { checkpointId: "c-new" } }
          : { status: 202, body: { runId: "run-9", threadId: "t-1" } },
    );
    renderPanel(<LgTimeTravelPanel deploymentId="dep 1" threadId="t-1" assistantId="asst-1" />);
    fireEvent.click(await screen.findByTestId("lg-checkpoint-c1"));
    fireEvent.change(screen.getByTestId("lg-fork-values"), { target: { value: '{"count": 42}' } });
    fireEvent.click(screen.getByTestId("lg-fork"));
    await screen.findByTestId("lg-fork-started");
    const writes = calls.filter((c) => c.method === "POST");
    expect(writes).toEqual([
      { method: "POST", url: "/api/langgraph/deployments/dep%201/threads/t-1/state", body: { values: { count: 42 }, checkpointId: "c1" } },
      {
        method: "POST",
        url: "/api/langgraph/deployments/dep%201/runs",
        body: { assistantId: "asst-1", threadId: "t-1", checkpointId: "c-new", input: null },
      },
    ]);
    await waitFor(() => expect(calls.filter((c) => c.url === HISTORY_URL)).toHaveLength(2));
  });

  it("Run from here runs at the checkpoint itself, under the assistant its metadata names", async () => {
    const calls = mockServer((c) =>
      c.url.endsWith("/history") ? { status: 200, body: HISTORY } : { status: 202, body: { runId: "r", threadId: "t-1" } },
    );
    renderPanel(<LgTimeTravelPanel deploymentId="dep 1" threadId="t-1" />);
    fireEvent.click(await screen.findByTestId("lg-checkpoint-c0"));
    fireEvent.click(screen.getByTestId("lg-run-from-here"));
    await screen.findByTestId("lg-fork-started");
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { assistantId: "asst-from-meta", threadId: "t-1", checkpointId: "c0", input: null },
    ]);
  });

  it("shows a refused fork raw, with the route's code and words, and does not run", async () => {
    const calls = mockServer((c) =>
      c.url.endsWith("/history")
        ? { status: 200, body: HISTORY }
        : { status: 409, body: { error: { code: "conflict:thread_busy", message: "The thread is running" } } },
    );
    renderPanel(<LgTimeTravelPanel deploymentId="dep 1" threadId="t-1" assistantId="a" />);
    await screen.findByTestId("lg-checkpoint-c2b");
    fireEvent.click(screen.getByTestId("lg-fork"));
    const alert = await screen.findByTestId("query-error");
    expect(alert.textContent).toContain("The thread is running");
    expect(alert.textContent).toContain("conflict:thread_busy");
    expect(calls.filter((c) => c.url.endsWith("/runs"))).toHaveLength(0);
  });

  it("blocks a fork whose JSON does not parse", async () => {
    mockServer(() => ({ status: 200, body: HISTORY }));
    renderPanel(<LgTimeTravelPanel deploymentId="dep 1" threadId="t-1" assistantId="a" />);
    await screen.findByTestId("lg-checkpoint-c2b");
    fireEvent.change(screen.getByTestId("lg-fork-values"), { target: { value: "{nope" } });
    expect(screen.getByTestId("json-error")).toBeTruthy();
    expect(screen.getByTestId("lg-fork").hasAttribute("disabled")).toBe(true);
  });

  it("compares two checkpoints' states in the shared compare frame", async () => {
    mockServer(() => ({ status: 200, body: HISTORY }));
    renderPanel(<LgTimeTravelPanel deploymentId="dep 1" threadId="t-1" />);
    await screen.findByTestId("lg-checkpoint-c2b");
    fireEvent.click(screen.getByTestId("lg-compare-with"));
    fireEvent.click(await screen.findByTestId("lg-compare-candidate-c0"));
    const frame = await screen.findByTestId("lg-checkpoint-compare");
    expect([frame.dataset.a, frame.dataset.b]).toEqual(["c2b", "c0"]);
    const changes = within(frame).getByTestId("lg-compare-changes");
    expect(changes.textContent).toContain("$.count");
    fireEvent.click(within(frame).getByTestId("compare-swap"));
    expect(screen.getByTestId("lg-checkpoint-compare").dataset.a).toBe("c0");
    fireEvent.click(screen.getByTestId("compare-close"));
    expect(screen.queryByTestId("lg-checkpoint-compare")).toBeNull();
  });

  it("shows the history route's failure with its code", async () => {
    mockServer(() => ({ status: 502, body: { error: { code: "upstream:unreachable", message: "connect ECONNREFUSED" } } }));
    renderPanel(<LgTimeTravelPanel deploymentId="dep 1" threadId="t-1" />);
    const alert = await screen.findByTestId("query-error");
    expect(alert.textContent).toContain("connect ECONNREFUSED");
    expect(alert.textContent).toContain("upstream:unreachable");
  });
});
