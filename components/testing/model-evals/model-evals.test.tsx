// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import type { ProviderStatus } from "@/lib/contracts/playground";
import type { ModelEval, ModelEvalRun } from "@/lib/contracts/testing";
import { ModelEvalDialog } from "./model-eval-dialog";
import { ModelEvalPane } from "./model-eval-pane";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const providers: ProviderStatus[] = [
  { provider: "scripted", label: "Scripted", keySource: "not_needed", suggestedModels: ["scripted"] },
  { provider: "openai", label: "OpenAI", keySource: "none", suggestedModels: ["gpt-4o"] },
];
const demo = connectionFixture({ id: "demo-mcp", name: "demo" });
const scripted = { provider: "scripted" as const, model: "scripted", strict: false, maxSteps: 20 };
const saved: ModelEval = {
  id: "e1",
  createdAt: 1,
  name: "trip tools",
  connectionId: "demo-mcp",
  systemPrompt: "",
  prompts: [{ prompt: "Weather in Lisbon?", expect: [{ tool: "get-forecast", args: { city: "Lisbon" } }] }],
  models: [scripted, { ...scripted, provider: "openai", model: "gpt-4o" }],
  timeoutMs: 60_000,
};
const run = (id: string, hits: number, at: number): ModelEvalRun => ({
  id,
  evalId: "e1",
  startedAt: at,
  endedAt: at + 1200,
  models: [
    { model: "scripted", hits, total: 1, accuracy: hits },
    { model: "openai gpt-4o", hits: 0, total: 1, accuracy: 0 },
  ],
  tools: [
    {
      tool: "get-forecast",
      models: [
        { model: "scripted", hits, total: 1, accuracy: hits },
        { model: "openai gpt-4o", hits: 0, total: 1, accuracy: 0 },
      ],
    },
  ],
  results: [
    {
      promptIndex: 0,
      model: "scripted",
      pass: hits === 1,
      called: [{ tool: "get-forecast", args: { city: "Lisbon" } }],
      missing: [],
      conversationId: "pg1",
    },
    {
      promptIndex: 0,
      model: "openai gpt-4o",
      pass: false,
      called: [],
      missing: saved.prompts[0]!.expect,
      error: "No API key for OpenAI: set OPENAI_API_KEY",
    },
  ],
});

