// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { TapView } from "@/lib/contracts/taps";
import { AggregateTaps } from "@/components/mcp/tap/aggregate-taps";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("AggregateTaps", () => {
  it("makes an aggregate tap from the picked servers, lists it, and changes its policy", async () => {
    const taps: TapView[] = [];
    const router = fetchRouter({
      "GET /api/taps": () => taps,
      "POST /api/taps": (req) => {
        const input = req.body as { name: string; connectionIds: string[]; policy: TapView["policy"] };
        const tap: TapView = {
          id: "agg_1",
          kind: "aggregate",
          name: input.name,
          connectionIds: input.connectionIds,
          url: "http://127.0.0.1:1/mcp/agg_1",
          sseUrl: "http://127.0.0.1:1/mcp/agg_1/sse",
          keyHint: "abcd",
          policy: input.policy,
          toolPolicies: {},
          createdAt: 1,
          clients: [],
        };
        taps.push(tap);
        return Response.json({ tap, url: tap.url, key: "secret-abcd", bin: "/l/bin/loupe.mjs" }, { status: 201 });
      },
      "GET /api/taps/agg_1": () => ({ tap: taps[0], url: taps[0]!.url, key: "secret-abcd", bin: "/l/bin/loupe.mjs" }),
      "PATCH /api/taps/agg_1": (req) => Object.assign(taps[0]!, req.body as object),
    });
    vi.stubGlobal("fetch", router.fetch);
    const a = connectionFixture({ id: "a", name: "Alpha" });
    const b = connectionFixture({ id: "b", name: "beta" });
    renderWithClient(<AggregateTaps connection={a} allConnections={[a, b]} />);

    fireEvent.click(screen.getByTestId("aggregate-tap-new"));
    const create = screen.getByTestId<HTMLButtonElement>("aggregate-tap-create");
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByTestId("aggregate-tap-name"), { target: { value: "Both" } });
    fireEvent.click(screen.getByLabelText("beta"));
    fireEvent.click(create);
    await waitFor(() =>
      expect(router.requests.find((r) => r.method === "POST")?.body).toEqual({ name: "Both", connectionIds: ["a", "b"], policy: "never" }),
    );
    await waitFor(() => expect(screen.getByTestId("aggregate-tap").textContent).toContain("Alpha, beta"));
    // Opened after creation: its URL and snippets, the key masked.
    await waitFor(() => expect(screen.getByTestId("tap-url").textContent).toBe("http://127.0.0.1:1/mcp/agg_1"));
    expect(screen.getByTestId("tap-key").textContent).toBe("••••••••abcd");

    fireEvent.change(screen.getByLabelText("Approval for Both"), { target: { value: "always" } });
    await waitFor(() => expect(router.requests.find((r) => r.method === "PATCH")?.body).toEqual({ policy: "always" }));
  });
});
