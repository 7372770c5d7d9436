// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useQuery } from "@tanstack/react-query";
import { connectionsQuery } from "@/lib/queries/connections";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { ConnectionState, ConnectionView, RootEntry } from "@/lib/contracts/connections";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { ClientPanel } from "@/components/mcp/client-settings/client-panel";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { pathToFileUri } from "@/lib/queries/client-settings";
import { everythingToolCount } from "@/lib/protocols/mcp/client-hints";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** As the workbench renders it: the connection comes from the connections list in the cache. */
function Harness() {
  const { data } = useQuery(connectionsQuery());
  return data?.[0] ? <ClientPanel connection={data[0]} /> : null;
}

const EVERYTHING_STATE: Partial<ConnectionState> = { serverInfo: { name: "mcp-servers/everything", version: "2.0.0" } };

interface SetupOptions {
  rootsStatus?: number;
  state?: Partial<ConnectionState>;
  requests?: McpClientRequest[];
  toolCount?: number;
}

function setup(over: Partial<ConnectionView> = {}, opts: SetupOptions = {}) {
  let connection = connectionFixture(
    { env: { TOKEN: SECRET_MASK }, roots: [{ uri: "file:///srv/a", name: "A" }], ...over },
    opts.state ?? EVERYTHING_STATE,
  );
  const router = fetchRouter({
    "GET /api/connections": () => [connection],
    "GET /api/connections/everything/requests": () => opts.requests ?? [],
    "GET /api/connections/everything/tools": () => ({
      tools: Array.from({ length: opts.toolCount ?? 17 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: "object" } })),
    }),
    "GET /api/connections/everything/roots": () => ({ roots: connection.roots ?? [], requests: { count: 3, lastAt: 1_700_000_000_000 } }),
    "PUT /api/connections/everything/roots": (req) => {
      if (opts.rootsStatus) {
        const error = { code: "upstream:roots_list_changed", message: "The roots were saved but the server could not be told: gone" };
        return Response.json({ error }, { status: opts.rootsStatus });
      }
      connection = { ...connection, roots: (req.body as { roots: RootEntry[] }).roots };
      return connection;
    },
    "PATCH /api/connections/everything": (req) => (connection = { ...connection, ...(req.body as object) }),
  });
  vi.stubGlobal("fetch", router.fetch);
  const view = renderWithClient(<Harness />);
  return { router, ...view };
}

describe("everythingToolCount / pathToFileUri", () => {
  it("predicts server-everything's 13 / 17 / 19 tools", () => {
    const off = { sampling: false, elicitationForm: false, elicitationUrl: false, roots: false, tasks: false };
    expect(everythingToolCount(off)).toBe(13);
    expect(everythingToolCount({ ...off, sampling: true, elicitationForm: true, elicitationUrl: true, roots: true })).toBe(17);
    expect(everythingToolCount({ sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, tasks: true })).toBe(19);
    expect(everythingToolCount({ ...off, elicitationForm: true })).toBe(14);
  });

  it("turns absolute paths into file:// URIs and leaves URIs alone", () => {
    expect(pathToFileUri("/home/me/my project")).toBe("file:///home/me/my%20project");
    expect(pathToFileUri("C:\\Users\\me")).toBe("file:///C:/Users/me");
    expect(pathToFileUri("file:///x")).toBeNull();
    expect(pathToFileUri("relative/dir")).toBeNull();
  });
});

