// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from "vitest";
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { connectionKeys } from "@/lib/queries/connections";
import { useMcpPaletteSource } from "@/hooks/use-mcp-palette";
import { fetchRouter } from "@/components/mcp/workbench/test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const connection = (id: string) => ({ id, name: id, transport: "stdio", state: { status: "connected" } });

it("a server connecting while the palette is mounted changes its sources without React's changed-size warning", async () => {
  const router = fetchRouter({
    "GET /api/connections": () => [connection("a")],
    "GET /api/agents": () => [],
    "GET /api/inbox": () => [],
    "GET /api/connections/a/tools": () => ({ tools: [{ name: "t1", inputSchema: { type: "object" } }] }),
    "GET /api/connections/b/tools": () => ({ tools: [{ name: "t2", inputSchema: { type: "object" } }] }),
  });
  vi.stubGlobal("fetch", router.fetch);
  const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useMcpPaletteSource(true), { wrapper });
  await waitFor(() => expect(result.current.sources.tools.get("a")?.map((t) => t.name)).toEqual(["t1"]));

  act(() => {
    client.setQueryData(connectionKeys.list(), [connection("a"), connection("b")]);
  });
  await waitFor(() => expect(result.current.sources.tools.get("b")?.map((t) => t.name)).toEqual(["t2"]));
  expect(result.current.sources.tools.get("a")?.map((t) => t.name)).toEqual(["t1"]);
  const sizeWarnings = errors.mock.calls.filter((args) => args.some((a) => String(a).includes("changed size between renders")));
  expect(sizeWarnings).toEqual([]);
});
