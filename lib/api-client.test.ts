import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch } from "@/lib/api-client";
import { AppError } from "@/lib/errors";

afterEach(() => vi.unstubAllGlobals());

describe("apiFetch", () => {
  it("sends JSON and parses the answer; without a token, with the page's cookies (team mode's session)", async () => {
    const fetchMock = vi.fn(async (..._args: [string, RequestInit]) => Response.json({ id: "x" }, { status: 201 }));
    vi.stubGlobal("fetch", fetchMock);
    const out = await apiFetch<{ id: string }>("/api/connections", { method: "POST", body: { name: "n" } });
    expect(out).toEqual({ id: "x" });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/connections");
    // No token here (no localStorage in node): lib/client-token.test.ts covers "omit" with one.
    expect(init.credentials).toBe("same-origin");
    expect(init.body).toBe('{"name":"n"}');
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
  });

  it("returns undefined for an empty 204", async () => {
    vi.stubGlobal("fetch", async () => new Response(null, { status: 204 }));
    await expect(apiFetch("/api/connections/a", { method: "DELETE" })).resolves.toBeUndefined();
  });

  it("rebuilds the server's AppError from a non-2xx body", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json({ error: { code: "not_found:connection", message: "No connection x", details: { id: "x" } } }, { status: 404 }),
    );
    const err = await apiFetch("/api/connections/x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("not_found:connection");
    expect((err as AppError).status).toBe(404);
    expect((err as AppError).details).toEqual({ id: "x" });
  });

  it("turns a non-JSON failure and a network failure into AppErrors", async () => {
    vi.stubGlobal("fetch", async () => new Response("Bad gateway", { status: 502 }));
    const a = await apiFetch("/api/x").catch((e: unknown) => e);
    expect((a as AppError).code).toBe("internal:client");
    expect((a as AppError).message).toContain("502");

    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    const b = await apiFetch("/api/x").catch((e: unknown) => e);
    expect((b as AppError).code).toBe("upstream:network");
    expect((b as AppError).message).toContain("Failed to fetch");
  });
});
