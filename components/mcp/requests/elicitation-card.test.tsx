// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { AnswerableRequestCard } from "./answerable-request-card";
import { elicitationParams, mcpRequest } from "./test-requests";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATH = "/api/connections/everything/requests/req-1";
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const combo = (label: string) => screen.getByRole<HTMLSelectElement>("combobox", { name: label });
const box = (group: string, option: string) => within(screen.getByRole("group", { name: group })).getByRole("checkbox", { name: option });
const posts = (router: ReturnType<typeof fetchRouter>) => router.requests.filter((r) => r.method === "POST");

function setup(request: McpClientRequest, respond?: (body: unknown) => unknown) {
  const router = fetchRouter({
    [`POST ${PATH}`]: (req) => (respond ? respond(req.body) : { ...request, status: "answered", answer: { at: 5, body: req.body } }),
  });
  vi.stubGlobal("fetch", router.fetch);
  renderWithClient(<AnswerableRequestCard request={request} />);
  return router;
}

const formRequest = () =>
  mcpRequest({
    kind: "elicitation_form",
    params: elicitationParams(),
    relatedCall: { callId: "call-7", tool: "trigger-elicitation-request" },
  });

describe("Elicitation form card — server-everything's requestedSchema", () => {
  it("renders every variant as its own control, with the schema defaults applied", () => {
    setup(formRequest());
    expect(screen.getByTestId("elicitation-message").textContent).toBe("Please provide inputs for the following fields:");
    expect(screen.getByTestId("request-connection").textContent).toBe("everything (stdio)");
    expect(screen.getByTestId("request-related-call").textContent).toContain("trigger-elicitation-request");
    // Required string; boolean; string with default.
    expect(screen.getByRole<HTMLTextAreaElement>("textbox", { name: "String" }).getAttribute("aria-required")).toBe("true");
    expect(screen.getByRole("checkbox", { name: "Boolean" }).getAttribute("aria-checked")).toBe("false");
    expect(input("String with default").value).toBe("It was a dark and stormy night.");
    // Formats become typed inputs.
    expect(input("String with email format").type).toBe("email");
    expect(input("String with uri format").type).toBe("url");
    expect(input("String with date format").type).toBe("date");
    // Bounded numbers with their defaults and bounds.
    expect(input("Integer").value).toBe("42");
    expect(input("Number in range 1-1000").value).toBe("3.14");
    expect(screen.getByTestId("schema-field-/integer").textContent).toMatch(/1.*100/);
    // Single selects: untitled enum, titled oneOf, legacy enumNames — labels shown, defaults chosen.
    const options = (label: string) => [...combo(label).options].map((o) => o.textContent);
    const selected = (label: string) => combo(label).options[combo(label).selectedIndex]?.textContent;
    // Optional selects offer "not set" first, so an optional answer can be left out.
    expect(options("Untitled Single Select Enum")).toEqual(["— not set —", "Monica", "Rachel", "Joey", "Chandler", "Ross", "Phoebe"]);
    expect(selected("Untitled Single Select Enum")).toBe("Monica");
    expect(options("Titled Single Select Enum")).toEqual(["— not set —", "Superman", "Green Lantern", "Wonder Woman"]);
    expect(selected("Titled Single Select Enum")).toBe("Superman");
    expect(options("Legacy Titled Single Select Enum")).toEqual(["— not set —", "Cats", "Dogs", "Birds", "Fish", "Reptiles"]);
    expect(selected("Legacy Titled Single Select Enum")).toBe("Cats");
    // Multi selects: untitled enum items and titled anyOf items, as checkbox lists with defaults.
    expect(within(screen.getByRole("group", { name: "Untitled Multiple Select Enum" })).getAllByRole("checkbox")).toHaveLength(5);
    expect(box("Untitled Multiple Select Enum", "Guitar").getAttribute("aria-checked")).toBe("true");
    expect(box("Titled Multiple Select Enum", "Tuna").getAttribute("aria-checked")).toBe("true");
    expect(box("Titled Multiple Select Enum", "Salmon").getAttribute("aria-checked")).toBe("false");
  });

  it("validates before sending: nothing is POSTed while a field is invalid", async () => {
    const router = setup(formRequest());
    fireEvent.click(screen.getByTestId("elicitation-accept"));
    expect(screen.getByTestId("elicitation-invalid")).toBeTruthy();
    expect(within(screen.getByTestId("schema-field-/name")).getByRole("alert").textContent).toBe("is required");
    type(screen.getByRole("textbox", { name: "String" }), "Ada Lovelace");
    type(input("Integer"), "500");
    fireEvent.click(screen.getByTestId("elicitation-accept"));
    expect(within(screen.getByTestId("schema-field-/integer")).getByRole("alert").textContent).toBe("must be at most 100");
    // Multi-select above maxItems (3).
    type(input("Integer"), "7");
    for (const o of ["Piano", "Violin", "Drums"]) fireEvent.click(box("Untitled Multiple Select Enum", o));
    fireEvent.click(screen.getByTestId("elicitation-accept"));
    expect(within(screen.getByTestId("schema-field-/untitledMultipleSelectEnum")).getByRole("alert").textContent).toMatch(/at most 3/);
    await new Promise((r) => setTimeout(r, 20));
    expect(posts(router)).toHaveLength(0);
  });

  it("fills every kind of field and sends exactly the content typed, defaults included", async () => {
    const router = setup(formRequest());
    type(screen.getByRole("textbox", { name: "String" }), "Ada Lovelace");
    fireEvent.click(screen.getByRole("checkbox", { name: "Boolean" }));
    type(input("String with email format"), "ada@example.org");
    type(input("String with uri format"), "https://ada.example.org");
    type(input("String with date format"), "1815-12-10");
    type(input("Integer"), "7");
    type(input("Number in range 1-1000"), "2.5");
    type(combo("Untitled Single Select Enum"), "2");
    fireEvent.click(box("Untitled Multiple Select Enum", "Piano"));
    fireEvent.click(box("Untitled Multiple Select Enum", "Drums"));
    type(combo("Titled Single Select Enum"), "2");
    fireEvent.click(box("Titled Multiple Select Enum", "Tuna"));
    fireEvent.click(box("Titled Multiple Select Enum", "Trout"));
    type(combo("Legacy Titled Single Select Enum"), "1");
    fireEvent.click(screen.getByTestId("elicitation-accept"));

    await waitFor(() => expect(posts(router)).toHaveLength(1));
    expect(posts(router)[0]!.path).toBe(PATH);
    expect(posts(router)[0]!.body).toEqual({
      action: "accept",
      content: {
        name: "Ada Lovelace",
        check: true,
        firstLine: "It was a dark and stormy night.",
        email: "ada@example.org",
        homepage: "https://ada.example.org",
        birthdate: "1815-12-10",
        integer: 7,
        number: 2.5,
        untitledSingleSelectEnum: "Joey",
        untitledMultipleSelectEnum: ["Guitar", "Piano", "Drums"],
        titledSingleSelectEnum: "hero-3",
        titledMultipleSelectEnum: ["fish-3"],
        legacyTitledEnum: "pet-2",
      },
    });
    // The answered request comes back: the card shows what was sent instead of the form.
    const card = await screen.findByTestId("mcp-request-card");
    await waitFor(() => expect(card.dataset.status).toBe("answered"));
    expect(screen.queryByTestId("elicitation-form")).toBeNull();
    expect(screen.getByTestId("request-answer").dataset.action).toBe("accept");
    expect(screen.getByTestId("request-answer-content").textContent).toContain('"legacyTitledEnum": "pet-2"');
  });

  it("Decline and Cancel send only the action", async () => {
    const router = setup(formRequest());
    fireEvent.click(screen.getByTestId("elicitation-decline"));
    await waitFor(() => expect(posts(router)).toHaveLength(1));
    expect(posts(router)[0]!.body).toEqual({ action: "decline" });
    cleanup();
    const again = setup(formRequest());
    fireEvent.click(screen.getByTestId("elicitation-cancel"));
    await waitFor(() => expect(posts(again)).toHaveLength(1));
    expect(posts(again)[0]!.body).toEqual({ action: "cancel" });
  });

  it("a 400 shows the server's field issues on the card and keeps every value typed", async () => {
    const router = setup(formRequest(), () =>
      Response.json(
        {
          error: {
            code: "bad_request:elicitation_content",
            message: "The content does not match the requested schema",
            details: [{ path: "/email", message: "must be a valid email" }],
          },
        },
        { status: 400 },
      ),
    );
    type(screen.getByRole("textbox", { name: "String" }), "Ada");
    type(input("String with email format"), "ada@example.org");
    fireEvent.click(screen.getByTestId("elicitation-accept"));
    const problem = await screen.findByTestId("request-answer-error");
    expect(problem.dataset.kind).toBe("invalid");
    expect(problem.textContent).toContain("The content does not match the requested schema");
    expect(problem.textContent).toContain("/email");
    expect(within(screen.getByTestId("schema-field-/email")).getByRole("alert").textContent).toBe("must be a valid email");
    expect(screen.getByRole<HTMLTextAreaElement>("textbox", { name: "String" }).value).toBe("Ada");
    expect(input("String with email format").value).toBe("ada@example.org");
    expect(screen.getByTestId("mcp-request-card").dataset.status).toBe("pending");
    expect(posts(router)).toHaveLength(1);
  });

  it("a 409 (the server stopped waiting) and a network failure are told apart", async () => {
    setup(formRequest(), () =>
      Response.json({ error: { code: "conflict:request_not_pending", message: "The request is stale" } }, { status: 409 }),
    );
    type(screen.getByRole("textbox", { name: "String" }), "Ada");
    fireEvent.click(screen.getByTestId("elicitation-accept"));
    const stale = await screen.findByTestId("request-answer-error");
    expect(stale.dataset.kind).toBe("stale");
    expect(stale.dataset.tone).toBe("error");
    expect(screen.getByRole<HTMLTextAreaElement>("textbox", { name: "String" }).value).toBe("Ada");
    cleanup();
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    renderWithClient(<AnswerableRequestCard request={formRequest()} />);
    fireEvent.click(screen.getByTestId("elicitation-decline"));
    const problem = await screen.findByTestId("request-answer-error");
    expect(problem.dataset.kind).toBe("network");
    expect(problem.textContent).toContain("Failed to fetch");
  });

  it("a 409 for a request that waits on another instance says so and keeps the answer to send again", async () => {
    const message = "This request waits on Loupe A (127.0.0.1:1), the Loupe instance holding everything's connection. Answer again.";
    setup(formRequest(), () => Response.json({ error: { code: "conflict:mcp_request_elsewhere", message } }, { status: 409 }));
    type(screen.getByRole("textbox", { name: "String" }), "Ada");
    fireEvent.click(screen.getByTestId("elicitation-accept"));
    const problem = await screen.findByTestId("request-answer-error");
    expect(problem.dataset.kind).toBe("elsewhere");
    // It still waits and nothing failed: a waiting notice (amber, role=status), not the destructive alert.
    expect(problem.dataset.tone).toBe("waiting");
    expect(problem.getAttribute("role")).toBe("status");
    expect(problem.className).toContain("amber");
    expect(problem.className).not.toContain("destructive");
    expect(problem.textContent).toContain("This request waits on another Loupe instance");
    expect(problem.textContent).not.toContain("no longer waits");
    expect(problem.textContent).toContain("Your answer is kept below");
    expect(screen.getByRole<HTMLTextAreaElement>("textbox", { name: "String" }).value).toBe("Ada");
  });

  it("a request that goes stale while the form is being filled keeps what was typed, read-only", () => {
    const request = formRequest();
    vi.stubGlobal("fetch", fetchRouter({}).fetch);
    const { client, rerender } = renderWithClient(<AnswerableRequestCard request={request} />);
    type(screen.getByRole("textbox", { name: "String" }), "Half-typed");
    rerender(
      <QueryClientProvider client={client}>
        <AnswerableRequestCard request={{ ...request, status: "stale", reason: "The server cancelled the request" }} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId("request-stale").textContent).toContain("The server cancelled the request");
    expect(screen.getByTestId("request-unsent").textContent).toContain("Half-typed");
  });

  it("a request left pending when Loupe stopped reads 'Stale — Loupe stopped' with what it asked, and offers no form", () => {
    setup(
      mcpRequest({
        kind: "elicitation_form",
        params: elicitationParams(),
        status: "stale",
        staleCause: "loupe_stopped",
        reason: "Loupe stopped before it was answered; the server's session ended with it",
      }),
    );
    const stale = screen.getByTestId("request-stale");
    expect(screen.getByTestId("request-stale-cause").textContent).toBe("Stale — Loupe stopped");
    expect(stale.textContent).toContain("Loupe stopped before it was answered");
    expect(screen.getByTestId("request-stale-asked").textContent).toBe("Please provide inputs for the following fields:");
    expect(screen.queryByTestId("elicitation-accept")).toBeNull();
  });

  it("a request whose call ended says which way it ended", () => {
    const reason = "The call to trigger-elicitation-request ended: timed out; the server no longer waits for this answer";
    setup(mcpRequest({ kind: "elicitation_form", params: elicitationParams(), status: "stale", staleCause: "call_ended", reason }));
    expect(screen.getByTestId("request-stale-cause").textContent).toBe("Stale — the call ended");
    expect(screen.getByTestId("request-stale").textContent).toContain("ended: timed out");
  });

  it("a failed send is shown with its reason and the kept content pre-filled", () => {
    const content = { name: "Kept", integer: 9 };
    setup(
      mcpRequest({
        kind: "elicitation_form",
        params: elicitationParams(),
        status: "failed",
        reason: "write EPIPE",
        answer: { at: 3, body: { action: "accept", content } },
      }),
    );
    expect(screen.getByTestId("request-failed").textContent).toContain("write EPIPE");
    expect(screen.getByRole<HTMLTextAreaElement>("textbox", { name: "String" }).value).toBe("Kept");
    expect(input("Integer").value).toBe("9");
    expect(screen.getByTestId("elicitation-accept").textContent).toContain("send again");
  });
});

