// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReactElement } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
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
const SCHEMAS = "GET /api/langgraph/deployments/demo-langgraph/assistants/a-mail/schemas";
const RUNS = "POST /api/langgraph/deployments/demo-langgraph/runs";

/** The new-thread composer as lg-main mounts it: re-keyed on the selection and the list's size. */
function NewThread({ assistants, selected }: { assistants: LgAssistant[]; selected?: string }) {
  const actions = useLgActions();
  return (
    <LgRunComposer
      key={`new:${selected ?? ""}:${assistants.length}`}
      deploymentId="demo-langgraph"
      assistants={assistants}
      assistantId={selected}
      threadId={null}
      runningRunId={null}
      actions={actions}
      onStarted={() => {}}
    />
  );
}

function setup(routes: Parameters<typeof fetchRouter>[0]) {
  const router = fetchRouter({ [RUNS]: () => ({ runId: "r1", threadId: "t-9" }), ...routes });
  vi.stubGlobal("fetch", router.fetch);
  return router;
}

describe("LgRunComposer: compact, its draft kept, a form from the input schema", () => {
  it("keeps what was typed while the assistant list settles and an assistant is picked (no more null input)", async () => {
    const router = setup({});
    const view = renderWithClient(<NewThread assistants={[]} />);
    fireEvent.change(screen.getByTestId("lg-run-message"), { target: { value: "Hello" } });
    const again = (ui: ReactElement) => view.rerender(<QueryClientProvider client={view.client}>{ui}</QueryClientProvider>);
    again(<NewThread assistants={ASSISTANTS} />);
    expect(screen.getByTestId<HTMLTextAreaElement>("lg-run-message").value).toBe("Hello");
    expect(screen.getByTestId<HTMLSelectElement>("lg-run-assistant").value).toBe("a-chat");
    again(<NewThread assistants={ASSISTANTS} selected="a-mail" />);
    expect(screen.getByTestId<HTMLTextAreaElement>("lg-run-message").value).toBe("Hello");
    expect(screen.getByTestId<HTMLSelectElement>("lg-run-assistant").value).toBe("a-mail");
    fireEvent.click(screen.getByTestId("lg-run"));
    await waitFor(() => expect(router.requests.filter((r) => r.method === "POST")).toHaveLength(1));
    expect(router.requests.find((r) => r.method === "POST")?.body).toMatchObject({
      assistantId: "a-mail",
      input: { messages: [{ role: "human", content: "Hello" }] },
    });
  });

  it("Options is closed by default, opens by itself for hand-written JSON, and an empty new thread is refused before sending", () => {
    const router = setup({});
    const view = renderWithClient(<NewThread assistants={ASSISTANTS} selected="a-mail" />);
    expect(screen.getByTestId("lg-run-options").getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByTestId("lg-stream-mode-values")).toBeNull();
    fireEvent.click(screen.getByTestId("lg-run"));
    expect(screen.getByTestId("lg-run-draft-error").textContent).toContain("A new thread needs an input");
    expect(router.requests.filter((r) => r.method === "POST")).toHaveLength(0);
    fireEvent.click(screen.getByTestId("lg-run-options"));
    fireEvent.change(screen.getByTestId("lg-run-input"), { target: { value: '{"topic":' } });
    view.unmount();
    renderWithClient(<NewThread assistants={ASSISTANTS} selected="a-mail" />);
    expect(screen.getByTestId("lg-run-options").getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByTestId<HTMLTextAreaElement>("lg-run-input").value).toBe('{"topic":');
  });

  it("offers a Form from the graph's input schema that fills the JSON input", async () => {
    setup({ [SCHEMAS]: () => ({ assistantId: "a-mail", input: { type: "object", properties: { topic: { type: "string" } } } }) });
    renderWithClient(<NewThread assistants={ASSISTANTS} selected="a-mail" />);
    fireEvent.click(screen.getByTestId("lg-run-options"));
    expect(screen.getByTestId("lg-run-schema-loading")).toBeTruthy();
    fireEvent.click(await screen.findByTestId("lg-run-input-tab-form"));
    fireEvent.change(screen.getByLabelText(/topic/), { target: { value: "owls" } });
    fireEvent.click(screen.getByTestId("lg-run-input-tab-json"));
    expect(JSON.parse(screen.getByTestId<HTMLTextAreaElement>("lg-run-input").value)).toEqual({ topic: "owls" });
  });

  it("without a schema (the route's 502 in words) there is no Form, a note says why, and JSON still works", async () => {
    setup({
      [SCHEMAS]: () =>
        Response.json({ error: { code: "upstream:langgraph_timeout", message: "the server gave no schemas in 10 s" } }, { status: 502 }),
    });
    renderWithClient(<NewThread assistants={ASSISTANTS} selected="a-mail" />);
    fireEvent.click(screen.getByTestId("lg-run-options"));
    expect((await screen.findByTestId("lg-run-schema-error")).textContent).toContain("the server gave no schemas in 10 s");
    expect(screen.queryByTestId("lg-run-input-tab-form")).toBeNull();
    expect(screen.getByTestId("lg-run-input")).toBeTruthy();
  });
});
