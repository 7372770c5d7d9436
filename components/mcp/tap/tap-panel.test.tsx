// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { TapSecret, TapView } from "@/lib/contracts/taps";
import { TapPanel } from "@/components/mcp/tap/tap-panel";
import { TAP_ROOTS_OFF, TAP_ROOTS_RULE } from "@/components/mcp/tap/tap-roots";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { RoleContext } from "@/components/elements/role";
import type { Me } from "@/lib/contracts/people";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const KEY = "k".repeat(39) + "WXYZ";
const view = (over: Partial<TapView> = {}): TapView => ({
  id: "everything",
  kind: "connection",
  name: "everything",
  connectionIds: ["everything"],
  url: "http://127.0.0.1:6280/mcp/everything",
  sseUrl: "http://127.0.0.1:6280/mcp/everything/sse",
  keyHint: "WXYZ",
  policy: "never",
  toolPolicies: {},
  createdAt: 1,
  clients: [],
  ...over,
});
const BIN = "/home/ada/loupe/bin/loupe.mjs";
const secret = (over: Partial<TapView> = {}): TapSecret => ({ tap: view(over), url: view().url, key: KEY, bin: BIN });

/** The API of a tapped connection with no tools, as fetch. */
function stubTapped() {
  const router = fetchRouter({
    "GET /api/connections/everything/tap": () => secret(),
    "GET /api/taps": () => [],
    "GET /api/connections": () => [],
    "GET /api/connections/everything/tools": () => ({ tools: [], pages: 1, listedAt: 1 }),
  });
  vi.stubGlobal("fetch", router.fetch);
  return router;
}

