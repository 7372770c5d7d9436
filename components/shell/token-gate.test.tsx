// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { TokenGate } from "@/components/shell/token-gate";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.history.replaceState(null, "", "/");
});

function stubApi(status: number) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response("[]", { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("TokenGate", () => {
  it("says to open the printed address when this browser holds no token and the API wants one", async () => {
    const fetchMock = stubApi(401);
    render(
      <TokenGate>
        <p>workbench</p>
      </TokenGate>,
    );
    expect(await screen.findByTestId("token-gate")).toHaveProperty("dataset.state", "missing");
    expect(screen.queryByText("workbench")).toBeNull();
    // Asked with the page's cookies, no token: a team mode session would have passed.
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe("same-origin");
  });

  it("shows the workbench without a token to a person signed in (team mode: the session cookie)", async () => {
    stubApi(200);
    render(
      <TokenGate>
        <p>workbench</p>
      </TokenGate>,
    );
    expect(await screen.findByText("workbench")).toBeTruthy();
  });

  it("says the token is from an earlier launch when the API answers 401, having sent it in the header", async () => {
    window.localStorage.setItem("loupe.token", "old-launch");
    const fetchMock = stubApi(401);
    render(
      <TokenGate>
        <p>workbench</p>
      </TokenGate>,
    );
    expect(await screen.findByTestId("token-gate")).toHaveProperty("dataset.state", "wrong");
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get("x-loupe-token")).toBe("old-launch");
    expect(init?.credentials).toBe("omit");
  });

  it("shows the workbench when the token is accepted", async () => {
    window.history.replaceState(null, "", "/?token=fresh");
    stubApi(200);
    render(
      <TokenGate>
        <p>workbench</p>
      </TokenGate>,
    );
    // Found once the API answered: a fixed 20 ms wait failed on a loaded machine.
    expect(await screen.findByText("workbench")).toBeTruthy();
    expect(screen.queryByTestId("token-gate")).toBeNull();
  });
});
