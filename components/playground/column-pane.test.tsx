// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ToolApproval } from "@/lib/contracts/approvals";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { ColumnPane } from "@/components/playground/column-pane";
import { ApprovalSlot } from "@/components/playground/approval-slot";
import { callRaw, column, gatedTurn, pgEntry, requestRaw, responseRaw, turnRaw } from "@/components/playground/test-entries";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const approval: ToolApproval = {
  id: "ap-1",
  connectionId: "demo",
  connectionName: "demo",
  tool: "book-hotel",
  arguments: { city: "Lisbon" },
  origin: { kind: "playground", conversationId: "conv-1", title: "Trip", columnId: "col-1" },
  policy: { value: "unless_read_only", from: "default" },
  createdAt: 1,
  status: "pending",
};

function renderPane(entries = gatedTurn()) {
  const router = fetchRouter({ "GET /api/inbox": () => [{ ...approval, source: "approval" }] });
  vi.stubGlobal("fetch", router.fetch);
  return renderWithClient(
    <ColumnPane
      column={column({ status: "awaiting_approval" })}
      entries={entries}
      serverNames={{ demo: "demo server" }}
      renderApproval={(call) => <ApprovalSlot call={call} onOpenInbox={() => undefined} />}
    />,
  );
}

describe("ColumnPane", () => {
  it("renders a gated turn: the user message, the assistant text, an ok call with its result and latency, the waiting call with its approval card", async () => {
    renderPane();
    expect(screen.getByTestId("pg-user-message").textContent).toContain("book me a hotel");
    expect(screen.getByTestId("pg-assistant-text").textContent).toContain("Let me check the weather and book.");
    const [forecast, hotel] = screen.getAllByTestId("pg-tool-call");
    expect(forecast!.dataset.state).toBe("ok");
    expect(within(forecast!).getByTestId("pg-tool-call-status").textContent).toBe("ok");
    expect(within(forecast!).getByTestId("pg-tool-call-latency").textContent).toContain("42");
    expect(within(forecast!).getByTestId("pg-tool-call-result").textContent).toContain("Lisbon: sunny, 24°C");
    expect(within(forecast!).getByTestId("pg-tool-call-target").textContent).toBe("→ demo server/get-forecast");
    expect(hotel!.dataset.state).toBe("awaiting_approval");
    expect(within(hotel!).getByTestId("pg-tool-call-status").textContent).toBe("awaiting approval");
    // The very approval of the inbox, inline (read from the inbox cache).
    const card = await within(hotel!).findByTestId("approval-card");
    expect(card.dataset.approvalId).toBe("ap-1");
    expect(screen.getByTestId("pg-column-status").textContent).toBe("awaiting approval");
    // The turn's footer says the same (it read "running" under a header saying "awaiting approval").
    expect(screen.getByTestId("pg-turn-status").textContent).toBe("awaiting approval");
    // A running turn's record has no totals yet: what its steps so far used.
    expect(screen.getByTestId("pg-turn-usage").textContent).toBe("so far 1,200 in · 80 out");
    expect(screen.getByTestId("pg-column-totals").textContent).toContain("price unknown");
  });

  it("counts a running turn's tokens so far in the column's header totals, not only finished turns", () => {
    const router = fetchRouter({ "GET /api/inbox": () => [] });
    vi.stubGlobal("fetch", router.fetch);
    // The column's first turn is running: the server has added nothing to the column's totals yet.
    renderWithClient(
      <ColumnPane
        column={column({ status: "running", usage: { inputTokens: 0, outputTokens: 0 } })}
        entries={gatedTurn()}
        serverNames={{}}
      />,
    );
    expect(screen.getByTestId("pg-turn-usage").textContent).toBe("so far 1,200 in · 80 out");
    expect(screen.getByTestId("pg-column-totals").textContent).toBe("1,200 in · 80 out · price unknown");
  });

  it("adds a running turn's steps to earlier turns' totals, and a finished turn only once", () => {
    const router = fetchRouter({ "GET /api/inbox": () => [] });
    vi.stubGlobal("fetch", router.fetch);
    const done = [
      pgEntry("pg_turn", turnRaw("done", { turn: 2 })),
      pgEntry("pg_user", { turn: 2, text: "thanks" }),
      pgEntry("pg_model_response", responseRaw(2, 1, { finishReason: "stop" })),
    ];
    const { unmount } = renderWithClient(
      <ColumnPane
        column={column({ usage: { inputTokens: 5000, outputTokens: 300 } })}
        entries={[...gatedTurn(), ...done]}
        serverNames={{}}
      />,
    );
    expect(screen.getByTestId("pg-column-totals").textContent).toBe("6,200 in · 380 out · price unknown");
    unmount();
    const finished = gatedTurn().map((e) => (e.kind === "pg_turn" ? { ...e, raw: turnRaw("done") } : e));
    renderWithClient(
      <ColumnPane column={column({ usage: { inputTokens: 5000, outputTokens: 300 } })} entries={finished} serverNames={{}} />,
    );
    expect(screen.getByTestId("pg-column-totals").textContent).toBe("5,000 in · 300 out · price unknown");
  });

  it("opens the exact request body and the raw response of a step", async () => {
    renderPane();
    fireEvent.click(screen.getByTestId("pg-step-raw"));
    const dialog = await screen.findByTestId("pg-raw-dialog");
    expect(within(dialog).getByTestId("pg-raw-request").textContent).toContain("What's the weather in Lisbon");
    fireEvent.mouseDown(within(dialog).getByTestId("pg-raw-response-tab"));
    fireEvent.click(within(dialog).getByTestId("pg-raw-response-tab"));
    await waitFor(() => expect(within(dialog).getByTestId("pg-raw-response").textContent).toContain("Let me check the weather and book."));
  });

  it("when a gated call leaves the gate (its card goes away), keyboard focus moves to the call, not the page", async () => {
    const { rerender, client } = renderPane();
    const approve = await screen.findByTestId("approval-approve");
    approve.focus();
    expect(document.activeElement).toBe(approve);
    const ran = [
      ...gatedTurn(),
      pgEntry("pg_tool_call", callRaw({ toolCallId: "c2", calledAs: "book-hotel", status: "running", approvalId: "ap-1" })),
    ];
    rerender(
      <QueryClientProvider client={client}>
        <ColumnPane
          column={column({ status: "running" })}
          entries={ran}
          serverNames={{ demo: "demo server" }}
          renderApproval={(call) => <ApprovalSlot call={call} onOpenInbox={() => undefined} />}
        />
      </QueryClientProvider>,
    );
    const hotel = screen.getAllByTestId("pg-tool-call")[1]!;
    expect(hotel.dataset.state).toBe("running");
    expect(within(hotel).queryByTestId("approval-card")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(hotel));
  });

  it("closing the raw dialog gives keyboard focus back to the step's Raw button", async () => {
    renderPane();
    const opener = screen.getByTestId("pg-step-raw");
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByTestId("pg-raw-dialog");
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("pg-raw-dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("shows every call status in words, a model's non-JSON arguments raw, and the turn's usage and cost", () => {
    const entries = [
      pgEntry("pg_user", { turn: 1, text: "go" }),
      pgEntry("pg_model_request", requestRaw(1, 1)),
      pgEntry(
        "pg_model_response",
        responseRaw(1, 1, {
          toolCalls: [{ toolCallId: "bad", name: "book-hotel", input: "{city: Lisbon", parseError: "Expected property name" }],
        }),
      ),
      pgEntry(
        "pg_tool_call",
        callRaw({
          toolCallId: "bad",
          calledAs: "book-hotel",
          status: "invalid_arguments",
          arguments: {},
          result: "error: arguments are not JSON",
        }),
      ),
      pgEntry(
        "pg_tool_call",
        callRaw({
          toolCallId: "u",
          calledAs: "fly",
          tool: null,
          connectionId: null,
          status: "unknown_tool",
          error: 'No tool named "fly" was declared',
        }),
      ),
      pgEntry("pg_tool_call", callRaw({ toolCallId: "r", calledAs: "book-hotel", status: "rejected", result: "rejected: too pricey" })),
      pgEntry(
        "pg_tool_call",
        callRaw({
          toolCallId: "e",
          calledAs: "get-forecast",
          status: "tool_error",
          result: { isError: true, content: [{ type: "text", text: "no such city" }] },
        }),
      ),
      pgEntry("pg_tool_call", callRaw({ toolCallId: "n", calledAs: "get-forecast", status: "running" })),
      pgEntry("pg_turn", turnRaw("done", { endedAt: 3_500, costUsd: 0.0042 })),
    ];
    renderPane(entries);
    const states = screen
      .getAllByTestId("pg-tool-call")
      .map((c) => [c.dataset.state, within(c).getByTestId("pg-tool-call-status").textContent]);
    expect(states).toEqual([
      ["invalid_arguments", "invalid arguments"],
      ["unknown_tool", "unknown tool"],
      ["rejected", "rejected"],
      ["tool_error", "tool error"],
      ["running", "running"],
    ]);
    expect(screen.getByTestId("pg-tool-call-raw-input").textContent).toContain("{city: Lisbon");
    expect(screen.getByTestId("pg-tool-call-raw-input").textContent).toContain("Expected property name");
    expect(screen.getByTestId("pg-tool-call-error").textContent).toContain('No tool named "fly"');
    expect(screen.getAllByTestId("pg-tool-call-result").map((r) => r.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining("rejected: too pricey"), expect.stringContaining("no such city")]),
    );
    expect(screen.getByTestId("pg-turn-status").textContent).toBe("done");
    expect(screen.getByTestId("pg-turn-usage").textContent).toBe("1,200 in · 80 out");
    expect(screen.getByTestId("pg-turn-cost").textContent).toContain("$0.0042");
  });

  it("shows the provider's error with its raw body, and a turn error in words", () => {
    const entries = [
      pgEntry("pg_user", { turn: 1, text: "go" }),
      pgEntry(
        "pg_model_response",
        responseRaw(1, 1, {
          status: "error",
          finishReason: null,
          usage: null,
          http: { status: 401, body: '{"error":{"message":"Incorrect API key"}}' },
          error: { message: "Incorrect API key provided" },
        }),
      ),
      pgEntry("pg_turn", turnRaw("error", { error: "The provider refused the request" })),
    ];
    renderPane(entries);
    const err = screen.getByTestId("pg-step-error");
    expect(err.textContent).toContain("HTTP 401");
    expect(err.textContent).toContain("Incorrect API key provided");
    expect(err.textContent).toContain('{"error":{"message":"Incorrect API key"}}');
    expect(screen.getByTestId("pg-turn-error").textContent).toBe("The provider refused the request");
  });

  it("a step the user stopped says so, not that the provider answered with an error", () => {
    const entries = [
      pgEntry("pg_user", { turn: 1, text: "go" }),
      pgEntry(
        "pg_model_response",
        responseRaw(1, 1, { status: "error", stopped: true, finishReason: null, usage: null, error: { message: "Stopped by the user" } }),
      ),
      pgEntry("pg_turn", turnRaw("stopped")),
    ];
    renderPane(entries);
    const step = screen.getByTestId("pg-step");
    expect(step.dataset.state).toBe("stopped");
    expect(screen.queryByTestId("pg-step-error")).toBeNull();
    expect(screen.getByTestId("pg-step-stopped").textContent).toBe("Stopped by you before the model finished this step.");
  });

  it("never blanks on bad data: unknown kinds and shapes are shown raw", () => {
    renderPane([
      pgEntry("pg_hologram", { beam: 1 }),
      pgEntry("pg_user", { turn: 1, text: "hi" }),
      pgEntry("pg_tool_call", "not an object"),
    ]);
    const odd = screen.getAllByTestId("pg-odd-entry");
    expect(odd.map((o) => o.dataset.kind)).toEqual(["pg_hologram", "pg_tool_call"]);
    expect(odd[0]!.textContent).toContain('"beam": 1');
    expect(screen.getByTestId("pg-user-message").textContent).toBe("hi");
  });

  it("an empty column says what will appear", () => {
    renderPane([]);
    expect(screen.getByTestId("pg-column-empty")).toBeTruthy();
  });
});
