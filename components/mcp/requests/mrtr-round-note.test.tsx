// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { AnswerableRequestCard } from "./answerable-request-card";
import { mcpRequest } from "./test-requests";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// What tests/fixtures/mrtr-server.mjs asks in round 2 of plan-trip (2026-07-28, in-band).
const params = { messages: [{ role: "user", content: { type: "text", text: "Plan 2 days in Lyon" } }], maxTokens: 200 };

describe("the card of an in-band (MRTR) input request", () => {
  it("says which round of which waiting request it is, beside the call it belongs to", () => {
    vi.stubGlobal("fetch", fetchRouter({}).fetch);
    const request = mcpRequest({
      kind: "sampling",
      params,
      jsonrpcId: "itinerary",
      relatedCall: { callId: "call-trip", tool: "plan-trip" },
      mrtr: { key: "itinerary", round: 2, method: "tools/call", target: "plan-trip", firstRequestId: 2, requestState: "v1.abc.def" },
    });
    renderWithClient(<AnswerableRequestCard request={request} />);
    const note = screen.getByTestId("request-mrtr-round");
    expect(note.dataset.round).toBe("2");
    expect(note.textContent).toBe(
      "Round 2 of tools/call plan-trip (request #2) · asked in its input_required result as itinerary; the answer goes back in the retried request with the server's requestState",
    );
    expect(screen.getByTestId("request-related-call").textContent).toContain("plan-trip");
  });

  it("says nothing of rounds for a server → client request of 2025-11-25", () => {
    vi.stubGlobal("fetch", fetchRouter({}).fetch);
    renderWithClient(<AnswerableRequestCard request={mcpRequest({ kind: "sampling", params })} />);
    expect(screen.queryByTestId("request-mrtr-round")).toBeNull();
  });
});
