// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { InboxItem, StoredAnswer } from "@/lib/contracts/agents";
import type { InboxRow } from "@/lib/contracts/inbox";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { InboxView } from "@/components/inbox/inbox-view";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = {
  connectionId: "ag",
  agentId: "ag",
  agentName: "Demo agent",
  appName: "demo",
  userId: "u1",
  eventId: "ev",
  invocationId: "e-1",
  author: "demo",
  status: "pending" as const,
};

const CONFIRM: InboxItem = {
  ...base,
  kind: "confirmation",
  id: "conf-1",
  key: "ev:conf-1",
  sessionKey: "demo/u1/s1",
  sessionId: "s1",
  callName: "adk_request_confirmation",
  prompt: "Approve the call to delete_file?",
  createdAt: 2000,
  payload: { path: "/tmp/old.log" },
  originalCall: { id: "orig", name: "delete_file", args: { path: "/tmp/old.log" } },
};
const LONG: InboxItem = {
  ...base,
  kind: "long_running",
  id: "long-1",
  key: "ev:long-1",
  sessionKey: "demo/u1/s2",
  sessionId: "s2",
  callName: "ask_manager",
  prompt: "Long-running tool ask_manager is waiting for its result.",
  createdAt: 1000,
  args: { amount: 5 },
  payload: { amount: 5 },
};

const SAMPLING: McpClientRequest = {
  id: "req-9",
  connectionId: "ev",
  connectionName: "everything",
  sessionKey: "k",
  kind: "sampling",
  jsonrpcId: 3,
  createdAt: 1500,
  status: "pending",
  params: { messages: [{ role: "user", content: { type: "text", text: "say hi" } }], maxTokens: 20 },
  relatedCall: { callId: "call-1", tool: "trigger-sampling-request" },
};

const ROWS: InboxRow[] = [
  { ...CONFIRM, source: "adk" },
  { ...SAMPLING, source: "mcp" },
  { ...LONG, source: "adk" },
];

function setup(onOpenConnection?: (row: McpClientRequest) => void) {
  const router = fetchRouter({
    "GET /api/inbox": () => ROWS,
    "POST /api/connections/ev/requests/req-9": (req) => ({ ...SAMPLING, status: "answered", answer: { at: 3100, body: req.body } }),
    "POST /api/agents/ag/answers": (req) => {
      const body = req.body as { sessionKey: string; interruptId: string; answer: StoredAnswer["answer"] };
      const answer: StoredAnswer = {
        id: "ans-1",
        agentId: "ag",
        sessionKey: body.sessionKey,
        interruptId: body.interruptId,
        answer: body.answer,
        status: "sent",
        runId: "r9",
        createdAt: 3000,
      };
      return {
        answer,
        run: {
          id: "r9",
          agentId: "ag",
          sessionKey: body.sessionKey,
          status: "running",
          startedAt: 3000,
          endedAt: null,
          eventCount: 0,
          answersInterruptId: body.interruptId,
        },
      };
    },
  });
  vi.stubGlobal("fetch", router.fetch);
  const onOpenSession = vi.fn();
  // Open hands the row to the page: an ADK interrupt's session, an MCP request's server.
  const onOpen = (row: InboxRow) => (row.source === "mcp" ? onOpenConnection?.(row) : onOpenSession(row));
  renderWithClient(<InboxView onOpen={onOpen} />);
  return { router, onOpenSession };
}

describe("InboxView", () => {
  it("lists interrupts of two sessions and answers one through the answers API", async () => {
    const { router } = setup();
    await waitFor(() => expect(screen.getAllByTestId("interrupt-card")).toHaveLength(2));
    expect(screen.getByTestId("inbox-view")).toBeTruthy();
    const cards = screen.getAllByTestId("interrupt-card");
    expect(cards.map((c) => c.getAttribute("data-kind"))).toEqual(["confirmation", "long_running"]);

    fireEvent.click(within(cards[0]!).getByTestId("approve"));
    await waitFor(() => expect(router.requests.some((r) => r.method === "POST")).toBe(true));
    const post = router.requests.find((r) => r.method === "POST")!;
    expect(post.path).toBe("/api/agents/ag/answers");
    expect(post.body).toEqual({
      sessionKey: "demo/u1/s1",
      interruptId: "conf-1",
      interruptKey: "ev:conf-1",
      answer: { kind: "confirmation", confirmed: true, payload: { path: "/tmp/old.log" } },
      streaming: false,
    });
    // The stored answer is shown on that card at once; the other card is untouched.
    expect(await within(screen.getAllByTestId("interrupt-card")[0]!).findByTestId("answer-sent")).toBeTruthy();
    expect(within(screen.getAllByTestId("interrupt-card")[1]!).queryByTestId("answer-sent")).toBeNull();
  });

  it("lists an MCP sampling request between the interrupts and answers it through the requests API", async () => {
    const onOpenConnection = vi.fn();
    const { router } = setup(onOpenConnection);
    const card = await screen.findByTestId("mcp-request-card");
    expect(screen.getAllByTestId("inbox-item").map((i) => `${i.dataset.source}:${i.dataset.kind}`)).toEqual([
      "adk:confirmation",
      "mcp:sampling",
      "adk:long_running",
    ]);
    expect(screen.getByTestId("inbox-waiting").textContent).toBe("3 waiting");
    fireEvent.change(within(card).getByTestId("sampling-reply"), { target: { value: "hi!" } });
    fireEvent.click(within(card).getByTestId("sampling-send"));
    await waitFor(() => expect(screen.getByTestId("mcp-request-card").dataset.status).toBe("answered"));
    const post = router.requests.find((r) => r.method === "POST")!;
    expect(post.path).toBe("/api/connections/ev/requests/req-9");
    expect(post.body).toEqual({ action: "accept", text: "hi!", model: "loupe-human", stopReason: "endTurn" });
    // The cache took the answered request: the waiting count drops and it sorts after the pending ones.
    await waitFor(() => expect(screen.getByTestId("inbox-waiting").textContent).toBe("2 waiting"));
    expect(screen.getAllByTestId("inbox-item").map((i) => i.dataset.kind)).toEqual(["confirmation", "long_running", "sampling"]);
    fireEvent.click(within(screen.getByTestId("mcp-request-card")).getByTestId("open-connection"));
    expect(onOpenConnection).toHaveBeenCalledWith(expect.objectContaining({ connectionId: "ev", id: "req-9" }));
  });

  it("Open session hands the item to the navigation", async () => {
    const { onOpenSession } = setup();
    await waitFor(() => expect(screen.getAllByTestId("interrupt-card")).toHaveLength(2));
    fireEvent.click(within(screen.getAllByTestId("interrupt-card")[1]!).getByTestId("open-session"));
    expect(onOpenSession).toHaveBeenCalledWith(expect.objectContaining({ agentId: "ag", appName: "demo", sessionId: "s2", userId: "u1" }));
  });
});
