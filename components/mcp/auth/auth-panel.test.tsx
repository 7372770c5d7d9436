// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { Entry } from "@/lib/contracts/entries";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { AuthEvent, AuthHttpExchange, AuthSummary } from "@/lib/contracts/auth";
import { AuthPanel } from "@/components/mcp/auth/auth-panel";
import { stepsOf } from "@/components/mcp/auth/auth-log";
import { AuthExchanges } from "@/components/mcp/auth/auth-exchanges";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

beforeEach(() => {
  // happy-dom does no layout: give the virtualized log's scroller a height so rows render.
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(800);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

let seq = 0;
const http = (x: Partial<AuthHttpExchange>): Entry => ({
  seq: ++seq,
  connectionId: "r",
  sessionKey: null,
  receivedAt: 1_700_000_000_000,
  sourceTime: null,
  direction: "out",
  protocol: "loupe",
  kind: "auth_http",
  rawBytes: 1,
  raw: {
    phase: "resource",
    method: "GET",
    url: "http://as/x",
    status: 200,
    requestHeaders: {},
    responseStatus: 200,
    responseHeaders: {},
    ms: 3,
    ...x,
    ...(x.status !== undefined ? { responseStatus: x.status } : {}),
  },
});
const event = (ev: AuthEvent): Entry => ({ ...http({}), seq: ++seq, kind: "auth_event", direction: "local", raw: ev });

const flow: Entry[] = [
  http({ phase: "resource", method: "POST", status: 401, responseHeaders: { "www-authenticate": 'Bearer resource_metadata="x"' } }),
  http({ phase: "prm-discovery", status: 200 }),
  http({ phase: "as-discovery", status: 404 }),
  http({ phase: "as-discovery", status: 200 }),
  http({ phase: "registration", method: "POST", status: 201, requestBody: { client_name: "Loupe" } }),
  event({ phase: "authorization", event: "authorization_needed", ok: true, message: "Authorization needed: open the authorization page" }),
  event({ phase: "authorization", event: "callback", ok: true, message: "code" }),
  http({
    phase: "token",
    method: "POST",
    status: 400,
    requestBody: { code: SECRET_MASK },
    responseBody: { error: "invalid_grant", error_description: "PKCE verification failed" },
  }),
];

describe("stepsOf", () => {
  it("gives each phase of the flow in order, a discovery 404 followed by a success counting as ok", () => {
    expect(stepsOf(flow).map((s) => [s.phase, s.status])).toEqual([
      ["resource", "ok"],
      ["prm-discovery", "ok"],
      ["as-discovery", "ok"],
      ["registration", "ok"],
      ["authorization", "ok"],
      ["token", "failed"],
    ]);
    expect(stepsOf(flow.slice(0, 6)).at(-1)).toMatchObject({ phase: "authorization", status: "waiting" });
  });

  it("skips a log entry that does not have its kind's shape, and the log shows it raw instead of failing", () => {
    const odd: Entry = { ...http({}), seq: ++seq, kind: "auth_event", raw: null };
    const alien: Entry = { ...http({}), seq: ++seq, raw: { phase: "teleport", method: "GET", url: "x", status: 200 } };
    expect(stepsOf([odd, alien, ...flow.slice(0, 2)]).map((s) => s.phase)).toEqual(["resource", "prm-discovery"]);
    render(<AuthExchanges entries={[odd, alien, flow[0]!]} />);
    expect(screen.getAllByTestId("auth-unread")).toHaveLength(2);
    expect(screen.getAllByTestId("auth-exchange")).toHaveLength(1);
  });
});

describe("AuthExchanges", () => {
  it("renders only a window of a 5,000-entry log, and an opened exchange stays open when scrolled out and back", () => {
    const many = Array.from({ length: 5_000 }, (_, i) =>
      http({ phase: i % 2 ? "refresh" : "token", method: "POST", status: 200, url: `http://as/token/${i}` }),
    );
    render(<AuthExchanges entries={many} />);
    const shown = () => screen.getAllByTestId("auth-exchange");
    const urls = () => shown().map((d) => d.querySelector("summary [title]")!.getAttribute("title"));
    expect(shown().length).toBeGreaterThan(5);
    expect(shown().length).toBeLessThan(60);
    expect(urls()[0]).toBe("http://as/token/0");

    const details = shown()[0] as HTMLDetailsElement;
    act(() => {
      details.open = true;
      details.dispatchEvent(new Event("toggle"));
    });
    const scroller = screen.getByTestId("auth-exchanges-scroll");
    act(() => {
      scroller.scrollTop = 30 * 4_000;
      fireEvent.scroll(scroller);
    });
    expect(urls()).toContain("http://as/token/4000");
    expect(urls()).not.toContain("http://as/token/0");
    expect(shown().length).toBeLessThan(60);
    act(() => {
      scroller.scrollTop = 0;
      fireEvent.scroll(scroller);
    });
    expect(urls()[0]).toBe("http://as/token/0");
    expect((shown()[0] as HTMLDetailsElement).open).toBe(true);
    expect((shown()[1] as HTMLDetailsElement).open).toBe(false);
  });
});

describe("AuthPanel", () => {
  const remote = connectionFixture(
    {
      id: "r",
      name: "remote",
      transport: "http",
      url: "http://127.0.0.1:1/mcp",
      headers: { Authorization: SECRET_MASK },
      oauth: { enabled: true },
    } as never,
    {
      status: "error",
      auth: {
        status: "needs_authorization",
        authorizationUrl: "http://as/authorize?x",
        message: "Authorization needed: open the authorization page",
      },
    },
  );
  const summary: AuthSummary = {
    enabled: true,
    grant: "authorization_code",
    redirectUrl: "http://127.0.0.1:6280/oauth/callback",
    conflictingAuthorizationHeader: true,
    client: { clientId: "dyn-1", registration: "dynamic", hasSecret: false },
  };

  it("shows the status, the conflict warning, the steps, and each exchange with its masked bodies", async () => {
    const router = fetchRouter({ "GET /api/connections/r/auth": () => summary, "GET /api/connections/r/auth/log": () => flow });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<AuthPanel connection={remote} />);
    expect(screen.getByTestId("auth-status").textContent).toBe("Authorization needed");
    expect(screen.getByTestId("auth-message").textContent).toContain("open the authorization page");
    await waitFor(() => expect(screen.getByTestId("auth-steps")).toBeTruthy());
    expect(screen.getByTestId("auth-header-conflict")).toBeTruthy();
    expect(screen.getByTestId("auth-step-token").getAttribute("data-status")).toBe("failed");
    const token = screen.getAllByTestId("auth-exchange").find((d) => d.getAttribute("data-phase") === "token")!;
    expect(token.textContent).toContain("PKCE verification failed");
    expect(token.textContent).toContain(SECRET_MASK);
    expect(screen.getByTestId("auth-summary").textContent).toContain("dyn-1 (dynamic, public)");
  });

  it("Authorize asks the server for the URL and sends the tab there", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, href: window.location.href, assign });
    const router = fetchRouter({
      "GET /api/connections/r/auth": () => summary,
      "GET /api/connections/r/auth/log": () => [],
      "POST /api/connections/r/auth/authorize": () => ({ authorized: false, authorizationUrl: "http://as/authorize?fresh" }),
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<AuthPanel connection={remote} />);
    expect(screen.getByText("No authorization has been attempted yet.")).toBeTruthy();
    fireEvent.click(screen.getByTestId("authorize"));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("http://as/authorize?fresh"));
  });

  it("client credentials: the button gets a token instead of opening a page, and the summary names the grant", async () => {
    const machine = { ...remote, oauth: { enabled: true, grant: "client_credentials", clientId: "svc" } } as never;
    const router = fetchRouter({
      "GET /api/connections/r/auth": () => ({ ...summary, grant: "client_credentials" }),
      "GET /api/connections/r/auth/log": () => [],
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<AuthPanel connection={machine} />);
    expect(screen.getByTestId("authorize").textContent).toContain("Get a token");
    expect((await screen.findByTestId("auth-grant")).textContent).toMatch(/client credentials/);
    expect(screen.getByTestId("auth-summary").textContent).not.toContain("Redirect URL");
  });

  it("a client that signs a JWT with its private key reads 'with a private key', not 'with a secret'", async () => {
    const client = { clientId: "loupe-jwt", registration: "pre-registered", hasSecret: true, authMethod: "private_key_jwt" };
    const router = fetchRouter({
      "GET /api/connections/r/auth": () => ({ ...summary, grant: "client_credentials", client }),
      "GET /api/connections/r/auth/log": () => [],
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<AuthPanel connection={remote} />);
    await screen.findByTestId("auth-grant");
    expect(screen.getByTestId("auth-summary").textContent).toContain("loupe-jwt (pre-registered, with a private key, private_key_jwt)");
  });

  it("says OAuth is off for a remote connection without it", () => {
    const router = fetchRouter({
      "GET /api/connections/r/auth": () => ({ ...summary, enabled: false }),
      "GET /api/connections/r/auth/log": () => [],
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<AuthPanel connection={{ ...remote, oauth: undefined } as never} />);
    expect(screen.getByTestId("auth-off")).toBeTruthy();
    expect(screen.queryByTestId("authorize")).toBeNull();
  });
});
