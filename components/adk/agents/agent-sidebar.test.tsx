// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { AgentServerView, InboxItem } from "@/lib/contracts/agents";
import { EMPTY_LOCATION, type WorkbenchLocation } from "@/lib/workbench/location";
import { AgentSidebar } from "@/components/adk/agents/agent-sidebar";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LOCATION: WorkbenchLocation = EMPTY_LOCATION;

const agent = (id: string, status: AgentServerView["state"]["status"], apps: string[]): AgentServerView => ({
  id,
  name: id,
  url: "http://127.0.0.1:8000",
  headers: {},
  userId: "user",
  createdAt: 1,
  state: { status, apps },
});

// As GET /api/inbox lists them: every row names its source.
const item = (id: string, status: InboxItem["status"]) =>
  ({ source: "adk", id, kind: "input", status, agentId: "demo", sessionKey: `app/user/${id}`, sessionId: id }) as unknown as InboxItem;

function setup(location: WorkbenchLocation = LOCATION) {
  const router = fetchRouter({
    "GET /api/agents": () => [agent("demo", "ok", ["a", "b"]), agent("down", "error", [])],
    "GET /api/inbox": () => [item("i1", "pending"), item("i2", "answered")],
    "POST /api/agents": (req) => Response.json({ ...agent("new", "ok", ["x"]), ...(req.body as object), id: "new" }, { status: 201 }),
  });
  vi.stubGlobal("fetch", router.fetch);
  const navigate = vi.fn();
  renderWithClient(<AgentSidebar location={location} navigate={navigate} />);
  return { router, navigate };
}

describe("AgentSidebar", () => {
  it("lists agent servers with their status and app count", async () => {
    const { navigate } = setup();
    await waitFor(() => expect(screen.getAllByTestId("agent-item")).toHaveLength(2));
    const items = screen.getAllByTestId("agent-item");
    expect(items.map((i) => i.getAttribute("data-status"))).toEqual(["ok", "error"]);
    expect(items[0]!.textContent).toContain("2 apps");
    fireEvent.click(items[1]!);
    expect(navigate).toHaveBeenLastCalledWith({ agentId: "down", app: null, sessionId: null, userId: null });
  });

  it("on the inbox, an agent row under the pointer does not look selected: hover is lighter than the selected style", async () => {
    // Clicking Inbox from the playground moves the sidebar up under the pointer: the agent row it
    // lands on took the selected row's very background (hover:bg-accent = bg-accent) and read as open.
    setup({ ...EMPTY_LOCATION, view: "inbox" });
    await waitFor(() => expect(screen.getAllByTestId("agent-item")).toHaveLength(2));
    const classes = (el: Element) => el.className.split(/\s+/);
    for (const row of screen.getAllByTestId("agent-item")) {
      expect(row.getAttribute("aria-selected")).toBe("false");
      expect(classes(row)).not.toContain("bg-accent");
      expect(classes(row)).not.toContain("hover:bg-accent");
      expect(classes(row)).toContain("hover:bg-accent/50");
    }
    cleanup();
    setup({ ...EMPTY_LOCATION, agentId: "demo" });
    await waitFor(() => expect(screen.getAllByTestId("agent-item")).toHaveLength(2));
    const [demo, down] = screen.getAllByTestId("agent-item");
    expect(classes(demo!)).toContain("bg-accent");
    expect(classes(down!)).not.toContain("bg-accent");
  });

  it("reads Loading… until the list answers, and the empty text only when it is really empty", async () => {
    let answer: (agents: AgentServerView[]) => void = () => undefined;
    const pending = new Promise<AgentServerView[]>((resolve) => (answer = resolve));
    const router = fetchRouter({ "GET /api/agents": () => pending, "GET /api/inbox": () => [] });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<AgentSidebar location={LOCATION} navigate={vi.fn()} />);
    await waitFor(() => expect(router.requests.some((r) => r.path === "/api/agents")).toBe(true));
    expect(screen.getByText("Loading…")).toBeTruthy();
    expect(screen.queryByText("No agent servers yet.")).toBeNull();
    answer([]);
    await screen.findByText("No agent servers yet.");
    expect(screen.queryByText("Loading…")).toBeNull();
  });

  it("adds an agent server with a masked header and opens it", async () => {
    const { router, navigate } = setup();
    fireEvent.click(await screen.findByTestId("add-agent"));
    expect(screen.getByTestId("add-agent-dialog")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "mine" } });
    fireEvent.change(screen.getByLabelText("URL"), { target: { value: "http://127.0.0.1:9000" } });
    fireEvent.change(screen.getByLabelText("User id"), { target: { value: "ada" } });
    fireEvent.click(screen.getByText("Add header"));
    fireEvent.change(screen.getByLabelText("header name 1"), { target: { value: "Authorization" } });
    const value = screen.getByLabelText<HTMLInputElement>("header value 1");
    expect(value.type).toBe("password");
    fireEvent.change(value, { target: { value: "Bearer t" } });
    fireEvent.click(screen.getByTestId("save-agent"));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ agentId: "new", app: null, sessionId: null, userId: null }));
    expect(router.requests.find((r) => r.method === "POST")!.body).toEqual({
      name: "mine",
      url: "http://127.0.0.1:9000",
      userId: "ada",
      headers: { Authorization: "Bearer t" },
    });
    await waitFor(() => expect(screen.queryByTestId("add-agent-dialog")).toBeNull());
  });
});
