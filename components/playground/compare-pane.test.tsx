// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Conversation } from "@/lib/contracts/playground";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { PgComparePane } from "./compare-pane";
import { PgCompareWithDialog } from "./compare-with-dialog";
import { callRaw, column, FORECAST_RESULT, pgEntry, responseRaw, turnRaw } from "./test-entries";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function conversation(id: string, title: string, columns = [column()]): Conversation {
  return { id, title, createdAt: 0, updatedAt: 0, columns, systemPrompt: "", servers: [], policy: "unless_read_only", toolPolicies: {} };
}

function turn(conv: string, city: string, answer: string, col = "col-1") {
  const at = { connectionId: conv, sessionKey: col };
  return [
    pgEntry("pg_turn", turnRaw("running"), at),
    pgEntry("pg_user", { turn: 1, text: "Weather?" }, at),
    pgEntry(
      "pg_tool_call",
      callRaw({ toolCallId: "c1", calledAs: "get-forecast", status: "ok", arguments: { city }, result: FORECAST_RESULT }),
      at,
    ),
    pgEntry("pg_model_response", responseRaw(1, 2, { text: answer }), at),
    pgEntry("pg_turn", turnRaw("done", { endedAt: 1_200 }), at),
  ];
}

describe("PgComparePane", () => {
  it("compares one column pair at a time, turn by turn, and switches column", async () => {
    const a = conversation("A", "Lisbon run", [column(), column({ id: "col-2" })]);
    const b = conversation("B", "Porto run", [column(), column({ id: "col-2" })]);
    vi.stubGlobal(
      "fetch",
      fetchRouter({
        "GET /api/playground/conversations/A/entries": () => [...turn("A", "Lisbon", "Sunny."), ...turn("A", "Lisbon", "Same.", "col-2")],
        "GET /api/playground/conversations/B/entries": () => [...turn("B", "Porto", "Sunny."), ...turn("B", "Lisbon", "Same.", "col-2")],
      }).fetch,
    );
    renderWithClient(<PgComparePane a={a} b={b} onClose={vi.fn()} onSwap={vi.fn()} onOpen={vi.fn()} />);
    const [row] = await screen.findAllByTestId("compare-row");
    expect(row?.getAttribute("data-status")).toBe("different");
    expect(within(row!).getByTestId("args-changes").textContent).toContain('"Lisbon" → "Porto"');
    expect(screen.getByTestId("compare-label-a").textContent).toContain("Lisbon run · scripted/scripted");
    const [first, second] = screen.getAllByTestId("pg-compare-column");
    expect(first?.textContent).toBe("Column 1 (1)");
    fireEvent.click(second!);
    await waitFor(() => expect(screen.getByTestId("compare-row").getAttribute("data-status")).toBe("same"));
  });
});

describe("PgCompareWithDialog", () => {
  it("lists the other conversations by title or id and picks one", async () => {
    vi.stubGlobal(
      "fetch",
      fetchRouter({
        "GET /api/playground/conversations": () => [
          conversation("A", "Lisbon run"),
          conversation("B", "Porto run"),
          conversation("C", "Faro"),
        ],
      }).fetch,
    );
    const onPick = vi.fn();
    renderWithClient(<PgCompareWithDialog conversationId="A" onPick={onPick} />);
    fireEvent.click(screen.getByTestId("pg-compare-with"));
    await waitFor(() => expect(screen.getAllByTestId("pg-compare-candidate")).toHaveLength(2));
    fireEvent.change(screen.getByTestId("pg-compare-search"), { target: { value: "porto" } });
    fireEvent.click(screen.getByTestId("pg-compare-candidate"));
    expect(onPick).toHaveBeenCalledWith("B");
  });
});
