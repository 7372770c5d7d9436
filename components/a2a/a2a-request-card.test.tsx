// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { A2A_ANSWER_CUT_OFF, type A2aHumanRequest } from "@/lib/contracts/a2a";
import { ASK_SCHEMA } from "@/demo/a2a/skills";
import { A2aRequestCard } from "./a2a-request-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base: A2aHumanRequest = {
  id: "req-1",
  agentId: "demo-a2a",
  agentName: "Loupe demo A2A agent",
  taskId: "task-1",
  contextId: "ctx-1",
  kind: "input",
  prompt: "Which city?",
  createdAt: 1,
  status: "pending",
};

/** The answer route, answered by the test: records each body, replies with `reply` (status, body). */
function stubAnswerRoute(reply: { status: number; body: unknown } = { status: 200, body: { ...base, status: "answered" } }) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      // The credential card reads the agents for the card's scheme names.
      if (url === "/api/a2a/agents")
        return new Response(JSON.stringify([]), { status: 200, headers: { "content-type": "application/json" } });
      expect(url).toBe("/api/a2a/requests/req-1");
      expect(init.method).toBe("POST");
      bodies.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }),
  );
  return bodies;
}

function renderCard(row: A2aHumanRequest, compact?: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <A2aRequestCard row={row} compact={compact} />
    </QueryClientProvider>,
  );
}

