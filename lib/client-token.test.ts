// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch } from "@/lib/api-client";
import { adoptTokenFromUrl, loupeToken } from "@/lib/client-token";

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("the page's own token", () => {
  it("takes the one-time URL's token into origin-scoped storage and drops it from the address bar", () => {
    window.history.replaceState(null, "", "/?token=s3cret&c=abc&tab=tools#x");
    adoptTokenFromUrl();
    expect(window.location.search).toBe("?c=abc&tab=tools");
    expect(window.location.hash).toBe("#x");
    expect(window.localStorage.getItem("loupe.token")).toBe("s3cret");
    expect(document.cookie).not.toContain("s3cret");
    // A later printed URL (a new launch) replaces the stored token.
    window.history.replaceState(null, "", "/?token=n3w");
    expect(loupeToken()).toBe("n3w");
    expect(window.location.search).toBe("");
  });

  it("sends the token in x-loupe-token on every API call, with credentials omitted", async () => {
    window.history.replaceState(null, "", "/?token=s3cret");
    const fetchMock = vi.fn(async (..._args: [string, RequestInit]) => Response.json([]));
    vi.stubGlobal("fetch", fetchMock);
    await apiFetch("/api/connections");
    await apiFetch("/api/connections", { method: "POST", body: {} });
    for (const [, init] of fetchMock.mock.calls) {
      expect(new Headers(init.headers).get("x-loupe-token")).toBe("s3cret");
      expect(init.credentials).toBe("omit");
    }
    expect(window.location.search).toBe("");
  });

  it("sends no header when this browser never opened the printed URL, and then the page's cookies (team mode's session)", async () => {
    const fetchMock = vi.fn(async (..._args: [string, RequestInit]) => Response.json([]));
    vi.stubGlobal("fetch", fetchMock);
    await apiFetch("/api/connections");
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).has("x-loupe-token")).toBe(false);
    expect(fetchMock.mock.calls[0]![1].credentials).toBe("same-origin");
  });
});
