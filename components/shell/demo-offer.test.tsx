// @vitest-environment happy-dom
import { render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DemoOffers } from "./demo-offer";

afterEach(() => vi.unstubAllGlobals());

function renderOffers(protocol: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DemoOffers protocol={protocol} />
    </QueryClientProvider>,
  );
}

describe("DemoOffers", () => {
  it("says in words which demo of its protocol this install lacks, what it needs and where it runs", async () => {
    const offers = [
      { protocol: "adk", id: "demo-agent", label: "The demo agent", missing: ["@google/adk-devtools", "@google/adk"] },
      { protocol: "langgraph", id: "demo-langgraph", label: "The demo LangGraph deployment", missing: ["@langchain/langgraph-cli"] },
    ];
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(Response.json({ offers }))),
    );
    renderOffers("adk");
    const note = await screen.findByTestId("demo-offer");
    expect(note.textContent).toBe(
      "The demo agent is not part of this install: it needs @google/adk-devtools, @google/adk. Run Loupe from its repository (npm install && npm start) to try it.",
    );
    expect(screen.getAllByTestId("demo-offer")).toHaveLength(1);
  });

  it("shows nothing for a protocol with nothing offered", async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json({ offers: [] })));
    vi.stubGlobal("fetch", fetch);
    const { container } = renderOffers("adk");
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.textContent).toBe("");
  });
});
