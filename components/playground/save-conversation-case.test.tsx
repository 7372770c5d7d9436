// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Conversation } from "@/lib/contracts/playground";
import { usePlaygroundActions } from "@/hooks/use-playground";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { ConversationView } from "@/components/playground/conversation-view";
import { column, gatedTurn, pgEntry, turnRaw } from "@/components/playground/test-entries";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const conversation: Conversation = {
  id: "conv-1",
  title: "Trip",
  createdAt: 1,
  updatedAt: 1,
  systemPrompt: "",
  servers: [{ connectionId: "demo", tools: "all" }],
  policy: "never",
  toolPolicies: {},
  columns: [column()],
};

function Live() {
  const actions = usePlaygroundActions();
  return <ConversationView conversation={conversation} connections={[]} providers={[]} actions={actions} onOpenInbox={() => undefined} />;
}

describe("Save as case on a playground conversation", () => {
  it("saves the column's conversation through the playground's case source", async () => {
    const made = { id: "c1", name: "Trip", protocol: "playground", recorded: { toolCalls: [], pauses: [], isError: false } };
    const router = fetchRouter({
      "GET /api/playground/conversations/conv-1/entries": () => [...gatedTurn(), pgEntry("pg_turn", turnRaw("done"))],
      "GET /api/tests/suites": () => [],
      "POST /api/tests/cases": () => made,
      "PUT /api/tests/cases/c1": (req) => ({ ...made, ...(req.body as object) }),
      "POST /api/tests/suites": (req) => ({ id: "s1", ...(req.body as object) }),
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<Live />);
    const pane = await screen.findByTestId("pg-column");
    fireEvent.click(await within(pane).findByTestId("save-as-case"));
    fireEvent.change(await screen.findByTestId("new-suite-name"), { target: { value: "Playground" } });
    fireEvent.click(screen.getByTestId("save-case-submit"));
    await waitFor(() => expect(router.requests.some((r) => r.method === "POST" && r.path === "/api/tests/suites")).toBe(true));
    expect(router.requests.find((r) => r.method === "POST" && r.path === "/api/tests/cases")?.body).toEqual({
      from: { protocol: "playground", from: "conversation", ref: { conversationId: "conv-1", columnId: "col-1" } },
    });
  });

  it("is not offered on a column that has not run yet", async () => {
    const router = fetchRouter({ "GET /api/playground/conversations/conv-1/entries": () => [] });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<Live />);
    await screen.findByTestId("pg-column");
    await waitFor(() => expect(router.requests.some((r) => r.path.includes("/entries"))).toBe(true));
    expect(screen.queryByTestId("save-as-case")).toBeNull();
  });
});
