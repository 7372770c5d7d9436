// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { InboxRow } from "@/lib/contracts/inbox";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { inboxKeys, upsertMcpRequest } from "@/lib/queries/inbox";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { PendingRequestsForCall } from "./pending-for-call";
import { elicitationParams, mcpRequest, samplingParams } from "@/components/mcp/requests/test-requests";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (r: McpClientRequest): InboxRow => ({ ...r, source: "mcp" });
const call = (callId: string) => ({ callId, tool: "trigger-sampling-request" });

describe("PendingRequestsForCall", () => {
  it("shows only the waiting requests of that call on that connection, answerable in place", async () => {
    const mine = mcpRequest({ id: "r-mine", kind: "sampling", params: samplingParams(), relatedCall: call("c1") });
    const rows: InboxRow[] = [
      row(mine),
      row(mcpRequest({ id: "r-other-call", kind: "sampling", params: samplingParams(), relatedCall: call("c2") })),
      row(mcpRequest({ id: "r-other-conn", connectionId: "fs", kind: "sampling", params: samplingParams(), relatedCall: call("c1") })),
      row(mcpRequest({ id: "r-done", kind: "sampling", params: samplingParams(), relatedCall: call("c1"), status: "answered" })),
      row(mcpRequest({ id: "r-no-call", kind: "elicitation_form", params: elicitationParams() })),
      {
        source: "adk",
        id: "c1",
        kind: "input",
        status: "pending",
        agentId: "ag",
        sessionKey: "a/u/s",
        prompt: "?",
        createdAt: 1,
      } as unknown as InboxRow,
    ];
    const router = fetchRouter({
      "GET /api/inbox": () => rows,
      "POST /api/connections/everything/requests/r-mine": (req) => ({ ...mine, status: "answered", answer: { at: 9, body: req.body } }),
    });
    vi.stubGlobal("fetch", router.fetch);
    const { client } = renderWithClient(<PendingRequestsForCall connectionId="everything" callId="c1" />);

    const section = await screen.findByTestId("pending-requests-for-call");
    expect(section.dataset.count).toBe("1");
    expect(
      within(section)
        .getAllByTestId("mcp-request-card")
        .map((c) => c.dataset.requestId),
    ).toEqual(["r-mine"]);
    // Compact: the tool page already names the server and the call.
    expect(within(section).queryByTestId("request-source")).toBeNull();

    fireEvent.change(within(section).getByTestId("sampling-reply"), { target: { value: "hello from the tool page" } });
    fireEvent.click(within(section).getByTestId("sampling-send"));
    await waitFor(() => expect(screen.getByTestId("mcp-request-card").dataset.status).toBe("answered"));
    // The answered request stays in view (with what was sent) rather than vanishing.
    expect(screen.getByTestId("request-answer-text").textContent).toBe("hello from the tool page");
    expect(screen.getByTestId("pending-requests-for-call").dataset.count).toBe("0");
    expect(router.requests.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([
      { action: "accept", text: "hello from the tool page", model: "loupe-human", stopReason: "endTurn" },
    ]);

    // A second request of the same call arrives on the stream.
    act(() => {
      client.setQueryData<InboxRow[]>(inboxKeys.list(), (l) =>
        upsertMcpRequest(
          l,
          mcpRequest({
            id: "r-next",
            kind: "elicitation_form",
            params: elicitationParams(),
            relatedCall: call("c1"),
            createdAt: 1795257400000,
          }),
        ),
      );
    });
    await waitFor(() => expect(screen.getAllByTestId("mcp-request-card")).toHaveLength(2));
    expect(screen.getByTestId("pending-requests-for-call").dataset.count).toBe("1");
  });

  it("renders nothing when the call waits for nothing", async () => {
    const router = fetchRouter({ "GET /api/inbox": () => [] });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<PendingRequestsForCall connectionId="everything" callId="c1" />);
    await waitFor(() => expect(router.requests).toHaveLength(1));
    expect(screen.queryByTestId("pending-requests-for-call")).toBeNull();
  });
});
