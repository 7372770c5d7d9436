// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ApprovalAnswer, ToolApproval } from "@/lib/contracts/approvals";
import type { InboxRow } from "@/lib/contracts/inbox";
import { InboxView } from "@/components/inbox/inbox-view";
import { fetchRouter, renderWithClient, type RecordedRequest } from "@/components/mcp/workbench/test-support";
import { ApprovalCard } from "./approval-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function approval(over: Partial<ToolApproval> = {}): ToolApproval {
  return {
    id: "ap-1",
    connectionId: "fs",
    connectionName: "filesystem",
    tool: "write_file",
    arguments: { path: "/tmp/a.txt", content: "hello" },
    origin: { kind: "tap", tapId: "fs", client: { name: "claude-ai", version: "0.1.0" } },
    policy: { value: "unless_read_only", from: "default" },
    annotations: { readOnlyHint: false, destructiveHint: true },
    createdAt: 1_795_000_000_000,
    status: "pending",
    ...over,
  };
}

/** Answers the POST the way the server does: approve → answered with the arguments sent, edited or not. */
function answered(base: ToolApproval, req: RecordedRequest): ToolApproval {
  const body = req.body as ApprovalAnswer;
  if (body.action === "reject")
    return {
      ...base,
      status: "answered",
      decision: { action: "reject", reason: body.reason ?? "The user rejected this tool call.", at: 2 },
    };
  const args = body.arguments ?? base.arguments;
  return { ...base, status: "answered", decision: { action: "approve", arguments: args, edited: body.arguments !== undefined, at: 2 } };
}

function setup(a: ToolApproval, post?: (req: RecordedRequest) => unknown) {
  const router = fetchRouter({
    "GET /api/inbox": () => [{ ...a, source: "approval" }],
    [`POST /api/approvals/${a.id}`]: post ?? ((req) => answered(a, req)),
  });
  vi.stubGlobal("fetch", router.fetch);
  renderWithClient(<ApprovalCard approval={a} />);
  return router;
}

const posts = (router: ReturnType<typeof fetchRouter>) => router.requests.filter((r) => r.method === "POST").map((r) => r.body);