describe("TapPanel", () => {
  it("an off tap is read once, not every 5 s (a 200 { tap: null }, once a 404 in the console each time), once on it is followed", async () => {
    let on: TapSecret | null = null;
    const router = fetchRouter({
      "GET /api/connections/everything/tap": () => on ?? { tap: null },
      "POST /api/connections/everything/tap": () => (on = secret()),
      "GET /api/taps": () => [],
      "GET /api/connections": () => [],
      "GET /api/connections/everything/tools": () => ({ tools: [], pages: 1, listedAt: 1 }),
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<TapPanel connection={connectionFixture()} allConnections={[connectionFixture()]} />);
    await waitFor(() => expect(router.requests.filter((r) => r.path === "/api/connections/everything/tap")).toHaveLength(1));
    const gets = () => router.requests.filter((r) => r.method === "GET" && r.path === "/api/connections/everything/tap").length;
    await new Promise((r) => setTimeout(r, 5_600));
    expect(gets()).toBe(1);
    fireEvent.click(screen.getByTestId("tap-switch"));
    await waitFor(() => expect(screen.getByTestId("tap-panel").dataset.state).toBe("on"));
    await waitFor(() => expect(gets()).toBe(2), { timeout: 7_000 });
  }, 20_000);

  it("off: a switch that turns the tap on with POST …/tap, then shows the URL with the key masked until Show", async () => {
    let on: TapSecret | null = null;
    const router = fetchRouter({
      "GET /api/connections/everything/tap": () => on ?? { tap: null },
      "POST /api/connections/everything/tap": () => (on = secret()),
      "GET /api/taps": () => [],
      "GET /api/connections": () => [],
      "GET /api/connections/everything/tools": () => ({
        tools: [{ name: "echo", inputSchema: { type: "object" } }],
        pages: 1,
        listedAt: 1,
      }),
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<TapPanel connection={connectionFixture()} allConnections={[connectionFixture()]} />);
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>("tap-switch").disabled).toBe(false));
    expect(screen.getByTestId("tap-panel").dataset.state).toBe("off");
    expect(screen.queryByTestId("tap-url")).toBeNull();

    fireEvent.click(screen.getByTestId("tap-switch"));
    await waitFor(() => expect(screen.getByTestId("tap-url").textContent).toBe("http://127.0.0.1:6280/mcp/everything"));
    expect(router.requests.some((r) => r.method === "POST" && r.path === "/api/connections/everything/tap")).toBe(true);
    // The legacy HTTP+SSE URL beside it, and whose roots the server sees (issue 23).
    expect(screen.getByTestId("tap-sse-url").textContent).toBe("http://127.0.0.1:6280/mcp/everything/sse");
    expect(screen.getByTestId("tap-roots").textContent).toBe(TAP_ROOTS_RULE);
    const key = screen.getByTestId("tap-key");
    expect(key.textContent).toBe("••••••••WXYZ");
    expect(screen.getByTestId("tap-snippet-text").textContent).not.toContain(KEY);
    fireEvent.click(screen.getByTestId("tap-key-toggle"));
    expect(screen.getByTestId("tap-key").textContent).toBe(KEY);
    // Claude Desktop runs the loupe-inspector package (never `npx loupe`, an unrelated npm package);
    // offline, this Loupe's own bridge with node.
    expect(JSON.parse(screen.getByTestId("tap-snippet-text").textContent ?? "")).toEqual({
      mcpServers: { everything: { command: "npx", args: ["-y", "loupe-inspector", "tap", "everything"] } },
    });
    fireEvent.click(screen.getByTestId("tap-snippet-claude-node"));
    expect(JSON.parse(screen.getByTestId("tap-snippet-text").textContent ?? "")).toEqual({
      mcpServers: { everything: { command: "node", args: [BIN, "tap", "everything"] } },
    });
    fireEvent.click(screen.getByTestId("tap-snippet-vscode"));
    expect(screen.getByTestId("tap-snippet-text").textContent).toContain(`"Authorization": "Bearer ${KEY}"`);
    expect(screen.getByTestId("tap-clients-empty")).toBeTruthy();
  });

  it("on: changing the policy and a per-tool override POSTs them; the clients seen are listed", async () => {
    const router = fetchRouter({
      "GET /api/connections/everything/tap": () =>
        secret({ clients: [{ name: "Claude Desktop", version: "0.9", protocolVersion: "2025-11-25", firstSeenAt: 1, lastSeenAt: 2 }] }),
      "POST /api/connections/everything/tap": (req) => secret(req.body as Partial<TapView>),
      "GET /api/taps": () => [],
      "GET /api/connections": () => [],
      "GET /api/connections/everything/tools": () => ({
        tools: [{ name: "echo", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } }],
        pages: 1,
        listedAt: 1,
      }),
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<TapPanel connection={connectionFixture()} allConnections={[connectionFixture()]} />);
    await waitFor(() => expect(screen.getByTestId("tap-client").textContent).toContain("Claude Desktop"));
    expect(screen.getByTestId("tap-client").textContent).toContain("2025-11-25 (session)");

    // Short option labels (the long ones were cut in the select at 1440 px); the meaning is said under it.
    const options = [...screen.getByTestId("tap-policy-select").querySelectorAll("option")].map((o) => o.textContent ?? "");
    expect(options).toEqual(["Never ask", "Ask unless read-only", "Ask for every call"]);
    expect(screen.getByTestId("tap-policy-help").textContent).toBe("Calls go straight to the server.");
    fireEvent.change(screen.getByTestId("tap-policy-select"), { target: { value: "always" } });
    await waitFor(() =>
      expect(router.requests.some((r) => r.method === "POST" && JSON.stringify(r.body) === '{"policy":"always","toolPolicies":{}}')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(screen.getByTestId("tap-policy-help").textContent).toBe("Every call waits in the inbox for your approval."));
    await waitFor(() => expect(screen.getByTestId("tap-tool-policies-toggle")).toBeTruthy());
    fireEvent.click(screen.getByTestId("tap-tool-policies-toggle"));
    fireEvent.change(screen.getByLabelText("Approval for echo"), { target: { value: "never" } });
    await waitFor(() =>
      expect(
        router.requests.some(
          (r) => r.method === "POST" && JSON.stringify(r.body) === '{"policy":"always","toolPolicies":{"everything/echo":"never"}}',
        ),
      ).toBe(true),
    );
  });

  it("says the server is not asked for roots when the connection's roots are off", async () => {
    stubTapped();
    const off = connectionFixture({
      clientCapabilities: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: false, tasks: false },
    });
    renderWithClient(<TapPanel connection={off} allConnections={[off]} />);
    await waitFor(() => expect(screen.getByTestId("tap-roots").dataset.state).toBe("off"));
    expect(screen.getByTestId("tap-roots").textContent).toBe(TAP_ROOTS_OFF);
  });

  it("shows the sessions Loupe ended and the clients it refused, newest first, in the words the client read", async () => {
    const ended = 'Loupe ended session s1: "greedy" opened a new session and may keep 2 on this tap (LOUPE_TAP_MAX_CLIENT_SESSIONS)';
    const refused = 'The client "greedy" already has 2 sessions open on this tap, all busy (LOUPE_TAP_MAX_CLIENT_SESSIONS)';
    const router = fetchRouter({
      "GET /api/connections/everything/tap": () =>
        secret({
          turnedAway: [
            { at: 2, kind: "refused", client: "greedy", status: 429, message: refused },
            { at: 1, kind: "ended", client: "greedy", message: ended },
          ],
        }),
      "GET /api/taps": () => [],
      "GET /api/connections": () => [],
      "GET /api/connections/everything/tools": () => ({ tools: [], pages: 1, listedAt: 1 }),
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<TapPanel connection={connectionFixture()} allConnections={[connectionFixture()]} />);
    await waitFor(() => expect(screen.getAllByTestId("tap-turned-away-item")).toHaveLength(2));
    const [first, second] = screen.getAllByTestId("tap-turned-away-item");
    expect(first!.dataset.kind).toBe("refused");
    expect(first!.textContent).toContain("refused · 429");
    expect(first!.textContent).toContain(refused);
    expect(second!.textContent).toContain("session ended");
    expect(second!.textContent).toContain(ended);
  });
});

describe("TapPanel for a role that is not an admin (issue 25)", () => {
  it("disables the switch, the key's rotation and the policy, the reason in their title", async () => {
    stubTapped();
    const viewer: Me = { team: true, actor: { kind: "person", name: "Ann", role: "viewer" } };
    renderWithClient(
      <RoleContext.Provider value={viewer}>
        <TapPanel connection={connectionFixture()} allConnections={[connectionFixture()]} />
      </RoleContext.Provider>,
    );
    await waitFor(() => expect(screen.getByTestId("tap-panel").dataset.state).toBe("on"));
    const why = "Needs the admin role (an admin adds servers and agents, runs tools, changes taps and settings); you are a viewer.";
    for (const id of ["tap-switch", "tap-rotate", "aggregate-tap-new"]) {
      expect(screen.getByTestId<HTMLButtonElement>(id).disabled).toBe(true);
      expect(screen.getByTestId(id).title).toBe(why);
    }
    expect(screen.getAllByTestId("admin-guard").every((g) => (g as HTMLFieldSetElement).disabled && g.title === why)).toBe(true);
  });
});