describe("ClientPanel", () => {
  it("shows the saved capabilities and saves a new choice with the whole (masked) config, then reconnects", async () => {
    const { router } = setup();
    await screen.findByTestId("client-panel");
    expect(screen.getByTestId("capability-sampling").getAttribute("data-state")).toBe("checked");
    expect(screen.getByTestId("capability-tasks").getAttribute("data-state")).toBe("unchecked");
    expect(screen.getByTestId("capability-tool-hint").textContent).toContain("registers 17 tools");
    const save = screen.getByTestId<HTMLButtonElement>("save-capabilities");
    expect(save.disabled).toBe(true);

    fireEvent.click(screen.getByTestId("capability-tasks"));
    expect(screen.getByTestId("capability-tool-hint").textContent).toContain("registers 19 tools");
    fireEvent.click(screen.getByTestId("capability-sampling"));
    expect(screen.getByTestId("capability-tool-hint").textContent).toContain("registers 17 tools");
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    await waitFor(() => expect(router.requests.some((r) => r.method === "PATCH")).toBe(true));
    const patch = router.requests.find((r) => r.method === "PATCH")!;
    expect(patch.path).toBe("/api/connections/everything");
    expect(patch.body).toEqual({
      name: "everything",
      transport: "stdio",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-everything"],
      env: { TOKEN: SECRET_MASK },
      requestTimeoutMs: 60_000,
      roots: [{ uri: "file:///srv/a", name: "A" }],
      clientCapabilities: { sampling: false, elicitationForm: true, elicitationUrl: true, roots: true, tasks: true },
    });
    // The saved choice comes back as the connection: the form starts over from it.
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>("save-capabilities").disabled).toBe(true));
    expect(screen.getByTestId("capability-sampling").getAttribute("data-state")).toBe("unchecked");
  });

  it("edits roots: converts a typed path, removes a row, saves them with PUT and says list_changed was sent", async () => {
    const { router } = setup();
    await screen.findByTestId("client-panel");
    expect(await within(screen.getByTestId("roots-editor")).findByText(/asked for roots 3 times/)).toBeTruthy();
    expect(screen.getAllByTestId("root-row")).toHaveLength(1);
    fireEvent.click(screen.getByText("Add root"));
    const save = screen.getByTestId<HTMLButtonElement>("save-roots");
    expect(save.disabled).toBe(true);
    expect(screen.getByText("Root 2 needs a URI.")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Root URI 2"), { target: { value: "/home/me/proj" } });
    fireEvent.click(screen.getByText("Use file:///home/me/proj"));
    expect(screen.getByLabelText<HTMLInputElement>("Root URI 2").value).toBe("file:///home/me/proj");
    fireEvent.change(screen.getByLabelText("Root name 2"), { target: { value: " Project " } });
    fireEvent.click(screen.getByLabelText("Remove root 1"));
    expect(screen.getAllByTestId("root-row")).toHaveLength(1);
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    await waitFor(() => expect(router.requests.some((r) => r.method === "PUT")).toBe(true));
    expect(router.requests.find((r) => r.method === "PUT")!.body).toEqual({ roots: [{ uri: "file:///home/me/proj", name: "Project" }] });
    expect((await screen.findByTestId("roots-saved")).textContent).toContain("notifications/roots/list_changed");
  });

  it("keeps the draft and shows the server's message when saving roots fails", async () => {
    setup({}, { rootsStatus: 502 });
    await screen.findByTestId("client-panel");
    fireEvent.change(screen.getByLabelText("Root URI 1"), { target: { value: "file:///srv/b" } });
    fireEvent.click(screen.getByTestId("save-roots"));
    expect((await screen.findByTestId("roots-error")).textContent).toContain("could not be told: gone");
    expect(screen.getByLabelText<HTMLInputElement>("Root URI 1").value).toBe("file:///srv/b");
  });

  it("hints about the connected server, not server-everything, for any other server", async () => {
    const request = (id: string, kind: McpClientRequest["kind"], params: Record<string, unknown> = {}): McpClientRequest => ({
      id,
      connectionId: "everything",
      connectionName: "weather",
      sessionKey: null,
      kind,
      jsonrpcId: id,
      params,
      createdAt: 1,
      status: "answered",
    });
    setup(
      { name: "weather", args: ["weather.js"] },
      {
        state: { serverInfo: { name: "acme-weather", version: "1.2.0" }, capabilities: { tools: {}, resources: {} } },
        requests: [request("r1", "sampling"), request("r2", "sampling", { task: { ttl: 1000 } }), request("r3", "elicitation_form")],
        toolCount: 4,
      },
    );
    const panel = await screen.findByTestId("client-panel");
    expect(screen.getByTestId("client-server-hint").textContent).toBe("acme-weather 1.2.0 declares tools, resources.");
    await waitFor(() => expect(screen.getByTestId("capability-hint-sampling").textContent).toBe("This server asked for sampling 2 times."));
    expect(screen.getByTestId("capability-hint-elicitationForm").textContent).toBe("This server asked for a form once.");
    expect(screen.getByTestId("capability-hint-elicitationUrl").textContent).toBe("This server has not asked for a URL visit so far.");
    await waitFor(() => expect(screen.getByTestId("capability-hint-roots").textContent).toBe("This server asked for roots 3 times."));
    expect(screen.getByTestId("capability-hint-tasks").textContent).toBe("This server sent 1 request as tasks.");
    expect((await screen.findByTestId("capability-tools-now")).textContent).toContain("It lists 4 tools");
    // Nothing of server-everything's: its notes and its tool counts belong to it alone.
    expect(panel.textContent).not.toMatch(/everything|trigger-|get-roots-list|registers/);
    expect(screen.queryByTestId("capability-tool-hint")).toBeNull();
  });

  it("says when the roots capability is off and warns about non-file URIs", async () => {
    setup({ clientCapabilities: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: false, tasks: false } });
    await screen.findByTestId("client-panel");
    const editor = screen.getByTestId("roots-editor");
    expect(within(editor).getByTestId("roots-requests").textContent).toContain("roots capability is off");
    fireEvent.change(screen.getByLabelText("Root URI 1"), { target: { value: "https://example.com" } });
    expect(within(editor).getByText(/MCP roots are file:\/\/ URIs/)).toBeTruthy();
  });

  it("says where the capabilities are declared by the era: initialize on 2025-11-25, each request on 2026-07-28", async () => {
    const era = (mode: "modern" | "legacy") => ({
      ...EVERYTHING_STATE,
      era: { version: mode === "modern" ? "2026-07-28" : "2025-11-25", mode, why: "test" },
    });
    setup({}, { state: era("modern") });
    const where = await screen.findByTestId("client-capabilities");
    expect(where.textContent).toContain("What Loupe declares with each request");
    expect(where.textContent).not.toContain("declares in initialize");
    expect(screen.getByText("Declared with each request of this connection.")).toBeTruthy();
    cleanup();

    setup({}, { state: era("legacy") });
    expect((await screen.findByTestId("client-capabilities")).textContent).toContain("What Loupe declares in initialize.");
    expect(screen.getByText("Declared in the current session.")).toBeTruthy();
    cleanup();

    // Not connected yet but pinned to 2026-07-28: no initialize will be sent either.
    setup({ protocolEra: "2026-07-28" }, { state: { ...EVERYTHING_STATE, status: "disconnected" } });
    expect((await screen.findByTestId("client-capabilities")).textContent).toContain("What Loupe declares with each request");
  });
});