describe("ApprovalCard", () => {
  it("says what is called, by whom and why it waits, with the destructive hint in view", () => {
    setup(approval({ calledAs: "filesystem__write_file" }));
    expect(screen.getByTestId("approval-tool-name").textContent).toBe("write_file");
    expect(screen.getByTestId("approval-called-as").textContent).toContain("filesystem__write_file");
    expect(screen.getByTestId("approval-connection").textContent).toBe("filesystem");
    expect(screen.getByTestId("approval-asker").textContent).toContain("claude-ai 0.1.0");
    // The server's own tap is named in words, not by its internal id.
    expect(screen.getByTestId("approval-asker").textContent).toContain("through this server's tap");
    expect(screen.getByTestId("approval-asker").textContent).not.toContain("tap fs");
    expect(screen.getByTestId("approval-why").textContent).toBe(
      // A tap's own default never asks: a tap's policy that asked was set for it (issue 23).
      "Policy: ask unless the tool is read-only (set for this tap). The tool is not annotated read-only.",
    );
    expect(screen.getByTestId("approval-destructive")).toBeTruthy();
    expect(screen.queryByTestId("approval-read-only")).toBeNull();
  });

  it("names a playground conversation, a per-tool policy and a tool missing from the listing", () => {
    setup(
      approval({
        origin: { kind: "playground", conversationId: "c1", title: "Weather check" },
        policy: { value: "always", from: "tool" },
        annotations: undefined,
        listed: false,
        notListed: '"write_file" is not in the connection\'s tool listing, so it is treated as not read-only',
      }),
    );
    expect(screen.getByTestId("approval-asker").textContent).toContain("Playground “Weather check”");
    expect(screen.getByTestId("approval-asker").textContent).not.toContain("via playground");
    expect(screen.getByTestId("approval-why").textContent).toContain("ask for every call (set for this tool)");
    expect(screen.getByTestId("approval-why").textContent).toContain("not in the connection's tool listing");
    expect(screen.getByTestId("approval-not-listed")).toBeTruthy();
    expect(screen.queryByTestId("approval-destructive")).toBeNull();
  });

  it("says '(the default)' only for the playground's default policy (issue 23)", () => {
    const playground = { kind: "playground" as const, conversationId: "c1", title: "Weather check" };
    setup(approval({ origin: playground, policy: { value: "unless_read_only", from: "default" } }));
    expect(screen.getByTestId("approval-why").textContent).toContain("ask unless the tool is read-only (the default)");
    cleanup();
    setup(approval({ origin: playground, policy: { value: "always", from: "default" } }));
    expect(screen.getByTestId("approval-why").textContent).toContain("ask for every call (set for this conversation)");
  });

  it("a tap set to ask for every call does not call that the default (issue 23)", () => {
    setup(approval({ policy: { value: "always", from: "default" } }));
    expect(screen.getByTestId("approval-why").textContent).toContain("ask for every call (set for this tap)");
    expect(screen.getByTestId("approval-why").textContent).not.toContain("the default");
  });

  it("with several columns, says which column of the playground conversation asked", () => {
    setup(
      approval({
        origin: {
          kind: "playground",
          conversationId: "c1",
          title: "Conversation 1",
          columnId: "col-b",
          columnLabel: "column 2 · openai gpt-4o",
        },
      }),
    );
    expect(screen.getByTestId("approval-asker").textContent).toContain("asked by Playground “Conversation 1”, column 2 · openai gpt-4o");
  });

  it("edited JSON is sent with Approve, and the card then says it was approved with edits", async () => {
    const router = setup(approval());
    const field = screen.getByTestId("approval-args-json");
    fireEvent.change(field, { target: { value: '{ "path": "/tmp/b.txt", "content": "hello" }' } });
    expect(screen.getByTestId("approval-approve").textContent).toContain("Approve with edits");
    fireEvent.click(screen.getByTestId("approval-approve"));
    await waitFor(() => expect(screen.getByTestId("approval-card").dataset.status).toBe("answered"));
    expect(posts(router)).toEqual([{ action: "approve", arguments: { path: "/tmp/b.txt", content: "hello" } }]);
    const decision = screen.getByTestId("approval-decision");
    expect(decision.dataset.edited).toBe("true");
    expect(decision.textContent).toContain("with edited arguments");
    expect(screen.getByTestId("approval-sent-args").textContent).toContain("/tmp/b.txt");
  });

  it("Approve without edits sends no arguments; invalid JSON blocks Approve and keeps the text", async () => {
    const router = setup(approval());
    const field = screen.getByTestId<HTMLTextAreaElement>("approval-args-json");
    fireEvent.change(field, { target: { value: '{ "path": ' } });
    expect(screen.getByTestId("json-error").textContent).toMatch(/Invalid JSON/);
    expect(screen.getByTestId<HTMLButtonElement>("approval-approve").disabled).toBe(true);
    fireEvent.change(field, { target: { value: "[1]" } });
    expect(screen.getByTestId("json-error").textContent).toBe("The arguments must be a JSON object");
    fireEvent.change(field, { target: { value: '{"content":"hello","path":"/tmp/a.txt"}' } });
    expect(screen.getByTestId("approval-approve").textContent).toBe("Approve");
    fireEvent.click(screen.getByTestId("approval-approve"));
    await waitFor(() => expect(screen.getByTestId("approval-decision").dataset.edited).toBe("false"));
    expect(posts(router)).toEqual([{ action: "approve" }]);
  });

  it("Reject sends the reason typed; the card shows what the caller was told", async () => {
    const router = setup(approval());
    fireEvent.change(screen.getByTestId("approval-reason"), { target: { value: "  Not in /tmp, please  " } });
    fireEvent.click(screen.getByTestId("approval-reject"));
    await waitFor(() => expect(screen.getByTestId("approval-decision").dataset.action).toBe("reject"));
    expect(posts(router)).toEqual([{ action: "reject", reason: "Not in /tmp, please" }]);
    expect(screen.getByTestId("approval-reject-reason").textContent).toBe("Not in /tmp, please");
  });

  it("answering keeps keyboard focus on the card (the clicked button goes away with the form)", async () => {
    setup(approval());
    const approve = screen.getByTestId("approval-approve");
    approve.focus();
    fireEvent.click(approve);
    await waitFor(() => expect(screen.getByTestId("approval-decision")).toBeTruthy());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("approval-card")));
  });

  it("with an inputSchema the schema form edits the arguments (its JSON mode too)", async () => {
    const schema = { type: "object", properties: { path: { type: "string" }, content: { type: "string" } }, required: ["path", "content"] };
    const router = setup(approval({ inputSchema: schema }));
    const args = screen.getByTestId("approval-args");
    expect(args.dataset.editor).toBe("schema");
    fireEvent.click(within(args).getByRole("button", { name: "JSON" }));
    const text = within(screen.getByTestId("schema-form-json")).getByRole("textbox");
    fireEvent.change(text, { target: { value: '{ "path": "/tmp/c.txt", "content": "bye" }' } });
    fireEvent.click(screen.getByTestId("approval-approve"));
    await waitFor(() => expect(screen.getByTestId("approval-card").dataset.status).toBe("answered"));
    expect(posts(router)).toEqual([{ action: "approve", arguments: { path: "/tmp/c.txt", content: "bye" } }]);
  });

  it("a 409 (the call went stale meanwhile) is said on the card, and the card shows it stale once re-read", async () => {
    const stale = approval({ status: "stale", reason: "The tap's client disconnected" });
    const router = fetchRouter({
      "GET /api/inbox": () => [{ ...approval(), source: "approval" }],
      "POST /api/approvals/ap-1": () =>
        Response.json(
          { error: { code: "conflict:approval_stale", message: "This tool call no longer waits: The tap's client disconnected" } },
          { status: 409 },
        ),
      "GET /api/approvals/ap-1": () => stale,
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<ApprovalCard approval={approval()} />);
    fireEvent.click(screen.getByTestId("approval-approve"));
    await waitFor(() => expect(screen.getByTestId("approval-answer-error").textContent).toContain("no longer waits"));
    expect(screen.getByTestId("approval-answer-error").dataset.tone).toBe("error");
    expect(screen.getByTestId("approval-answer-error").getAttribute("role")).toBe("alert");
    await waitFor(() => expect(screen.getByTestId("approval-card").dataset.status).toBe("stale"));
    expect(screen.getByTestId("approval-stale").textContent).toContain("The tap's client disconnected");
  });

  it("a 409 for a call that waits on another instance says so, not that it no longer waits, and the card stays pending", async () => {
    const message =
      "This tool call waits on Loupe A (127.0.0.1:1), which stopped answering (its lease lapsed; …): answer again in a moment.";
    const router = fetchRouter({
      "GET /api/inbox": () => [{ ...approval(), source: "approval" }],
      "POST /api/approvals/ap-1": () =>
        Response.json({ error: { code: "conflict:approval_elsewhere", message, details: { live: false, retry: true } } }, { status: 409 }),
      "GET /api/approvals/ap-1": () => approval(),
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<ApprovalCard approval={approval()} />);
    fireEvent.click(screen.getByTestId("approval-approve"));
    const said = await screen.findByTestId("approval-answer-error");
    expect(said.textContent).toContain("This call waits on another Loupe instance");
    expect(said.textContent).toContain("Loupe A (127.0.0.1:1), which stopped answering");
    expect(said.textContent).not.toContain("no longer waits");
    // Nothing failed: a waiting notice (amber, role=status), not the destructive alert.
    expect(said.dataset.tone).toBe("waiting");
    expect(said.getAttribute("role")).toBe("status");
    expect(said.className).toContain("amber");
    expect(said.className).not.toContain("destructive");
    expect(screen.getByTestId("approval-card").dataset.status).toBe("pending");
    expect(screen.getByTestId("approval-approve")).toBeTruthy();
  });
});

