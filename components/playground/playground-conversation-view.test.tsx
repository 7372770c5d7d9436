// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ToolApproval } from "@/lib/contracts/approvals";
import type { Bundle, BundleEntry } from "@/lib/contracts/bundle";
import { bundleSchema } from "@/lib/contracts/bundle";
import { summaryOf } from "@/lib/testing/bundle-summary";
import type { Entry } from "@/lib/contracts/entries";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { column, gatedTurn } from "@/components/playground/test-entries";
import { PlaygroundConversationView } from "./playground-conversation-view";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const approval: ToolApproval & { source: "approval" } = {
  source: "approval",
  id: "ap-1",
  connectionId: "demo",
  connectionName: "demo",
  tool: "book-hotel",
  arguments: { city: "Lisbon" },
  origin: { kind: "playground", conversationId: "conv-1", title: "Trip", columnId: "col-1" },
  policy: { value: "unless_read_only", from: "default" },
  createdAt: 1,
  status: "stale",
  reason: "Loupe stopped",
};

const toBundleEntry = ({ rawBytes: _b, truncated: _t, ...e }: Entry): BundleEntry => e;

function bundle(): Bundle {
  const entries = gatedTurn().map(toBundleEntry);
  return bundleSchema.parse({
    format: "loupe-bundle",
    formatVersion: 1,
    loupeVersion: "0.0.0-test",
    exportedAt: "2026-11-24T10:00:00.000Z",
    title: "Playground · Trip",
    unit: { type: "playground-conversation", conversationId: "conv-1" },
    origin: { kind: "loupe" },
    connection: { protocol: "playground", id: "conv-1", name: "Trip" },
    entryKinds: [...new Set(entries.map((e) => e.kind))],
    entries,
    snapshot: {
      conversation: {
        id: "conv-1",
        title: "Trip",
        createdAt: 1,
        updatedAt: 2,
        systemPrompt: "You plan trips.",
        servers: [{ connectionId: "demo", tools: ["get-forecast", "book-hotel"] }],
        policy: "unless_read_only",
        toolPolicies: {},
        columns: [column({ status: "awaiting_approval" })],
      },
      messages: [{ text: "What's the weather in Lisbon, and book me a hotel there" }],
      serverNames: { demo: "demo server" },
    },
    inbox: [approval],
    secrets: { masked: 1, mask: "••••••" },
  });
}

const summary = (b: Bundle) => summaryOf(b, { id: "b1" });

describe("PlaygroundConversationView (read-only)", () => {
  it("shows the setup and the column's turn with the live blocks, the recorded approval, no composer, no request to a server", async () => {
    const router = fetchRouter({});
    vi.stubGlobal("fetch", router.fetch);
    const b = bundle();
    renderWithClient(<PlaygroundConversationView bundle={b} summary={summary(b)} />);

    expect(screen.getByTestId("pg-bundle-system-prompt").textContent).toBe("You plan trips.");
    expect(screen.getByTestId("pg-bundle-tools").textContent).toBe("demo server: get-forecast, book-hotel");
    expect(screen.getByTestId("pg-user-message").textContent).toContain("book me a hotel");
    const [forecast, hotel] = screen.getAllByTestId("pg-tool-call");
    expect(forecast!.dataset.state).toBe("ok");
    expect(within(forecast!).getByTestId("pg-tool-call-result").textContent).toContain("Lisbon: sunny, 24°C");
    expect(within(forecast!).getByTestId("pg-tool-call-target").textContent).toBe("→ demo server/get-forecast");
    // The call that waited shows its approval as recorded (stale here), with no Approve / Reject.
    expect(hotel!.dataset.state).toBe("awaiting_approval");
    expect(within(hotel!).getByTestId("pg-approval-slot").textContent).toContain("Stale");
    expect(screen.queryByRole("button", { name: /approve|reject|send|stop|compare/i })).toBeNull();
    expect(screen.queryByTestId("pg-composer")).toBeNull();
    // The raw provider exchange opens from the bundle's own entries.
    fireEvent.click(screen.getAllByRole("button", { name: /raw/i })[0]!);
    expect(await screen.findByRole("dialog")).toBeTruthy();
    // A recorded conversation's calls name another Loupe's connections: no app, no tools listing fetched.
    await waitFor(() => expect(router.requests).toEqual([]));
  });

  it("folds the setup away and keeps the columns", () => {
    vi.stubGlobal("fetch", fetchRouter({}).fetch);
    const b = bundle();
    renderWithClient(<PlaygroundConversationView bundle={b} summary={summary(b)} />);
    fireEvent.click(screen.getByTestId("pg-bundle-toggle-setup"));
    expect(screen.queryByTestId("pg-bundle-setup")).toBeNull();
    expect(screen.getAllByTestId("pg-column")).toHaveLength(1);
  });
});
