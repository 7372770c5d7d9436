// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { LgAssistant } from "@/lib/contracts/langgraph";
import { useLgActions } from "@/hooks/use-langgraph";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { LgRunComposer } from "./lg-run-composer";
import { forgetLgRunDrafts } from "./use-run-draft";

afterEach(() => {
  cleanup();
  forgetLgRunDrafts();
  vi.unstubAllGlobals();
});

const ASSISTANTS: LgAssistant[] = [
  { assistantId: "a-chat", graphId: "chat", name: "chat" },
  { assistantId: "a-mail", graphId: "mail", name: "mail" },
];

function Composer({ threadId, running, onStarted }: { threadId: string | null; running?: string; onStarted: () => void }) {
  const actions = useLgActions();
  return (
    <LgRunComposer
      deploymentId="demo-langgraph"
      assistants={ASSISTANTS}
      assistantId="a-mail"
      threadId={threadId}
      runningRunId={running ?? null}
      actions={actions}
      onStarted={onStarted}
    />
  );
}

type Route = () => unknown;

/** What the composer sent (the schemas route's GET left out). */
const posts = (router: ReturnType<typeof fetchRouter>) => router.requests.filter((r) => r.method === "POST");

function setup(threadId: string | null, runs: Route = () => ({ runId: "r1", threadId: "t-1" }), running?: string, schemas?: Route) {
  const router = fetchRouter({
    ...(schemas && { "GET /api/langgraph/deployments/demo-langgraph/assistants/a-mail/schemas": schemas }),
    "POST /api/langgraph/deployments/demo-langgraph/runs": runs,
    "POST /api/langgraph/deployments/demo-langgraph/runs/r0/cancel": () => ({
      runId: "r0",
      threadId: "t-1",
      deploymentId: "demo-langgraph",
    }),
  });
  vi.stubGlobal("fetch", router.fetch);
  const onStarted = vi.fn();
  renderWithClient(<Composer threadId={threadId} running={running} onStarted={onStarted} />);
  return { router, onStarted };
}

describe("LgRunComposer", () => {
  it("the message box fills the JSON input; Run posts the assistant, thread, input and ticked stream modes", async () => {
    const { router, onStarted } = setup("t-1");
    fireEvent.change(screen.getByTestId("lg-run-message"), { target: { value: "Hello" } });
    expect(screen.queryByTestId("lg-run-input")).toBeNull();
    fireEvent.click(screen.getByTestId("lg-run-options"));
    expect(JSON.parse(screen.getByTestId<HTMLTextAreaElement>("lg-run-input").value)).toEqual({
      messages: [{ role: "human", content: "Hello" }],
    });
    fireEvent.click(screen.getByTestId("lg-stream-mode-events"));
    fireEvent.click(screen.getByTestId("lg-stream-mode-custom"));
    fireEvent.click(screen.getByTestId("lg-run"));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith({ runId: "r1", threadId: "t-1" }));
    expect(posts(router)[0]?.body).toEqual({
      assistantId: "a-mail",
      threadId: "t-1",
      input: { messages: [{ role: "human", content: "Hello" }] },
      streamModes: ["values", "updates", "messages-tuple", "debug", "events"],
      subgraphs: false,
    });
  });

  it("a new thread: no threadId, raw JSON input with the other assistant", async () => {
    const { router } = setup(null);
    fireEvent.change(screen.getByTestId("lg-run-assistant"), { target: { value: "a-chat" } });
    fireEvent.click(screen.getByTestId("lg-run-options"));
    fireEvent.change(screen.getByTestId("lg-run-input"), { target: { value: '{"topic":"owls"}' } });
    fireEvent.click(screen.getByTestId("lg-run"));
    await waitFor(() => expect(posts(router)).toHaveLength(1));
    expect(posts(router)[0]?.body).toMatchObject({ assistantId: "a-chat", input: { topic: "owls" } });
    expect(posts(router)[0]?.body).not.toHaveProperty("threadId");
  });

  it("shows a refused run raw (HTTP status, code, words), and sends nothing for text that is not JSON", async () => {
    const { router } = setup("t-1", () =>
      Response.json({ error: { code: "upstream:langgraph_http", message: "422 Unprocessable: assistant not found" } }, { status: 502 }),
    );
    fireEvent.click(screen.getByTestId("lg-run-options"));
    fireEvent.change(screen.getByTestId("lg-run-input"), { target: { value: "{oops" } });
    fireEvent.click(screen.getByTestId("lg-run"));
    expect(screen.getByTestId("lg-run-draft-error").textContent).toContain("Not JSON");
    expect(posts(router)).toHaveLength(0);
    fireEvent.change(screen.getByTestId("lg-run-input"), { target: { value: "{}" } });
    fireEvent.click(screen.getByTestId("lg-run"));
    const error = await screen.findByTestId("lg-run-error");
    expect(error.textContent).toContain("HTTP 502");
    expect(error.textContent).toContain("upstream:langgraph_http");
    expect(error.textContent).toContain("assistant not found");
  });

  it("Stop cancels the running run", async () => {
    const { router } = setup("t-1", undefined, "r0");
    expect(screen.getByTestId<HTMLButtonElement>("lg-run").disabled).toBe(true);
    fireEvent.click(screen.getByTestId("lg-stop"));
    await waitFor(() => expect(posts(router).at(-1)?.path).toBe("/api/langgraph/deployments/demo-langgraph/runs/r0/cancel"));
  });
});