describe("approvals in the inbox", () => {
  it("lists an approval row with interrupts, counts it as waiting and filters it by its own chip", async () => {
    const rows: InboxRow[] = [
      { ...approval(), source: "approval" },
      {
        ...approval({ id: "ap-0", status: "answered", createdAt: 1, decision: { action: "reject", reason: "no", at: 3 } }),
        source: "approval",
      },
    ];
    vi.stubGlobal("fetch", fetchRouter({ "GET /api/inbox": () => rows }).fetch);
    renderWithClient(<InboxView onOpen={() => undefined} />);
    await waitFor(() => expect(screen.getAllByTestId("approval-card")).toHaveLength(2));
    expect(screen.getByTestId("inbox-waiting").dataset.count).toBe("1");
    const items = screen.getAllByTestId("inbox-item");
    expect(items.map((i) => [i.dataset.source, i.dataset.kind, i.dataset.status])).toEqual([
      ["approval", "tool_approval", "pending"],
      ["approval", "tool_approval", "answered"],
    ]);
    expect(screen.getByTestId("filter-kind-tool_approval").textContent).toContain("Tool call approval");
    fireEvent.click(screen.getByTestId("filter-status-answered"));
    expect(screen.getAllByTestId("inbox-item").map((i) => i.dataset.status)).toEqual(["answered"]);
  });
});
