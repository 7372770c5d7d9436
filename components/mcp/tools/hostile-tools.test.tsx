// @vitest-environment happy-dom
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { CallRecord } from "@/lib/contracts/calls";
import type { Entry } from "@/lib/contracts/entries";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";
import { previewEntry } from "@/lib/server/preview";
import { markDuplicates, readToolsPage } from "@/lib/protocols/mcp/tool-listing";
import type { Tool } from "@/lib/queries/tools";
import { ToolDetail } from "@/components/mcp/tools/tool-detail";
import { ToolsPanel } from "@/components/mcp/tools/tools-panel";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

// The definitions tests/fixtures/hostile-mcp-server.mjs lists, read as the server reads them.
const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: "object", properties, ...extra });
const LISTED = markDuplicates(
  readToolsPage({
    tools: [
      { name: "schema_not_object", inputSchema: "this is not a schema" },
      { name: "schema_bool_props", inputSchema: object({ anything: true, nothing: false, label: { type: "string" } }, { frobnicate: 7 }) },
      {
        name: "recursive",
        inputSchema: object(
          { name: { type: "string" }, children: { type: "array", items: { $ref: "#" } } },
          { required: ["name"], additionalProperties: false },
        ),
      },
      { name: "big_default", inputSchema: object({ blob: { type: "string", default: "d".repeat(200_000) } }) },
      { name: "strict", inputSchema: object({ count: { type: "integer" } }, { required: ["count"] }) },
      { name: "echo_size", inputSchema: object({ text: { type: "string" } }) },
      { name: "dup", description: "The first dup (takes a)", inputSchema: object({ a: { type: "string" } }) },
      { name: "dup", description: "The second dup (takes b)", inputSchema: object({ b: { type: "number" } }) },
    ],
  }).tools,
);
const tool = (name: string) => LISTED.find((t) => t.name === name) as Tool;

function finished(body: { callId: string; name: string; arguments: Record<string, unknown> }): CallRecord {
  return {
    id: body.callId,
    connectionId: "everything",
    tool: body.name,
    args: body.arguments,
    requestId: 1,
    startedAt: Date.now(),
    endedAt: Date.now(),
    timeoutMs: 60_000,
    status: "ok",
    result: { content: [{ type: "text", text: `ran ${body.name}` }] },
  };
}

function setup(t: Tool, answer?: (body: { callId: string; name: string; arguments: Record<string, unknown> }) => CallRecord) {
  let n = 0;
  vi.stubGlobal("crypto", { ...globalThis.crypto, randomUUID: () => `call-${++n}` });
  const router = fetchRouter({
    "GET /api/connections/everything/calls": () => [],
    "GET /api/connections/everything/traffic": () => [],
    "POST /api/connections/everything/tools/call": (req) => (answer ?? finished)(req.body as never),
  });
  vi.stubGlobal("fetch", router.fetch);
  const { client } = renderWithClient(<ToolDetail connection={connectionFixture()} tool={t} collision={null} />);
  const posts = () =>
    router.requests
      .filter((r) => r.method === "POST")
      .map((r) => r.body as { name: string; arguments: Record<string, unknown>; timeoutMs?: number; maxTotalTimeoutMs?: number });
  return { posts, client, router };
}

