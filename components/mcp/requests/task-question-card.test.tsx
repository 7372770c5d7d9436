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

// What Loupe puts in the inbox for the demo's rebook-all (Tasks extension inputRequests, tied to
// the task by the related-task _meta), and a plain question of a running call.
const question = {
  mode: "form",
  message: "Rebook to which date?",
  requestedSchema: { type: "object", properties: { date: { type: "string" } } },
};

describe("the card of a task's question", () => {
  it("names the task that asks", () => {
    vi.stubGlobal("fetch", fetchRouter({}).fetch);
    const params = { ...question, _meta: { "io.modelcontextprotocol/related-task": { taskId: "task-9" } } };
    renderWithClient(<AnswerableRequestCard request={mcpRequest({ kind: "elicitation_form", params })} />);
    const note = screen.getByTestId("request-related-task");
    expect(note.dataset.taskId).toBe("task-9");
    expect(note.textContent).toBe("asked by task task-9");
    expect(screen.queryByTestId("request-related-call")).toBeNull();
  });

  it("names no task for a call's question, nor for a _meta that is not an object", () => {
    vi.stubGlobal("fetch", fetchRouter({}).fetch);
    renderWithClient(
      <AnswerableRequestCard
        request={mcpRequest({ kind: "elicitation_form", params: question, relatedCall: { callId: "c1", tool: "book" } })}
      />,
    );
    expect(screen.queryByTestId("request-related-task")).toBeNull();
    cleanup();
    renderWithClient(
      <AnswerableRequestCard
        request={mcpRequest({
          kind: "elicitation_form",
          params: { ...question, _meta: { "io.modelcontextprotocol/related-task": "task-9" } },
        })}
      />,
    );
    expect(screen.queryByTestId("request-related-task")).toBeNull();
  });
});
