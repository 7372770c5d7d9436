// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { HumanInterrupt, LgHumanRequest } from "@/lib/contracts/langgraph";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { LgRequestCard } from "./lg-request-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ALL = { allow_accept: true, allow_edit: true, allow_respond: true, allow_ignore: true };
const hi = (config = ALL): HumanInterrupt => ({
  action_request: { action: "send_email", args: { to: "ana@example.com", subject: "Hi", copies: 1 } },
  config,
  description: "Send the **draft**?",
});

const base: LgHumanRequest = {
  id: "q1",
  deploymentId: "demo-langgraph",
  deploymentName: "Demo LangGraph",
  threadId: "t-1",
  runId: "r1",
  interruptId: "i1",
  value: hi(),
  shape: "human_interrupt",
  createdAt: 1,
  status: "pending",
};

function setup(row: LgHumanRequest, answer: (body: unknown) => Response | LgHumanRequest = () => ({ ...row, status: "answered" })) {
  const router = fetchRouter({ [`POST /api/langgraph/requests/${row.id}`]: (req) => answer(req.body) });
  vi.stubGlobal("fetch", router.fetch);
  renderWithClient(<LgRequestCard row={row} />);
  return router;
}

const sent = async (router: ReturnType<typeof setup>) => {
  await waitFor(() => expect(router.requests).toHaveLength(1));
  return router.requests[0]?.body;
};

describe("LgRequestCard — HumanInterrupt", () => {
  it("shows the action, its args, the description as markdown, and links to the thread", () => {
    setup(base);
    expect(screen.getByTestId("lg-request-card").dataset).toMatchObject({ shape: "human_interrupt", status: "pending" });
    expect(screen.getByTestId("lg-request-prompt").textContent).toContain("send_email");
    expect(screen.getByTestId("lg-request-args").textContent).toContain("ana@example.com");
    expect(screen.getByTestId("markdown-view").querySelector("strong")?.textContent).toBe("draft");
    expect(screen.getByTestId("lg-request-open").getAttribute("href")).toBe("/?view=langgraph&peer=demo-langgraph&th=t-1");
  });

  it("Accept sends {kind: accept} and then says what was sent", async () => {
    const router = setup(base, () => ({ ...base, status: "answered", answer: { kind: "accept" }, answeredByRunId: "r2" }));
    fireEvent.click(screen.getByTestId("lg-accept"));
    expect(await sent(router)).toEqual({ kind: "accept" });
    await waitFor(() => expect(screen.getByTestId("lg-request-answered").textContent).toContain("accepted as asked"));
    expect(screen.getByTestId("lg-request-answered").textContent).toContain("run r2");
  });

  it("Edit sends the args as changed in the inferred form", async () => {
    const router = setup(base);
    fireEvent.click(screen.getByTestId("lg-edit"));
    fireEvent.change(screen.getByRole("textbox", { name: /subject/i }), { target: { value: "Hello" } });
    fireEvent.click(screen.getByTestId("lg-send-edit"));
    expect(await sent(router)).toEqual({ kind: "edit", args: { to: "ana@example.com", subject: "Hello", copies: 1 } });
  });

  it("Edit in JSON mode sends the typed object", async () => {
    const router = setup(base);
    fireEvent.click(screen.getByTestId("lg-edit"));
    fireEvent.click(screen.getByTestId("lg-edit-mode-json"));
    fireEvent.change(screen.getByTestId("lg-edit-json"), { target: { value: '{"to":"bo@example.com"}' } });
    fireEvent.click(screen.getByTestId("lg-send-edit"));
    expect(await sent(router)).toEqual({ kind: "edit", args: { to: "bo@example.com" } });
  });

  it("Respond sends the text; Ignore sends {kind: ignore}", async () => {
    const router = setup(base);
    fireEvent.click(screen.getByTestId("lg-respond"));
    fireEvent.change(screen.getByTestId("lg-response-text"), { target: { value: "Not today" } });
    fireEvent.click(screen.getByTestId("lg-send-response"));
    expect(await sent(router)).toEqual({ kind: "response", text: "Not today" });
    cleanup();
    const again = setup(base);
    fireEvent.click(screen.getByTestId("lg-ignore"));
    expect(await sent(again)).toEqual({ kind: "ignore" });
  });

  it("offers only what the config allows", () => {
    setup({ ...base, value: hi({ allow_accept: true, allow_edit: false, allow_respond: false, allow_ignore: true }) });
    expect(screen.getByTestId("lg-accept")).toBeTruthy();
    expect(screen.getByTestId("lg-ignore")).toBeTruthy();
    expect(screen.queryByTestId("lg-edit")).toBeNull();
    expect(screen.queryByTestId("lg-respond")).toBeNull();
  });

  it("reads the older one-element list the same", () => {
    setup({ ...base, value: [hi()], shape: "human_interrupt_list" });
    expect(screen.getByTestId("lg-request-args").textContent).toContain("ana@example.com");
    expect(screen.getByTestId("lg-accept")).toBeTruthy();
  });
});

