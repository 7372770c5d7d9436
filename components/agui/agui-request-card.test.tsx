// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { AguiHumanRequest } from "@/lib/contracts/agui";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { AguiRequestCard } from "./agui-request-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The demo agent's front-end tool (demo/agui/script.ts) and its interrupt's responseSchema.
const BOOKING_SCHEMA = {
  type: "object",
  properties: { hotel: { type: "string" }, nights: { type: "integer", minimum: 1 }, confirmed: { type: "boolean" } },
  required: ["hotel", "nights"],
};
const APPROVAL_SCHEMA = { type: "object", properties: { approved: { type: "boolean" }, note: { type: "string" } }, required: ["approved"] };

const base = {
  agentId: "demo-agui",
  agentName: "Loupe demo AG-UI agent",
  threadId: "t-1",
  runId: "run-1",
  createdAt: 1,
  status: "pending" as const,
};
const toolRequest: AguiHumanRequest = {
  ...base,
  id: "req-tool",
  kind: "tool",
  toolCallId: "tc-1",
  toolName: "confirm_booking",
  arguments: { hotel: "Hotel Aurora", nights: 3 },
  schema: BOOKING_SCHEMA,
};
const interruptRequest: AguiHumanRequest = {
  ...base,
  id: "req-int",
  kind: "interrupt",
  interrupt: { id: "int-1", reason: "confirmation", message: "Spend 300 EUR on the booking?", responseSchema: APPROVAL_SCHEMA },
  schema: APPROVAL_SCHEMA,
};

function setup(row: AguiHumanRequest, answer: (body: unknown) => Response | AguiHumanRequest) {
  const router = fetchRouter({ [`POST /api/agui/requests/${row.id}`]: (req) => answer(req.body) });
  vi.stubGlobal("fetch", router.fetch);
  renderWithClient(<AguiRequestCard row={row} />);
  return router;
}

describe("AguiRequestCard — front-end tool", () => {
  it("shows the call's arguments, builds the form from the tool's schema and sends the edited value as the result", async () => {
    const router = setup(toolRequest, () => ({ ...toolRequest, status: "answered", answeredAt: 5 }));
    expect(screen.getByTestId("agui-request-card").dataset).toMatchObject({ kind: "tool", status: "pending" });
    expect(screen.getByTestId("agui-request-prompt").textContent).toContain("confirm_booking");
    expect(screen.getByTestId("agui-request-args").textContent).toContain("Hotel Aurora");
    expect(screen.getByTestId("agui-request-open").getAttribute("href")).toBe("/?view=agui&peer=demo-agui&th=t-1&item=run-1");
    // The form starts from the arguments; the user ticks "confirmed".
    fireEvent.click(screen.getByRole("checkbox", { name: /confirmed/i }));
    fireEvent.click(screen.getByTestId("agui-send-result"));
    await waitFor(() => expect(screen.getByTestId("agui-request-card").dataset.status).toBe("answered"));
    expect(router.requests.at(-1)?.body).toEqual({ kind: "tool_result", result: { hotel: "Hotel Aurora", nights: 3, confirmed: true } });
    expect(screen.getByTestId("agui-request-answered")).toBeTruthy();
  });

  it("answers with any JSON in JSON mode, and a refused answer shows the agent's words and Retry", async () => {
    const router = setup(toolRequest, () =>
      Response.json({ error: { code: "upstream:agui_run_error", message: "The agent refused: booking closed" } }, { status: 502 }),
    );
    fireEvent.click(screen.getByTestId("agui-answer-mode-json"));
    fireEvent.change(screen.getByTestId("agui-answer-json"), { target: { value: '"no thanks"' } });
    fireEvent.click(screen.getByTestId("agui-send-result"));
    await waitFor(() => expect(screen.getByTestId("agui-answer-error").textContent).toContain("booking closed"));
    expect(router.requests.at(-1)?.body).toEqual({ kind: "tool_result", result: "no thanks" });
    expect(screen.getByTestId("agui-send-result").textContent).toBe("Retry");
  });
});

