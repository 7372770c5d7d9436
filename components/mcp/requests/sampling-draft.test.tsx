// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { CallRecord } from "@/lib/contracts/calls";
import type { Conversation } from "@/lib/contracts/playground";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { AnswerableRequestCard } from "./answerable-request-card";
import { mcpRequest, samplingParams } from "./test-requests";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const request = () =>
  mcpRequest({ kind: "sampling", params: samplingParams(), relatedCall: { callId: "call-3", tool: "trigger-sampling-request" } });

function call(origin?: CallRecord["origin"]): CallRecord {
  return {
    id: "call-3",
    connectionId: "everything",
    tool: "trigger-sampling-request",
    args: {},
    requestId: 4,
    startedAt: 1,
    endedAt: null,
    timeoutMs: 1000,
    status: "running",
    ...(origin ? { origin } : {}),
  };
}

const conversation: Conversation = {
  id: "conv-1",
  title: "Tides",
  createdAt: 1,
  updatedAt: 1,
  systemPrompt: "",
  servers: [],
  policy: "never",
  toolPolicies: {},
  columns: [
    {
      id: "col-1",
      config: { provider: "openai", model: "gpt-4o-mini", strict: false, maxSteps: 20 },
      status: "running",
      usage: { inputTokens: 0, outputTokens: 0 },
      costUsd: 0,
    },
  ],
};

function setup(origin: CallRecord["origin"] | undefined, draft: () => unknown) {
  const router = fetchRouter({
    "GET /api/connections/everything/calls/call-3": () => call(origin),
    "GET /api/playground/conversations": () => [conversation],
    "POST /api/connections/everything/requests/req-1/draft": draft,
  });
  vi.stubGlobal("fetch", router.fetch);
  renderWithClient(<AnswerableRequestCard request={request()} />);
  return router;
}

describe("Sampling card: Draft with the playground's model", () => {
  it("fills the reply and the model from the column's model, and sends nothing by itself", async () => {
    const router = setup({ kind: "playground", conversationId: "conv-1", columnId: "col-1", toolCallId: "t1" }, () => ({
      text: "Tides pull and return.",
      model: "gpt-4o-mini",
    }));
    const button = await screen.findByTestId("sampling-draft");
    expect(button.textContent).toBe("Draft with gpt-4o-mini");
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId<HTMLTextAreaElement>("sampling-reply").value).toBe("Tides pull and return."));
    expect(screen.getByTestId<HTMLInputElement>("sampling-model").value).toBe("gpt-4o-mini");
    const posts = router.requests.filter((r) => r.method === "POST");
    expect(posts).toEqual([
      { method: "POST", path: "/api/connections/everything/requests/req-1/draft", body: { conversationId: "conv-1", columnId: "col-1" } },
    ]);
  });

  it("says why a draft failed and keeps the form", async () => {
    setup({ kind: "playground", conversationId: "conv-1", columnId: "col-1", toolCallId: "t1" }, () =>
      Response.json(
        { error: { code: "upstream:playground_provider", message: "The model could not draft an answer: Rate limit" } },
        { status: 502 },
      ),
    );
    fireEvent.click(await screen.findByTestId("sampling-draft"));
    expect((await screen.findByTestId("sampling-draft-error")).textContent).toContain("Rate limit");
    expect(screen.getByTestId("sampling-send")).toBeTruthy();
  });

  it("offers no draft for a call the user made by hand", async () => {
    const router = setup(undefined, () => ({}));
    await waitFor(() => expect(router.requests.some((r) => r.path === "/api/connections/everything/calls/call-3")).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId("sampling-draft")).toBeNull();
  });
});
