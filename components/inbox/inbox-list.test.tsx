// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { InboxItem } from "@/lib/contracts/agents";
import type { InboxRow } from "@/lib/contracts/inbox";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { sessionFixture, sseEvents } from "@/lib/protocols/adk/test-fixtures";
import { InboxBadge } from "./inbox-badge";
import { InboxList } from "./inbox-list";
import { countNeedsYou, countWaiting } from "@/lib/workbench/inbox";
import { failedAnswer, itemFrom, itemsOf, refusedItem, runOf } from "@/components/adk/interrupts/test-items";
import { InboxRow as InboxRowView } from "@/components/elements/inbox-row";

afterEach(cleanup);

function fixtureItems(): InboxRow[] {
  const stale = itemsOf([...sseEvents("30"), ...runOf("32")], { sessionId: "s_pay" }).find((i) => i.status === "stale");
  const answered = itemsOf(sessionFixture("26_get_session_full.json").events).find(
    (i) => i.kind === "confirmation" && i.status === "answered",
  );
  const input = itemFrom(["50"], "input", { appName: "workflow_demo", sessionId: "w1" });
  const failed = {
    ...input,
    lastAnswer: failedAnswer(input, { kind: "input", value: { color: "green" } }, { code: "upstream:adk_run", message: "boom" }),
  };
  if (!stale || !answered) throw new Error("fixtures changed");
  // Deliberately out of order: the list must put what waits first.
  const items: InboxItem[] = [stale, answered, failed, itemFrom(["22"], "long_running"), itemFrom(["23"], "credential")];
  return items.map((i) => ({ ...i, source: "adk" }));
}

function mcp(id: string, kind: McpClientRequest["kind"], status: McpClientRequest["status"], params: Record<string, unknown>): InboxRow {
  return {
    source: "mcp",
    id,
    connectionId: "ev",
    connectionName: "everything",
    sessionKey: "k",
    kind,
    jsonrpcId: 1,
    createdAt: 5,
    status,
    params,
    relatedCall: { callId: "c", tool: "trigger-elicitation-request" },
  };
}

/** The ADK rows with MCP requests in between, in the server's order (pending first). */
function mixedItems(): InboxRow[] {
  const adk = fixtureItems();
  return [
    mcp("m-form", "elicitation_form", "pending", { message: "Please provide inputs", requestedSchema: { type: "object" } }),
    ...adk,
    mcp("m-sampling", "sampling", "failed", { messages: [{ role: "user", content: { type: "text", text: "say hi" } }] }),
    mcp("m-url", "elicitation_url", "stale", { mode: "url", url: "https://x.example", message: "Open it" }),
  ];
}

const rows = () => screen.getAllByTestId("inbox-item");
const rowsOf = (group: HTMLElement) => rows().filter((r) => r.dataset.groupKey === group.dataset.sessionKey);
const statuses = () => rows().map((r) => `${r.dataset.kind}:${r.dataset.status}`);

