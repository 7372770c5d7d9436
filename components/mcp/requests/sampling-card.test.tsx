// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { AnswerableRequestCard } from "./answerable-request-card";
import { mcpRequest, samplingParams } from "./test-requests";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATH = "/api/connections/everything/requests/req-1";
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

function setup(request: McpClientRequest, respond?: (body: unknown) => unknown) {
  const router = fetchRouter({
    [`POST ${PATH}`]: (req) => (respond ? respond(req.body) : { ...request, status: "answered", answer: { at: 5, body: req.body } }),
  });
  vi.stubGlobal("fetch", router.fetch);
  renderWithClient(<AnswerableRequestCard request={request} />);
  return { router, posts: () => router.requests.filter((r) => r.method === "POST") };
}

const fixtureRequest = () =>
  mcpRequest({ kind: "sampling", params: samplingParams(), relatedCall: { callId: "call-3", tool: "trigger-sampling-request" } });

const richRequest = () =>
  mcpRequest({
    kind: "sampling",
    params: {
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "Describe this picture" },
            { type: "image", data: PNG, mimeType: "image/png" },
          ],
        },
        { role: "assistant", content: { type: "audio", data: "UklGRiQAAABXQVZF", mimeType: "audio/wav" } },
        { role: "user", content: [{ type: "tool_result", toolUseId: "tu-1", content: [{ type: "text", text: "42" }] }] },
      ],
      modelPreferences: {
        hints: [{ name: "claude-3-sonnet" }, { name: "gpt" }],
        costPriority: 0.2,
        speedPriority: 0.5,
        intelligencePriority: 0.9,
      },
      systemPrompt: "Be brief.",
      includeContext: "thisServer",
      temperature: 0.1,
      maxTokens: 64,
      stopSequences: ["\n\nHuman:"],
      tools: [{ name: "lookup", inputSchema: { type: "object" } }],
      toolChoice: { mode: "auto" },
      metadata: { trace: "t-9" },
    },
  });