function toJson(text: string) {
  fireEvent.click(within(screen.getByTestId("schema-form-mode")).getByText("JSON"));
  fireEvent.change(screen.getByLabelText("JSON"), { target: { value: text } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("tools a hostile server lists", () => {
  it("runs a recursive root schema ($ref: #) from the form and from JSON", async () => {
    const { posts } = setup(tool("recursive"));
    fireEvent.change(screen.getByLabelText(/^name/), { target: { value: "root" } });
    fireEvent.click(screen.getByTestId("run-tool"));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.arguments).toEqual({ name: "root" });
    await screen.findByText("ran recursive");
    toJson('{"name":"a","children":[{"name":"b","children":[{"name":"c"}]}]}');
    fireEvent.click(screen.getByTestId("run-tool"));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]!.arguments).toEqual({ name: "a", children: [{ name: "b", children: [{ name: "c" }] }] });
  });

  it("runs with a 200 KB schema default in form and JSON mode", async () => {
    const { posts } = setup(tool("big_default"));
    expect(screen.getByTestId("tool-detail")).toBeTruthy();
    fireEvent.click(screen.getByTestId("run-tool"));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(String(posts()[0]!.arguments.blob)).toHaveLength(200_000);
    fireEvent.click(within(screen.getByTestId("schema-form-mode")).getByText("JSON"));
    expect(screen.getByLabelText<HTMLTextAreaElement>("JSON").value.length).toBeGreaterThan(200_000);
    fireEvent.click(screen.getByTestId("run-tool"));
    await waitFor(() => expect(posts()).toHaveLength(2));
  });

  it("sends arguments over 64 KB typed in JSON mode and shows the call", async () => {
    const { posts } = setup(tool("echo_size"));
    toJson(JSON.stringify({ text: "t".repeat(70_000) }));
    fireEvent.click(screen.getByTestId("run-tool"));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(String(posts()[0]!.arguments.text)).toHaveLength(70_000);
    await screen.findByText("ran echo_size");
  });

  it("shows a broken schema's warning and its raw schema, and still runs the tool", async () => {
    const { posts } = setup(tool("schema_not_object"));
    const notes = screen.getByTestId("tool-warnings");
    expect(notes.textContent).toMatch(/inputSchema is a string/);
    expect(notes.textContent).toContain("this is not a schema");
    fireEvent.click(screen.getByTestId("run-tool"));
    await waitFor(() => expect(posts()).toEqual([expect.objectContaining({ arguments: {} })]));
  });

  it("edits true/false property schemas without crashing and says what they mean", async () => {
    const { posts } = setup(tool("schema_bool_props"));
    expect(screen.getByTestId("tool-warnings").textContent).toMatch(/"nothing" is the schema false/);
    fireEvent.change(screen.getByLabelText(/^label/), { target: { value: "hi" } });
    fireEvent.click(screen.getByTestId("run-tool"));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.arguments).toEqual({ label: "hi" });
  });
});

describe("the run bar", () => {
  it("sends schema-invalid JSON only with Send anyway, and shows the server's -32602 with its prefix once", async () => {
    const { posts } = setup(tool("strict"), (body) => ({
      ...finished(body),
      status: "rpc_error",
      result: undefined,
      // As a call runner before the fix stored it: the SDK prefix twice.
      error: {
        code: "upstream:rpc_error",
        message: "MCP error -32602: MCP error -32602: count must be an integer",
        details: { code: -32602 },
      },
    }));
    toJson('{"count":"three"}');
    fireEvent.click(screen.getByTestId("run-tool"));
    await screen.findByTestId("run-blocked");
    expect(posts()).toHaveLength(0);
    fireEvent.click(screen.getByTestId("send-anyway"));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.arguments).toEqual({ count: "three" });
    const message = await screen.findByTestId("call-error-message");
    expect(message.textContent).toBe("MCP error -32602: count must be an integer");
  });

  it("has a total cap beside the timeout, says the timeout resets on progress, and sends both", async () => {
    const { posts } = setup(tool("echo_size"));
    expect(screen.getByText(/resets on progress/)).toBeTruthy();
    fireEvent.change(screen.getByTestId("call-timeout"), { target: { value: "5000" } });
    fireEvent.change(screen.getByTestId("call-max-total"), { target: { value: "2000" } });
    fireEvent.click(screen.getByTestId("run-tool"));
    expect((await screen.findByTestId("run-blocked")).textContent).toMatch(/Total cap must be at least the timeout/);
    fireEvent.change(screen.getByTestId("call-max-total"), { target: { value: "90000" } });
    fireEvent.click(screen.getByTestId("run-tool"));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ timeoutMs: 5000, maxTotalTimeoutMs: 90000 });
  });
});

describe("two tools of one name", () => {
  it("shows the second with its own schema and says which one the server will run", () => {
    const [first, second] = LISTED.filter((t) => t.name === "dup");
    setup(second as Tool);
    expect(screen.getByLabelText(/^b/)).toBeTruthy();
    expect(screen.queryByLabelText(/^a$/)).toBeNull();
    expect(screen.getByTestId("tool-duplicate").textContent).toMatch(
      /2 tools named dup; this is the 2nd.*usually the first one listed, not this one/,
    );
    cleanup();
    setup(first as Tool);
    expect(screen.getByLabelText(/^a/)).toBeTruthy();
  });
});