describe("AguiRequestCard — interrupt", () => {
  it("shows the interrupt's message and reason, resolves with the responseSchema form's payload", async () => {
    const router = setup(interruptRequest, () => ({ ...interruptRequest, status: "answered" }));
    expect(screen.getByTestId("agui-request-prompt").textContent).toBe("Spend 300 EUR on the booking?");
    expect(screen.getByTestId("agui-request-card").textContent).toContain("confirmation");
    // "approved" is required: an untouched checkbox is a value (false), so set it to true and send.
    fireEvent.click(screen.getByRole("checkbox", { name: /approved/i }));
    fireEvent.click(screen.getByTestId("agui-resolve"));
    await waitFor(() => expect(router.requests).toHaveLength(1));
    expect(router.requests[0]?.body).toEqual({ kind: "resume", status: "resolved", payload: { approved: true } });
  });

  it("Cancel resumes with status cancelled and no payload; a stale request offers no form", async () => {
    const router = setup(interruptRequest, () => ({ ...interruptRequest, status: "answered" }));
    fireEvent.click(screen.getByTestId("agui-cancel-interrupt"));
    await waitFor(() => expect(router.requests).toHaveLength(1));
    expect(router.requests[0]?.body).toEqual({ kind: "resume", status: "cancelled" });
    cleanup();
    renderWithClient(<AguiRequestCard row={{ ...interruptRequest, status: "stale", reason: "Loupe restarted" }} />);
    expect(screen.getByTestId("agui-request-stale").textContent).toContain("Loupe restarted");
    expect(screen.queryByTestId("agui-resolve")).toBeNull();
  });
});

describe("AguiRequestCard — what became of the answer", () => {
  it("names the run that resumed the thread, not a 'next run' that already ran", () => {
    renderWithClient(
      <AguiRequestCard row={{ ...toolRequest, status: "answered", answeredAt: Date.UTC(2026, 0, 1, 9, 30), answeredByRunId: "run-2" }} />,
    );
    const text = screen.getByTestId("agui-request-answered").textContent;
    expect(text).toContain("the thread resumed in run run-2.");
    expect(text).not.toContain("in the next run");
  });

  it("says an answer waits for the run's other requests until they are answered too", () => {
    const reason = "Sent with the 1 other request of this run once it is answered";
    renderWithClient(<AguiRequestCard row={{ ...toolRequest, status: "answered", answeredAt: 5, reason }} />);
    const text = screen.getByTestId("agui-request-answered").textContent;
    expect(text).toContain("sent with the 1 other request of this run once it is answered.");
    expect(text).not.toContain("resumed");
  });

  it("names the resuming run the answer's response gives, at once", async () => {
    setup(toolRequest, () => ({ ...toolRequest, status: "answered", answeredAt: 5, answeredByRunId: "run-3" }));
    fireEvent.click(screen.getByTestId("agui-send-result"));
    await waitFor(() => expect(screen.getByTestId("agui-request-answered").textContent).toContain("resumed in run run-3."));
  });
});

describe("AguiRequestCard — what became of a failed answer", () => {
  const titleOf = (error: NonNullable<AguiHumanRequest["error"]>) => {
    renderWithClient(<AguiRequestCard row={{ ...toolRequest, status: "failed", error }} />);
    const alert = screen.getByTestId("agui-answer-error");
    expect(alert.textContent).toContain(error.message);
    expect(screen.getByTestId("agui-send-result").textContent).toBe("Retry");
    const title = alert.querySelector("p")?.textContent ?? "";
    cleanup();
    return title;
  };

  it("an answer Loupe's stop cut off is not said to be refused: whether it reached the agent is not known", () => {
    const cut = titleOf({ code: "internal:loupe_restarted", message: "Loupe stopped before this run ended" });
    expect(cut).toBe(
      "Loupe stopped before the agent replied — whether the answer reached it is not known: check the thread, then send it again (Retry)",
    );
    expect(titleOf({ code: "upstream:instance_stopped", message: "Loupe B stopped" })).toBe(cut);
    const unreachable = titleOf({ code: "upstream:agui_unreachable", message: "The agent could not be reached at http://x" });
    expect(unreachable).toBe("Loupe could not reach the agent — send it again once it is up (Retry)");
    for (const title of [cut, unreachable]) expect(title).not.toMatch(/refused|did not take/);
  });

  it("an answer the agent refused says so, with what to do next", () => {
    expect(titleOf({ code: "upstream:agui_run_error", message: "RUN_ERROR: booking closed" })).toBe(
      "The agent refused the answer — change it or send it again (Retry)",
    );
  });
});
