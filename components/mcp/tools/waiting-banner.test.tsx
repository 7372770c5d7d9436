// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import type { InboxRow } from "@/lib/contracts/inbox";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { WaitingRequestsBanner } from "./waiting-banner";
import { elicitationParams, mcpRequest, samplingParams } from "@/components/mcp/requests/test-requests";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (r: McpClientRequest): InboxRow => ({ ...r, source: "mcp" });

describe("WaitingRequestsBanner", () => {
  it("counts this server's pending requests, except those of the call answered in place", async () => {
    const rows: InboxRow[] = [
      row(mcpRequest({ id: "a", kind: "sampling", params: samplingParams() })),
      row(mcpRequest({ id: "b", kind: "elicitation_form", params: elicitationParams(), relatedCall: { callId: "c1", tool: "t" } })),
      row(mcpRequest({ id: "c", kind: "elicitation_form", params: elicitationParams(), relatedCall: { callId: "c2", tool: "t" } })),
      row(mcpRequest({ id: "d", kind: "sampling", params: samplingParams(), status: "answered" })),
      row(mcpRequest({ id: "e", connectionId: "other", kind: "sampling", params: samplingParams() })),
    ];
    vi.stubGlobal("fetch", fetchRouter({ "GET /api/inbox": () => rows }).fetch);
    renderWithClient(<WaitingRequestsBanner connectionId="everything" exceptCallId="c1" />);
    const banner = await screen.findByTestId("waiting-requests-banner");
    expect(banner.dataset.count).toBe("2");
    expect(banner.textContent).toContain("2 requests (a sampling reply, an elicitation answer)");
    expect(screen.getByRole("link", { name: "Answer in the inbox" }).getAttribute("href")).toBe("/?view=inbox");
  });

  it("shows nothing when nothing of this server waits", async () => {
    const router = fetchRouter({
      "GET /api/inbox": () => [row(mcpRequest({ id: "x", connectionId: "other", kind: "sampling", params: samplingParams() }))],
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<WaitingRequestsBanner connectionId="everything" />);
    await vi.waitFor(() => expect(router.requests.length).toBeGreaterThan(0));
    expect(screen.queryByTestId("waiting-requests-banner")).toBeNull();
  });
});