describe("ModelEvalDialog", () => {
  it("says which models cannot run, refuses bad arguments in words, then sends the eval", async () => {
    const router = fetchRouter({
      "GET /api/connections": () => [demo],
      "GET /api/playground/providers": () => providers,
      "GET /api/connections/demo-mcp/tools": () => ({ tools: [{ name: "get-forecast", inputSchema: { type: "object" } }], listedAt: 1 }),
      "POST /api/tests/model-evals": (req) => ({ ...saved, ...(req.body as object), id: "e2" }),
    });
    vi.stubGlobal("fetch", router.fetch);
    const onSaved = vi.fn();
    renderWithClient(<ModelEvalDialog initial={null} onClose={vi.fn()} onSaved={onSaved} />);
    await waitFor(() => expect(screen.getByTestId("eval-server")).toHaveProperty("value", "demo-mcp"));
    expect(screen.getByTestId("eval-model-status").textContent).toBe("available");

    fireEvent.click(screen.getByTestId("eval-add-model"));
    fireEvent.change(screen.getAllByTestId("eval-model-provider")[1]!, { target: { value: "openai" } });
    await waitFor(() => expect(screen.getAllByTestId("eval-model-status")[1]!.textContent).toMatch(/unavailable: no OpenAI key/));

    fireEvent.change(screen.getByTestId("eval-name"), { target: { value: "weather" } });
    fireEvent.change(screen.getByTestId("eval-prompt-text"), { target: { value: "Weather in Lisbon?" } });
    fireEvent.change(screen.getByTestId("eval-call-tool"), { target: { value: "get-forecast" } });
    fireEvent.change(screen.getByTestId("eval-call-args"), { target: { value: "{city: Lisbon}" } });
    fireEvent.click(screen.getByTestId("save-model-eval"));
    expect(screen.getByTestId("eval-problem").textContent).toMatch(/^Prompt 1, call 1: the arguments are not JSON/);
    expect(router.requests.some((r) => r.method === "POST")).toBe(false);

    fireEvent.change(screen.getByTestId("eval-call-args"), { target: { value: '{"city": "Lisbon"}' } });
    fireEvent.click(screen.getByTestId("save-model-eval"));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(router.requests.find((r) => r.method === "POST")?.body).toMatchObject({
      name: "weather",
      connectionId: "demo-mcp",
      prompts: [{ prompt: "Weather in Lisbon?", expect: [{ tool: "get-forecast", args: { city: "Lisbon" } }] }],
      models: [
        { provider: "scripted", model: "scripted" },
        { provider: "openai", model: "gpt-4o" },
      ],
    });
  });

  it("edits with PUT and shows the server's refusal raw, keeping the form", async () => {
    const router = fetchRouter({
      "GET /api/connections": () => [demo],
      "GET /api/playground/providers": () => providers,
      "GET /api/connections/demo-mcp/tools": () => ({ tools: [], listedAt: 1 }),
      "PUT /api/tests/model-evals/e1": () =>
        Response.json({ error: { code: "bad_request:model_eval", message: 'No MCP connection "demo-mcp"' } }, { status: 400 }),
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<ModelEvalDialog initial={saved} onClose={vi.fn()} onSaved={vi.fn()} />);
    expect(screen.getByTestId("eval-call-args")).toHaveProperty("value", '{"city":"Lisbon"}');
    fireEvent.click(screen.getByTestId("save-model-eval"));
    const error = await screen.findByTestId("query-error");
    expect(error.textContent).toContain('No MCP connection "demo-mcp"');
    expect(error.textContent).toContain("bad_request:model_eval");
    expect(screen.getByTestId("model-eval-dialog")).toBeTruthy();
  });
});

describe("ModelEvalPane", () => {
  it("shows the last run's accuracy per model and per tool, each model's calls and errors raw, and the history", async () => {
    const router = fetchRouter({
      "GET /api/tests/model-evals/e1": () => saved,
      "GET /api/tests/model-evals/e1/runs": () => [run("r2", 1, 2_000), run("r1", 0, 1_000)],
      "GET /api/connections": () => [demo],
    });
    vi.stubGlobal("fetch", router.fetch);
    const navigate = vi.fn();
    renderWithClient(<ModelEvalPane evalId="e1" navigate={navigate} />);
    const results = await screen.findByTestId("model-eval-results");
    expect(results.dataset.runId).toBe("r2");
    // A model named as its provider is named once ("scripted", not "scripted scripted").
    expect(screen.getByTestId("model-eval-models").textContent).toBe("scripted, openai gpt-4o");
    const rows = within(results).getAllByTestId("model-accuracy");
    expect(rows.map((r) => [r.dataset.model, within(r).getByTestId("model-accuracy-value").textContent])).toEqual([
      ["scripted", "100% (1 of 1)"],
      ["openai gpt-4o", "0% (0 of 1)"],
    ]);
    expect(within(rows[0]!).getByTestId("tool-accuracy").textContent).toBe("100% (1 of 1)");
    expect(screen.getByTestId("prompt-error").textContent).toBe("No API key for OpenAI: set OPENAI_API_KEY");
    expect(screen.getByTestId("prompt-missing").textContent).toContain('get-forecast {"city":"Lisbon"}');
    fireEvent.click(screen.getByTestId("open-eval-conversation"));
    expect(navigate).toHaveBeenCalledWith({ view: "playground", conversationId: "pg1" });

    const history = screen.getAllByTestId("model-eval-run-row");
    expect(history).toHaveLength(2);
    fireEvent.click(history[1]!);
    expect(screen.getByTestId("model-eval-results").dataset.runId).toBe("r1");
    expect(screen.getByTestId("model-eval-history").querySelectorAll("polyline")).toHaveLength(2);
  });

  it("runs the eval and shows the new run, and a refused run in the server's words", async () => {
    let runs: ModelEvalRun[] = [];
    let refuse = true;
    const router = fetchRouter({
      "GET /api/tests/model-evals/e1": () => saved,
      "GET /api/tests/model-evals/e1/runs": () => runs,
      "GET /api/connections": () => [demo],
      "POST /api/tests/model-evals/e1/runs": () => {
        if (refuse)
          return Response.json(
            { error: { code: "conflict:model_eval_running", message: "This eval is running already" } },
            { status: 409 },
          );
        runs = [run("r9", 1, 9_000)];
        return Response.json(runs[0], { status: 201 });
      },
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<ModelEvalPane evalId="e1" navigate={vi.fn()} />);
    fireEvent.click(await screen.findByTestId("run-model-eval"));
    expect((await screen.findByTestId("query-error")).textContent).toContain("This eval is running already");
    refuse = false;
    fireEvent.click(screen.getByTestId("run-model-eval"));
    await waitFor(() => expect(screen.getByTestId("model-eval-results").dataset.runId).toBe("r9"));
  });

  it("cancels a run going: Cancel asks the server to stop it, and the run shows as cancelled with the prompts that ended", async () => {
    let finish: (r: Response) => void = () => undefined;
    const cancelled: ModelEvalRun = { ...run("r7", 1, 7_000), status: "cancelled" };
    let kept: ModelEvalRun[] = [];
    const router = fetchRouter({
      "GET /api/tests/model-evals/e1": () => ({
        ...saved,
        prompts: [...saved.prompts, { prompt: "Book it", expect: [{ tool: "book-hotel" }] }],
      }),
      "GET /api/tests/model-evals/e1/runs": () => kept,
      "GET /api/connections": () => [demo],
      "POST /api/tests/model-evals/e1/runs": () => new Promise<Response>((resolve) => (finish = resolve)),
      "DELETE /api/tests/model-evals/e1/runs": () => {
        kept = [cancelled];
        finish(Response.json(cancelled, { status: 201 }));
        return Response.json({ cancelled: true }, { status: 202 });
      },
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<ModelEvalPane evalId="e1" navigate={vi.fn()} />);
    expect(screen.queryByTestId("cancel-model-eval")).toBeNull();
    fireEvent.click(await screen.findByTestId("run-model-eval"));
    fireEvent.click(await screen.findByTestId("cancel-model-eval"));
    await waitFor(() => expect(screen.getByTestId("model-eval-results").dataset.runId).toBe("r7"));
    expect(router.requests.some((r) => r.method === "DELETE" && r.path === "/api/tests/model-evals/e1/runs")).toBe(true);
    expect(screen.getByTestId("model-eval-results").dataset.state).toBe("cancelled");
    expect(screen.getByTestId("model-eval-run-end").textContent).toBe("Cancelled after 1 of 2 prompts");
    expect(screen.queryByTestId("cancel-model-eval")).toBeNull();
  });
});