describe("InboxList", () => {
  it("shows the empty state when there is nothing", () => {
    render(<InboxList items={[]} />);
    expect(screen.getByTestId("inbox-empty").textContent).toBe("Nothing is waiting for you");
    expect(screen.getByTestId("inbox-waiting").textContent).toBe("0 waiting");
    expect(screen.queryAllByTestId("inbox-item")).toHaveLength(0);
  });

  it("puts pending first, then failed, answered and stale, with the waiting count", () => {
    render(<InboxList items={fixtureItems()} />);
    expect(statuses()).toEqual([
      "long_running:pending",
      "credential:pending",
      "input:failed",
      "confirmation:answered",
      "confirmation:stale",
    ]);
    expect(screen.getByTestId("inbox-waiting").textContent).toBe("2 waiting");
    expect(screen.getByTestId("inbox-failed").textContent).toBe("· 1 failed");
    expect(screen.queryByTestId("inbox-empty")).toBeNull();
    // The default row summarises: kind, prompt and source.
    expect(rows()[1]!.textContent).toContain('call_secure_api needs an API key "X-Api-Key" in header.');
    expect(rows()[2]!.textContent).toContain("Demo agent › workflow_demo › w1");
  });

  it("filters by kind and status chips, and clears", () => {
    render(<InboxList items={fixtureItems()} />);
    fireEvent.click(screen.getByTestId("filter-kind-confirmation"));
    expect(statuses()).toEqual(["confirmation:answered", "confirmation:stale"]);
    fireEvent.click(screen.getByTestId("filter-status-stale"));
    expect(statuses()).toEqual(["confirmation:stale"]);
    fireEvent.click(screen.getByTestId("filter-status-pending"));
    expect(statuses()).toEqual(["confirmation:stale"]);
    fireEvent.click(screen.getByTestId("filter-status-stale"));
    expect(screen.queryAllByTestId("inbox-item")).toHaveLength(0);
    expect(screen.getByTestId("inbox-no-match")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(rows()).toHaveLength(5);
  });

  it("groups by session and renders items with renderCard", () => {
    render(<InboxList items={fixtureItems()} groupBy="session" renderCard={(i) => <span data-testid="custom">{i.id}</span>} />);
    const groups = screen.getAllByTestId("inbox-group");
    expect(groups.map((g) => g.dataset.sessionKey)).toEqual([
      "adk:adk1:inspector_demo/u1/s_full",
      "adk:adk1:workflow_demo/u1/w1",
      "adk:adk1:inspector_demo/u1/s_pay",
    ]);
    // The list is flat (virtualized): each row names its group, and follows its heading.
    expect(rowsOf(groups[0]!)).toHaveLength(3);
    expect(within(rowsOf(groups[1]!)[0]!).getByTestId("custom").textContent).toBe("dc4dcd77-851e-4013-ae84-1ce234d1efe6");
  });
});

describe("InboxList — ADK interrupts and MCP requests together", () => {
  it("sorts, counts, summarises and filters both sources", () => {
    render(<InboxList items={mixedItems()} />);
    expect(statuses()).toEqual([
      "elicitation_form:pending",
      "long_running:pending",
      "credential:pending",
      "input:failed",
      "sampling:failed",
      "confirmation:answered",
      "confirmation:stale",
      "elicitation_url:stale",
    ]);
    expect(rows().map((r) => r.dataset.source)).toEqual(["mcp", "adk", "adk", "adk", "mcp", "adk", "adk", "mcp"]);
    expect(screen.getByTestId("inbox-waiting").textContent).toBe("3 waiting");
    expect(screen.getByTestId("inbox-failed").textContent).toBe("· 2 failed");
    // The default row: the server's message or the sampling text, and "server › tool".
    expect(rows()[0]!.textContent).toContain("Please provide inputs");
    expect(rows()[0]!.textContent).toContain("everything › trigger-elicitation-request");
    expect(rows()[4]!.textContent).toContain("say hi");
    fireEvent.click(screen.getByTestId("filter-kind-sampling"));
    expect(statuses()).toEqual(["sampling:failed"]);
    fireEvent.click(screen.getByTestId("filter-kind-elicitation_url"));
    fireEvent.click(screen.getByTestId("filter-status-stale"));
    expect(statuses()).toEqual(["elicitation_url:stale"]);
  });

  it("groups MCP requests by server, beside the ADK sessions", () => {
    render(<InboxList items={mixedItems()} groupBy="session" />);
    const groups = screen.getAllByTestId("inbox-group");
    expect(groups.map((g) => g.dataset.sessionKey)).toEqual([
      "mcp:ev",
      "adk:adk1:inspector_demo/u1/s_full",
      "adk:adk1:workflow_demo/u1/w1",
      "adk:adk1:inspector_demo/u1/s_pay",
    ]);
    expect(rowsOf(groups[0]!)).toHaveLength(3);
    expect(groups[0]!.textContent).toBe("everything");
  });
});

describe("InboxBadge", () => {
  it("counts waiting rows of both sources", () => {
    render(<InboxBadge count={countNeedsYou(mixedItems())} />);
    expect(screen.getByTestId("inbox-count").textContent).toBe("5");
  });

  it("shows the waiting count, caps it, and hides at zero", () => {
    const { rerender } = render(<InboxBadge count={countNeedsYou(fixtureItems())} />);
    expect(screen.getByTestId("inbox-count").textContent).toBe("3");
    rerender(<InboxBadge count={150} />);
    expect(screen.getByTestId("inbox-count").textContent).toBe("99+");
    rerender(<InboxBadge count={0} />);
    expect(screen.queryByTestId("inbox-count")).toBeNull();
  });
});

describe("InboxRow — a refused answer", () => {
  it("the row of an answer the agent refused reads Failed, is counted as failed, not waiting (issue 23), and still on the badge", () => {
    const base = refusedItem();
    const item = {
      ...base,
      source: "adk",
      lastAnswer: failedAnswer(
        base,
        { kind: "confirmation", confirmed: true },
        { code: "upstream:agent_stream_error", message: "IntentMismatchError" },
      ),
    } as InboxRow;
    render(<InboxRowView item={item} />);
    expect(screen.getByTestId("interrupt-status")).toMatchObject({ textContent: "Failed" });
    expect(screen.getByTestId("interrupt-status").dataset.status).toBe("failed");
    expect(countWaiting([item])).toBe(0);
    expect(countNeedsYou([item])).toBe(1);
    cleanup();
    render(<InboxList items={[item]} />);
    expect(screen.getByTestId("inbox-waiting").textContent).toBe("0 waiting");
    expect(screen.getByTestId("inbox-failed").textContent).toBe("· 1 failed");
    expect(screen.queryByTestId("inbox-empty")).toBeNull();
  });
});

describe("InboxList — a workflow gate run twice", () => {
  it("lists both requests that share a call id, each with its own status", () => {
    const first = itemFrom(["51"], "credential", { appName: "workflow_demo", sessionId: "w1" });
    const answered = { ...first, status: "answered" as const, answer: { apiKey: "••••" } };
    const again = { ...first, key: `second-event:${first.id}`, eventId: "second-event", createdAt: (first.createdAt ?? 0) + 1 };
    render(<InboxList items={[answered, again].map((i) => ({ ...i, source: "adk" }))} />);
    expect(statuses()).toEqual(["credential:pending", "credential:answered"]);
    const keys = rows().map((r) => r.getAttribute("data-item-key"));
    expect(new Set(keys).size).toBe(2);
  });
});