describe("the tool list of a server with a duplicated name", () => {
  it("selects the second tool by its own key and shows its own schema", async () => {
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(2000);
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(320);
    const router = fetchRouter({
      "GET /api/connections/everything/tools": () => ({ tools: LISTED, pages: 1, listedAt: 1 }),
      "GET /api/connections/everything/calls": () => [],
      "GET /api/connections/everything/traffic": () => [],
    });
    vi.stubGlobal("fetch", router.fetch);
    const onSelectTool = vi.fn();
    const conn = connectionFixture();
    // The page keeps the selection (in the URL); here a state does.
    function Page() {
      const [selected, setSelected] = useState<string | null>(null);
      return (
        <ToolsPanel
          connection={conn}
          allConnections={[conn]}
          selectedTool={selected}
          onSelectTool={(key) => {
            onSelectTool(key);
            setSelected(key);
          }}
        />
      );
    }
    renderWithClient(<Page />);
    await waitFor(() => expect(screen.getAllByTestId("tool-item").length).toBe(LISTED.length));
    const dups = screen.getAllByTestId("tool-item").filter((el) => el.getAttribute("data-tool") === "dup");
    expect(dups.map((el) => el.textContent)).toEqual([expect.stringContaining("dup"), expect.stringContaining("dup (2)")]);
    fireEvent.click(dups[1]!);
    expect(onSelectTool).toHaveBeenCalledWith("dup (2)");
    expect(screen.getAllByTestId("tool-item-warning").length).toBe(2);
    // Not "also used by another server": only this server lists it twice.
    expect(screen.queryAllByLabelText("Name also used by another server")).toHaveLength(0);
    const detail = await screen.findByTestId("tool-detail");
    expect(within(detail).getByLabelText(/^b/)).toBeTruthy();
    expect(within(detail).queryByLabelText(/^a$/)).toBeNull();
    vi.restoreAllMocks();
  });
});

describe("every hostile definition", () => {
  it("opens its Schema and Portability tabs without crashing", async () => {
    for (const t of LISTED) {
      setup(t);
      for (const name of ["Schema", "Portability"]) {
        const trigger = screen.getByRole("tab", { name });
        fireEvent.mouseDown(trigger, { button: 0 });
        fireEvent.click(trigger);
        await waitFor(() => expect(trigger.getAttribute("aria-selected")).toBe("true"));
      }
      expect(screen.getByTestId("tool-detail")).toBeTruthy();
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});

describe("a call with arguments over 64 KB", () => {
  it("keeps the page when the stream's call entry comes without its arguments, and Edit loads them", async () => {
    const text = "t".repeat(70_000);
    const { client, router } = setup(tool("echo_size"), () => new Promise<never>(() => undefined) as never);
    router.requests.length = 0;
    await screen.findByText("No calls yet.");
    const full: CallRecord = {
      ...finished({ callId: "call-1", name: "echo_size", arguments: { text } }),
      status: "running",
      result: undefined,
      endedAt: null,
    };
    vi.stubGlobal(
      "fetch",
      fetchRouter({
        "GET /api/connections/everything/calls": () => [],
        "GET /api/connections/everything/traffic": () => [],
        "POST /api/connections/everything/tools/call": () => new Promise<never>(() => undefined),
        "GET /api/connections/everything/calls/call-1": () => full,
      }).fetch,
    );
    toJson(JSON.stringify({ text }));
    fireEvent.click(screen.getByTestId("run-tool"));
    // The start entry as the stream carries an entry over 64 KB: previewed, `args` dropped.
    const entry: Entry = {
      seq: 1,
      connectionId: "everything",
      sessionKey: "s",
      receivedAt: Date.now(),
      sourceTime: null,
      direction: "local",
      protocol: "loupe",
      kind: "call",
      raw: full,
      rawBytes: JSON.stringify(full).length,
    };
    act(() => applyStreamEntries(client, [previewEntry(entry)]));
    const row = await screen.findByTestId("call-history-item");
    expect(row.textContent).toContain("(large arguments)");
    toJson("{}");
    fireEvent.click(within(row).getByTestId("edit-call"));
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>("JSON").value).toContain("t".repeat(100)));
  });
});
