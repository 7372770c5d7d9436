import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { CallRecord } from "@/lib/contracts/calls";

const apiFetch = vi.fn();
vi.mock("@/lib/api-client", () => ({ apiFetch: (...args: unknown[]) => apiFetch(...args) }));
const { callQuery } = await import("@/lib/queries/calls");

const record = (status: CallRecord["status"], result?: unknown): CallRecord => ({
  id: "k1",
  connectionId: "c1",
  tool: "t",
  args: {},
  requestId: 1,
  startedAt: 1,
  endedAt: status === "running" ? null : 2,
  timeoutMs: 1000,
  status,
  ...(result === undefined ? {} : { result: result }),
});

afterEach(() => apiFetch.mockReset());

describe("callQuery (one call with its whole result)", () => {
  it("reads a call again once it has ended when the copy it holds was read while it ran", async () => {
    const client = new QueryClient();
    // Read while the call ran (Edit or Re-run of a call whose arguments the history left out).
    apiFetch.mockResolvedValueOnce(record("running"));
    expect((await client.fetchQuery(callQuery("c1", "k1"))).status).toBe("running");
    apiFetch.mockResolvedValueOnce(record("ok", { content: [] }));
    const again = await client.fetchQuery(callQuery("c1", "k1"));
    expect(again).toMatchObject({ status: "ok", result: { content: [] } });
    // An ended call does not change: read once.
    await client.fetchQuery(callQuery("c1", "k1"));
    expect(apiFetch).toHaveBeenCalledTimes(2);
  });
});