describe("Elicitation URL card", () => {
  const urlRequest = (url: string) =>
    mcpRequest({ kind: "elicitation_url", params: { mode: "url", message: "Sign in to continue", url, elicitationId: "el-1" } });

  it("shows the domain prominently, the URL as text and a safe new-tab link; done accepts", async () => {
    const router = setup(urlRequest("https://auth.example.com/device?code=XYZ"));
    expect(screen.getByTestId("elicitation-message").textContent).toBe("Sign in to continue");
    expect(screen.getByTestId("elicitation-url-domain").textContent).toBe("auth.example.com");
    expect(screen.getByTestId("elicitation-url-text").textContent).toBe("https://auth.example.com/device?code=XYZ");
    const link = screen.getByTestId<HTMLAnchorElement>("elicitation-url-link");
    expect(link.getAttribute("href")).toBe("https://auth.example.com/device?code=XYZ");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    fireEvent.click(screen.getByTestId("elicitation-url-done"));
    await waitFor(() => expect(posts(router)).toHaveLength(1));
    expect(posts(router)[0]!.body).toEqual({ action: "accept" });
  });

  it("never links a non-http URL", () => {
    setup(urlRequest("javascript:alert(1)"));
    expect(screen.queryByTestId("elicitation-url-link")).toBeNull();
    expect(screen.getByTestId("elicitation-url-unsafe")).toBeTruthy();
    expect(screen.getByTestId("elicitation-url-text").textContent).toBe("javascript:alert(1)");
  });
});
