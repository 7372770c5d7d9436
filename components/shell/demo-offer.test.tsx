// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DemoOffers } from "./demo-offer";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

  it("says in the sidebar, in the error's own words, that a demo of its protocol did not start (issue 23)", async () => {
    const failures = [
      { protocol: "a2a", id: "demo-a2a-adk", message: "The demo ADK agent over A2A did not start: port 8123 is in use" },
      { protocol: "agui", id: "demo-agui", message: "The demo AG-UI agent did not start: boom" },
    ];
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(Response.json({ offers: [], failures }))),
    );
    renderOffers("a2a");
    const note = await screen.findByTestId("demo-failure");
    expect(note.textContent).toBe("The demo ADK agent over A2A did not start: port 8123 is in use");
    expect(note.getAttribute("role")).toBe("alert");
    expect(screen.getAllByTestId("demo-failure")).toHaveLength(1);
  });
});

describe("DemoOffers: a demo that starts on request", () => {
  it("says why it waits, starts on the button, then says it is starting", async () => {
    const offer = {
      protocol: "langgraph",
      id: "demo-langgraph",
      label: "The demo LangGraph deployment",
      missing: [],
      start: { reason: "it is slow to start", state: "offered" },
    };
    const fetch = vi.fn((url: string, init?: RequestInit) =>
      Promise.resolve(
        init?.method === "POST"
          ? Response.json({ ...offer, start: { ...offer.start, state: "starting" } }, { status: 202 })
          : Response.json({ offers: [offer] }),
      ),
    );
    vi.stubGlobal("fetch", fetch);
    renderOffers("langgraph");
    const card = await screen.findByTestId("demo-start-offer");
    expect(card.textContent).toContain("The demo LangGraph deployment starts when you ask: it is slow to start.");
    fireEvent.click(screen.getByRole("button", { name: "Start" }));
    await waitFor(() => expect(card.getAttribute("data-state")).toBe("starting"));
    expect(fetch).toHaveBeenCalledWith("/api/demos/demo-langgraph/start", expect.objectContaining({ method: "POST" }));
    expect(screen.getByRole("status").textContent).toContain("Starting the demo LangGraph deployment");
    expect(screen.queryByRole("button", { name: "Start" })).toBeNull();
  });

  it("shows why it failed and offers to try again", async () => {
    const offer = {
      protocol: "langgraph",
      id: "demo-langgraph",
      label: "The demo LangGraph deployment",
      missing: [],
      start: { reason: "it is slow to start", state: "failed", error: "port 2024 in use" },
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(Response.json({ offers: [offer] }))),
    );
    renderOffers("langgraph");
    expect((await screen.findByRole("alert")).textContent).toBe("It did not start: port 2024 in use");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