describe("A2aRequestCard", () => {
  it("input-required with the agent's JSON Schema: a form, sent as a data part", async () => {
    const bodies = stubAnswerRoute();
    renderCard({ ...base, schema: ASK_SCHEMA });
    expect(screen.getByTestId("a2a-request-prompt").textContent).toBe("Which city?");
    expect(screen.getByTestId("schema-form")).toBeTruthy();
    // city is required: an empty form is not sent.
    fireEvent.click(screen.getByTestId("a2a-submit"));
    expect(bodies).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/city/i), { target: { value: "Lyon" } });
    fireEvent.click(screen.getByTestId("a2a-submit"));
    await waitFor(() => expect(bodies).toEqual([{ kind: "data", data: { city: "Lyon", days: 3 } }]));
  });

  it("input-required without a schema: free text, sent as a text part", async () => {
    const bodies = stubAnswerRoute();
    renderCard(base);
    expect(screen.queryByTestId("schema-form")).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>("a2a-submit").disabled).toBe(true);
    fireEvent.change(screen.getByTestId("a2a-free-text"), { target: { value: "Paris" } });
    fireEvent.click(screen.getByTestId("a2a-submit"));
    await waitFor(() => expect(bodies).toEqual([{ kind: "text", text: "Paris" }]));
  });

  it("auth-required: a password field and a scheme; the credential is sent, then cleared, never echoed", async () => {
    const bodies = stubAnswerRoute();
    renderCard({ ...base, kind: "auth", prompt: "Need a key" });
    const field = screen.getByTestId<HTMLInputElement>("a2a-credential");
    expect(field.type).toBe("password");
    fireEvent.change(field, { target: { value: "s3cret" } });
    fireEvent.change(screen.getByTestId("a2a-scheme"), { target: { value: "demoKey" } });
    fireEvent.click(screen.getByTestId("a2a-submit"));
    await waitFor(() => expect(bodies).toEqual([{ kind: "credential", credential: "s3cret", scheme: "demoKey" }]));
    expect(field.value).toBe("");
    expect(document.body.textContent).not.toContain("s3cret");
  });

  it("a refused answer shows the agent's words and offers Retry", async () => {
    stubAnswerRoute({ status: 502, body: { error: { code: "upstream:a2a_rejected", message: "city unknown: Atlantis" } } });
    renderCard(base);
    fireEvent.change(screen.getByTestId("a2a-free-text"), { target: { value: "Atlantis" } });
    fireEvent.click(screen.getByTestId("a2a-submit"));
    await waitFor(() => expect(screen.getByTestId("a2a-answer-error").textContent).toContain("city unknown: Atlantis"));
    expect(screen.getByTestId("a2a-submit").textContent).toBe("Retry");
  });

  it("the title says what became of a failed answer: refused by the agent, cut off by Loupe's stop, the agent out of reach", () => {
    const titleOf = (error: NonNullable<A2aHumanRequest["error"]>) => {
      renderCard({ ...base, status: "failed", error });
      const alert = screen.getByTestId("a2a-answer-error");
      const title = alert.querySelector("p")?.textContent ?? "";
      expect(alert.textContent).toContain(error.message);
      expect(screen.getByTestId("a2a-submit").textContent).toBe("Retry");
      cleanup();
      return title;
    };
    expect(titleOf({ code: "upstream:a2a_error", message: "The agent answered with an error: city unknown (-32602)" })).toBe(
      "The agent refused the answer — fix it and send again (Retry)",
    );
    const cut = titleOf({ code: A2A_ANSWER_CUT_OFF, message: "Loupe A stopped before the agent replied to this answer" });
    expect(cut).toBe(
      "Loupe stopped before the agent replied — whether the answer reached it is not known: check the task, then send again (Retry)",
    );
    const unreachable = titleOf({ code: "upstream:a2a_unreachable", message: "The agent at http://x did not answer (ECONNREFUSED)" });
    expect(unreachable).toBe("Loupe could not reach the agent — send the answer again once it is up (Retry)");
    for (const title of [cut, unreachable]) expect(title).not.toMatch(/refused/);
    expect(titleOf({ code: "upstream:a2a_protocol", message: "The agent's answer could not be used: bad JSON" })).toMatch(
      /^The agent's reply to the answer could not be read/,
    );
    // Its stream aborted by Loupe (the agent removed, Loupe shutting down) before the agent replied: not the agent's refusal.
    expect(titleOf({ code: "conflict:a2a_aborted", message: "Loupe is shutting down" })).toBe(
      "The answer was aborted from Loupe — check the task, then send it again (Retry)",
    );
  });

  it("an answer Loupe did not send (answered on another instance meanwhile) is not said to be refused by the agent", async () => {
    stubAnswerRoute({ status: 409, body: { error: { code: "conflict:a2a_request_answered", message: "Answered by Ada on Loupe B" } } });
    renderCard(base);
    fireEvent.change(screen.getByTestId("a2a-free-text"), { target: { value: "Paris" } });
    fireEvent.click(screen.getByTestId("a2a-submit"));
    await waitFor(() => expect(screen.getByTestId("a2a-answer-error").textContent).toContain("Answered by Ada on Loupe B"));
    expect(screen.getByTestId("a2a-answer-error").querySelector("p")?.textContent).toBe("Loupe did not send the answer");
  });

  it("a stored failed request shows its error and the form again", () => {
    renderCard({ ...base, status: "failed", error: { code: "upstream:a2a_rejected", message: "agent said no" } });
    expect(screen.getByTestId("a2a-answer-error").textContent).toContain("agent said no");
    expect(screen.getByTestId("a2a-free-text")).toBeTruthy();
  });

  it("answered and stale requests show what happened, no form; the task link points at the timeline", () => {
    renderCard({ ...base, status: "answered", answeredAt: 2 });
    expect(screen.getByTestId("a2a-request-answered")).toBeTruthy();
    expect(screen.queryByTestId("a2a-submit")).toBeNull();
    expect(screen.getByTestId("a2a-request-open").getAttribute("href")).toBe("/?view=a2a&peer=demo-a2a&th=ctx-1&item=task-1");
    cleanup();
    renderCard({ ...base, status: "stale", reason: "the task was canceled" }, true);
    expect(screen.getByTestId("a2a-request-stale").textContent).toContain("the task was canceled");
    expect(screen.queryByTestId("a2a-request-open")).toBeNull();
  });
});