describe("LgRequestCard — generic interrupt", () => {
  const generic: LgHumanRequest = { ...base, shape: "generic", value: { question: "Which plan?", options: ["basic", "pro"] } };

  it("resumes with the text typed, or with any JSON value", async () => {
    const router = setup(generic);
    fireEvent.change(screen.getByTestId("lg-answer-text"), { target: { value: "pro please" } });
    fireEvent.click(screen.getByTestId("lg-send-value"));
    expect(await sent(router)).toEqual({ kind: "value", value: "pro please" });
    cleanup();
    const again = setup(generic);
    fireEvent.click(screen.getByTestId("lg-answer-mode-json"));
    fireEvent.change(screen.getByTestId("lg-answer-json"), { target: { value: '{"plan":"pro"}' } });
    fireEvent.click(screen.getByTestId("lg-send-value"));
    expect(await sent(again)).toEqual({ kind: "value", value: { plan: "pro" } });
  });

  it("a question with options answers with one click", async () => {
    const router = setup(generic);
    fireEvent.click(screen.getByTestId("lg-option-1"));
    expect(await sent(router)).toEqual({ kind: "value", value: "pro" });
  });
});

describe("LgRequestCard — states", () => {
  it("failed: shows the upstream's words and Retry re-sends {kind: retry}", async () => {
    const failed: LgHumanRequest = {
      ...base,
      status: "failed",
      answer: { kind: "accept" },
      error: { code: "upstream:langgraph_run", message: "Thread t-1 is busy" },
    };
    const router = setup(failed);
    expect(screen.getByTestId("lg-answer-error").textContent).toContain("Thread t-1 is busy");
    expect(screen.getByTestId("lg-answer-error").textContent).toContain("upstream:langgraph_run");
    fireEvent.click(screen.getByTestId("lg-retry"));
    expect(await sent(router)).toEqual({ kind: "retry" });
  });

  it("a refused POST shows the route's code and words", async () => {
    setup(base, () => Response.json({ error: { code: "conflict:lg_request", message: "Already answered" } }, { status: 409 }));
    fireEvent.click(screen.getByTestId("lg-accept"));
    await waitFor(() => expect(screen.getByTestId("lg-answer-error").textContent).toContain("Already answered"));
    // Loupe sent nothing: not the agent's refusal, and no Retry to offer.
    expect(screen.getByTestId("lg-answer-error").querySelector("p")?.textContent).toBe("Loupe did not send the answer");
    expect(screen.queryByTestId("lg-retry")).toBeNull();
  });

  it("the title says what became of a failed answer: refused upstream, cut off by Loupe's stop, the server out of reach, not sent", () => {
    const titleOf = (error: NonNullable<LgHumanRequest["error"]>) => {
      setup({ ...base, status: "failed", answer: { kind: "accept" }, error });
      const alert = screen.getByTestId("lg-answer-error");
      expect(alert.textContent).toContain(error.message);
      expect(screen.getByTestId("lg-retry")).toBeTruthy();
      const title = alert.querySelector("p")?.textContent ?? "";
      cleanup();
      return title;
    };
    expect(titleOf({ code: "upstream:langgraph_run_error", message: "ValueError: no such city" })).toBe(
      "The agent refused the answer — Retry sends the same answer, or answer again below",
    );
    expect(titleOf({ code: "upstream:langgraph_resume_not_taken", message: "The run ended without resuming" })).toMatch(
      /^The agent refused/,
    );
    const cut = titleOf({ code: "internal:loupe_restarted", message: "Loupe stopped before this run ended" });
    expect(cut).toBe(
      "Loupe stopped before the agent replied — whether the answer reached it is not known: check the thread first; Retry sends the same answer, or answer again below",
    );
    const unreachable = titleOf({ code: "upstream:langgraph_unreachable", message: "fetch failed (ECONNREFUSED)" });
    expect(unreachable).toBe("Loupe could not reach the agent — once it is up, Retry sends the same answer, or answer again below");
    const unsent = titleOf({
      code: "internal:langgraph_answer_not_sent",
      message: "Loupe stopped before this answer was sent; retry sends it",
    });
    expect(unsent).toBe("Loupe did not send the answer — Retry sends it, or answer again below");
    for (const title of [cut, unreachable, unsent]) expect(title).not.toMatch(/refused|did not resume/);
  });

  it("waiting for the step's other interrupts: says how many, offers no form", () => {
    setup({ ...base, answer: { kind: "accept" }, waitingFor: 1, stepCount: 2 });
    expect(screen.getByTestId("lg-request-waiting").textContent).toContain("1 of 2 answered");
    expect(screen.queryByTestId("lg-accept")).toBeNull();
  });

  it("stale: says why, offers no form", () => {
    setup({ ...base, status: "stale", reason: "The thread was resumed elsewhere" });
    expect(screen.getByTestId("lg-request-stale").textContent).toContain("resumed elsewhere");
    expect(screen.queryByTestId("lg-accept")).toBeNull();
  });
});