describe("Sampling card", () => {
  it("shows server-everything's request: the message, system prompt and limits", () => {
    setup(fixtureRequest());
    expect(screen.getByTestId("request-kind").textContent).toBe("Sampling");
    expect(screen.getByTestId("request-connection").textContent).toBe("everything (stdio)");
    expect(screen.getByTestId("request-related-call").textContent).toContain("trigger-sampling-request");
    const messages = screen.getAllByTestId("sampling-message");
    expect(messages.map((m) => m.dataset.role)).toEqual(["user"]);
    expect(messages[0]!.textContent).toContain("Resource trigger-sampling-request context: say hi");
    expect(screen.getByTestId("sampling-system-prompt").textContent).toBe("You are a helpful test server.");
    expect(screen.getByTestId("sampling-max-tokens").textContent).toBe("20");
    expect(screen.getByTestId("sampling-temperature").textContent).toBe("0.7");
    // Absent fields are not shown as empty rows.
    expect(screen.queryByTestId("sampling-hints")).toBeNull();
    expect(screen.queryByTestId("sampling-tools")).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>("sampling-model").value).toBe("loupe-human");
  });

  it("renders text, image, audio and tool blocks, model preferences, tools and metadata", () => {
    setup(richRequest());
    const kinds = screen.getAllByTestId("sampling-block").map((b) => b.dataset.kind);
    expect(kinds).toEqual(["text", "image", "audio", "tool_result"]);
    const [, image, audio] = screen.getAllByTestId("sampling-block");
    expect(image!.querySelector("img")?.getAttribute("src")).toBe(`data:image/png;base64,${PNG}`);
    expect(audio!.querySelector("audio")).toBeTruthy();
    expect(screen.getByTestId("sampling-hints").textContent).toBe("claude-3-sonnet, gpt");
    expect(screen.getByTestId("sampling-priorities").textContent).toBe("cost 0.2 · speed 0.5 · intelligence 0.9");
    expect(screen.getByTestId("sampling-stop-sequences").textContent).toBe('"\\n\\nHuman:"');
    expect(screen.getByTestId("sampling-include-context").textContent).toBe("thisServer");
    expect(screen.getByTestId("sampling-tools").textContent).toContain('"name": "lookup"');
    expect(screen.getByTestId("sampling-tool-choice").textContent).toContain('"mode": "auto"');
    expect(screen.getByTestId("sampling-metadata").textContent).toContain('"trace": "t-9"');
  });

  it("sends the reply with the claimed model and stop reason, then shows what was sent", async () => {
    const { posts } = setup(fixtureRequest());
    const send = screen.getByTestId<HTMLButtonElement>("sampling-send");
    expect(send.disabled).toBe(true);
    type(screen.getByTestId("sampling-reply"), "Hi there!");
    type(screen.getByTestId("sampling-model"), "  my-model  ");
    type(screen.getByTestId("sampling-stop-reason"), "maxTokens");
    fireEvent.click(send);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.path).toBe(PATH);
    expect(posts()[0]!.body).toEqual({ action: "accept", text: "Hi there!", model: "my-model", stopReason: "maxTokens" });
    await waitFor(() => expect(screen.getByTestId("mcp-request-card").dataset.status).toBe("answered"));
    expect(screen.getByTestId("request-answer-text").textContent).toBe("Hi there!");
    expect(screen.getByTestId("request-answer").textContent).toContain("model my-model · stopReason maxTokens");
    expect(screen.queryByTestId("sampling-form")).toBeNull();
  });

  it("a blank model name blocks sending with a message", () => {
    setup(fixtureRequest());
    type(screen.getByTestId("sampling-reply"), "x");
    type(screen.getByTestId("sampling-model"), " ");
    expect(screen.getByTestId<HTMLButtonElement>("sampling-send").disabled).toBe(true);
    expect(within(screen.getByTestId("sampling-form")).getByRole("alert").textContent).toMatch(/model name/);
  });

  it("Reject sends a rejection", async () => {
    const { posts } = setup(fixtureRequest());
    fireEvent.click(screen.getByTestId("sampling-reject"));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({ action: "reject", message: "The user rejected the sampling request" });
  });

  it("a 409 keeps the reply typed; once the row is stale the unsent reply is still shown", async () => {
    const request = fixtureRequest();
    const router = fetchRouter({
      [`POST ${PATH}`]: () =>
        Response.json({ error: { code: "conflict:request_not_pending", message: "The server cancelled the request" } }, { status: 409 }),
    });
    vi.stubGlobal("fetch", router.fetch);
    const { client, rerender } = renderWithClient(<AnswerableRequestCard request={request} />);
    type(screen.getByTestId("sampling-reply"), "my long careful answer");
    fireEvent.click(screen.getByTestId("sampling-send"));
    const problem = await screen.findByTestId("request-answer-error");
    expect(problem.dataset.kind).toBe("stale");
    expect(problem.textContent).toContain("The server cancelled the request");
    expect(screen.getByTestId<HTMLTextAreaElement>("sampling-reply").value).toBe("my long careful answer");
    // The stream then says the request is stale: the form goes, the text stays visible.
    rerender(
      <QueryClientProvider client={client}>
        <AnswerableRequestCard request={{ ...request, status: "stale", reason: "cancelled by the server" }} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId("request-stale").textContent).toContain("cancelled by the server");
    expect(screen.getByTestId("request-unsent").textContent).toContain("my long careful answer");
  });

  it("a failed send shows the reason, pre-fills the kept reply and offers sending again", () => {
    setup(
      mcpRequest({
        kind: "sampling",
        params: samplingParams(),
        status: "failed",
        reason: "Transport closed",
        answer: { at: 3, body: { action: "accept", text: "kept reply", model: "m1", stopReason: "stopSequence" } },
      }),
    );
    expect(screen.getByTestId("request-failed").textContent).toContain("Transport closed");
    expect(screen.getByTestId<HTMLTextAreaElement>("sampling-reply").value).toBe("kept reply");
    expect(screen.getByTestId<HTMLInputElement>("sampling-model").value).toBe("m1");
    expect(screen.getByTestId<HTMLSelectElement>("sampling-stop-reason").value).toBe("stopSequence");
    expect(screen.getByTestId("sampling-send").textContent).toContain("Send reply again");
  });
});
