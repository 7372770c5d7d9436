// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Prompt } from "@modelcontextprotocol/sdk/types.js";
import { MCP_FIXTURES } from "@/lib/testing/shared-fixtures";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import type { RecordedRequest } from "@/components/mcp/workbench/test-support";
import { PromptsPanel } from "@/components/mcp/prompts/prompts-panel";

const { prompts } = JSON.parse(readFileSync(`${MCP_FIXTURES}/server-everything/stdio-prompts.json`, "utf8")) as { prompts: Prompt[] };

const CAPS = { tools: {}, resources: { subscribe: true }, prompts: { listChanged: true }, completions: {} };
/** What server-everything's completable-prompt completes (mcp.md §6.2). */
const TEAMS: Record<string, string[]> = { Engineering: ["Alice", "Bob", "Charlie"], Sales: ["David", "Eve", "Frank"] };

function setup(caps: Record<string, unknown> = CAPS) {
  const router = fetchRouter({
    "GET /api/connections/everything/prompts": () => ({ prompts, pages: 1, listedAt: 1 }),
    "POST /api/connections/everything/complete": (req: RecordedRequest) => {
      const body = req.body as { argument: { name: string; value: string }; context?: { arguments: Record<string, string> } };
      if (body.argument.name === "department") {
        return { values: Object.keys(TEAMS).filter((d) => d.startsWith(body.argument.value)), supported: true };
      }
      const dept = body.context?.arguments.department ?? "";
      return { values: (TEAMS[dept] ?? []).filter((n) => n.startsWith(body.argument.value)), hasMore: false, supported: true };
    },
    "POST /api/connections/everything/prompts/get": (req: RecordedRequest) => {
      const { name, arguments: args } = req.body as { name: string; arguments: Record<string, string> };
      if (name === "args-prompt") {
        return {
          name,
          arguments: args,
          ms: 5,
          gotAt: 1,
          result: {
            messages: [
              { role: "user", content: { type: "text", text: `What's weather in ${args.city}${args.state ? `, ${args.state}` : ""}?` } },
              { role: "assistant", content: { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" } },
            ],
          },
        };
      }
      return Response.json(
        { error: { code: "upstream:mcp", message: `prompts/get ${name} failed: MCP error -32602: Invalid arguments` } },
        { status: 502 },
      );
    },
  });
  vi.stubGlobal("fetch", router.fetch);
  const view = renderWithClient(<PromptsPanel connection={connectionFixture({}, { capabilities: caps })} />);
  return { ...view, router };
}

const open = async (name: string) => {
  await waitFor(() => expect(screen.getAllByTestId("prompt-item")).toHaveLength(4));
  fireEvent.click(screen.getAllByTestId("prompt-item").find((el) => el.getAttribute("data-prompt") === name)!);
  return screen.findByTestId("prompt-detail");
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("PromptsPanel", () => {
  it("lists the 4 fixture prompts with titles and arguments, and filters", async () => {
    setup();
    await waitFor(() => expect(screen.getAllByTestId("prompt-item")).toHaveLength(4));
    expect(screen.getByTestId("prompt-count").textContent).toContain("4 prompts");
    const args = screen.getAllByTestId("prompt-item").find((el) => el.getAttribute("data-prompt") === "args-prompt")!;
    expect(args.textContent).toContain("Arguments Prompt");
    expect(args.textContent).toContain("(city*, state?)");
    fireEvent.change(screen.getByTestId("prompt-search"), { target: { value: "team" } });
    expect(screen.getAllByTestId("prompt-item").map((el) => el.getAttribute("data-prompt"))).toEqual(["completable-prompt"]);
  });

  it("marks required arguments, refuses to send without them, then renders the messages", async () => {
    const { router } = setup();
    const detail = await open("args-prompt");
    expect(within(detail).getAllByTestId("arg-required")).toHaveLength(1);
    fireEvent.click(within(detail).getByTestId("get-prompt"));
    expect(within(detail).getByTestId("arg-missing").textContent).toBe("city is required");
    expect(router.requests.some((r) => r.path.endsWith("/prompts/get"))).toBe(false);

    fireEvent.change(within(detail).getByTestId("arg-city"), { target: { value: "Lisbon" } });
    fireEvent.click(within(detail).getByTestId("get-prompt"));
    const messages = await screen.findAllByTestId("prompt-message");
    expect(messages.map((m) => m.getAttribute("data-role"))).toEqual(["user", "assistant"]);
    expect(messages[0]!.textContent).toContain("What's weather in Lisbon?");
    expect(within(messages[1]!).getByRole("img")).toBeTruthy();
    // The empty optional argument is left out.
    expect(router.requests.find((r) => r.path.endsWith("/prompts/get"))?.body).toEqual({
      name: "args-prompt",
      arguments: { city: "Lisbon" },
    });

    fireEvent.click(screen.getByTestId("prompt-raw-toggle"));
    expect(screen.getByTestId("raw-json").textContent).toContain('"role": "assistant"');
  });

  it("suggests Engineering for E, then names narrowed by the chosen department", async () => {
    const { router } = setup();
    const detail = await open("completable-prompt");
    const dept = within(detail).getByTestId("arg-department");
    fireEvent.focus(dept);
    fireEvent.change(dept, { target: { value: "E" } });
    await waitFor(() => expect(screen.getAllByTestId("completion-option").map((o) => o.textContent)).toEqual(["Engineering"]));
    fireEvent.mouseDown(screen.getByTestId("completion-option"));
    expect((dept as HTMLInputElement).value).toBe("Engineering");
    fireEvent.blur(dept);

    const name = within(detail).getByTestId("arg-name");
    fireEvent.focus(name);
    await waitFor(() => expect(screen.getAllByTestId("completion-option").map((o) => o.textContent)).toEqual(["Alice", "Bob", "Charlie"]));
    const last = router.requests.filter((r) => r.path.endsWith("/complete")).at(-1)!;
    expect(last.body).toEqual({
      ref: { type: "ref/prompt", name: "completable-prompt" },
      argument: { name: "name", value: "" },
      context: { arguments: { department: "Engineering" } },
    });
  });

  it("shows a prompts/get failure clearly", async () => {
    setup();
    const detail = await open("simple-prompt");
    expect(within(detail).getByText("This prompt takes no arguments.")).toBeTruthy();
    fireEvent.click(within(detail).getByTestId("get-prompt"));
    expect((await screen.findByTestId("query-error")).textContent).toContain("Invalid arguments");
  });

  it("says when the server offers no prompts", async () => {
    const { router } = setup({ tools: {} });
    expect((await screen.findByTestId("prompts-unsupported")).textContent).toContain("does not offer prompts");
    expect(router.requests).toHaveLength(0);
  });
});
