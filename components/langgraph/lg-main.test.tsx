// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { LgDeploymentView, LgHumanRequest, LgThreadDetail } from "@/lib/contracts/langgraph";
import { EMPTY_LOCATION } from "@/lib/workbench/registry";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { LgMain } from "./lg-main";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const D = "/api/langgraph/deployments/demo-langgraph";
const deployment: LgDeploymentView = {
  id: "demo-langgraph",
  name: "Demo LangGraph",
  url: "http://127.0.0.1:2024",
  headers: {},
  pollSeconds: 15,
  createdAt: 1,
  builtin: true,
  state: { status: "ok" },
};
const summary = {
  deploymentId: "demo-langgraph",
  threadId: "t-1",
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-01T00:01:00Z",
  status: "interrupted",
  metadata: {},
  assistantId: "a-mail",
  graphId: "mail",
  interruptCount: 1,
  loupeRuns: 0,
};
const detail: LgThreadDetail = {
  ...summary,
  values: { draft: "Hello Ana" },
  interrupts: [{ id: "i1", taskId: "k1", value: "Send?" }],
  runs: [],
  raw: {},
};
const request: LgHumanRequest = {
  id: "q1",
  deploymentId: "demo-langgraph",
  deploymentName: "Demo LangGraph",
  threadId: "t-1",
  runId: null,
  interruptId: "i1",
  value: "Send?",
  shape: "generic",
  createdAt: 1,
  status: "pending",
};

function setup(thread: string | null) {
  const router = fetchRouter({
    "GET /api/langgraph/deployments": () => [deployment],
    [`GET ${D}/assistants`]: () => [{ assistantId: "a-mail", graphId: "mail", name: "mail" }],
    [`GET ${D}/assistants/a-mail/graph`]: () => ({
      assistantId: "a-mail",
      xray: true,
      nodes: [{ id: "draft", type: "runnable", name: "draft", parents: [], raw: {} }],
      edges: [],
    }),
    [`GET ${D}/threads`]: () => [summary],
    [`GET ${D}/threads/t-1`]: () => detail,
    [`GET ${D}/threads/t-1/entries`]: () => [],
    [`GET ${D}/threads/t-1/history`]: () => [],
    "GET /api/inbox": () => [{ ...request, source: "langgraph" }],
  });
  vi.stubGlobal("fetch", router.fetch);
  const navigate = vi.fn();
  renderWithClient(<LgMain location={{ ...EMPTY_LOCATION, view: "langgraph", peerId: "demo-langgraph", thread }} navigate={navigate} />);
  return { router, navigate };
}

describe("LgMain", () => {
  it("shows the deployment, its threads and its assistants' graph; a thread row opens the thread", async () => {
    const { navigate } = setup(null);
    expect((await screen.findByTestId("lg-main")).dataset.deploymentId).toBe("demo-langgraph");
    fireEvent.click(await screen.findByTestId("lg-thread-row"));
    expect(navigate).toHaveBeenCalledWith({ view: "langgraph", peerId: "demo-langgraph", item: null, thread: "t-1" });
    expect(await screen.findByTestId("lg-graph-node-draft")).toBeTruthy();
  });

  it("the thread view says who started it, and its State tab lists the pending interrupt, answerable there", async () => {
    setup("t-1");
    expect((await screen.findByTestId("lg-thread-origin")).textContent).toContain("started elsewhere");
    fireEvent.click(screen.getByTestId("lg-thread-tab-state"));
    await waitFor(() => expect(screen.getByTestId("lg-thread-values").textContent).toContain("Hello Ana"));
    expect((await screen.findByTestId("lg-request-card")).dataset.requestId).toBe("q1");
  });

  it("says so when the deployment is not saved", async () => {
    const router = fetchRouter({ "GET /api/langgraph/deployments": () => [] });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<LgMain location={{ ...EMPTY_LOCATION, view: "langgraph", peerId: "gone" }} navigate={vi.fn()} />);
    expect((await screen.findByTestId("lg-no-deployment")).textContent).toContain("gone");
  });
});
