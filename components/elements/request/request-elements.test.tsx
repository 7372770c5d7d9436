// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { HumanRequestCard } from "./human-request-card";
import { RequestHeader, RequestOpenAction } from "./request-header";
import { REQUEST_STATUS_META, RequestStatusBadge, type RequestStatus } from "./request-status";

afterEach(cleanup);

const STATUSES: RequestStatus[] = ["pending", "failed", "answered", "stale"];

describe("RequestStatusBadge", () => {
  it("says each status in words, with the status on data-status", () => {
    for (const status of STATUSES) {
      render(<RequestStatusBadge status={status} />);
      const badge = screen.getByTestId("interrupt-status");
      expect(badge.dataset.status).toBe(status);
      expect(badge.textContent).toBe(REQUEST_STATUS_META[status].label);
      cleanup();
    }
  });
});

describe("RequestHeader", () => {
  it("shows kind, detail, status, badges, the open action, the source line and the lines under it", () => {
    const onClick = vi.fn();
    render(
      <RequestHeader
        kind="Sampling"
        kindTestId="request-kind"
        detail={<code>tool</code>}
        status="pending"
        badges={<span data-testid="extra">Read-only</span>}
        open={<RequestOpenAction label="Open server" testId="open-connection" onClick={onClick} />}
        source={<span>from demo</span>}
        sourceTestId="request-source"
      >
        <p data-testid="under">why</p>
      </RequestHeader>,
    );
    expect(screen.getByTestId("request-kind").textContent).toBe("Sampling");
    expect(screen.getByTestId("interrupt-status").dataset.status).toBe("pending");
    expect(screen.getByTestId("extra")).toBeTruthy();
    expect(screen.getByTestId("request-source").textContent).toBe("from demo");
    expect(screen.getByTestId("under")).toBeTruthy();
    fireEvent.click(screen.getByTestId("open-connection"));
    expect(onClick).toHaveBeenCalled();
  });

  it("leaves the source line out when there is none (compact), and opens a page by link", () => {
    render(
      <RequestHeader
        kind="Input"
        status="answered"
        source={false}
        sourceTestId="request-source"
        open={<RequestOpenAction label="Open task" testId="open-task" href="/?view=a2a" />}
      />,
    );
    expect(screen.queryByTestId("request-source")).toBeNull();
    const link = screen.getByTestId("open-task");
    expect(link.tagName).toBe("A");
    expect(link.getAttribute("href")).toBe("/?view=a2a");
    expect(link.textContent).toBe("Open task");
  });
});

describe("RequestOpenAction", () => {
  // Every use (Open session, Open server, Open task, Open run, Open thread) navigates within Loupe in
  // the same tab: a ↗ (external-link) icon would promise another tab or site.
  it("opens in the same tab, as a link or a callback, and shows no ↗ icon saying otherwise", () => {
    render(
      <>
        <RequestOpenAction label="Open session" testId="open-session" onClick={vi.fn()} />
        <RequestOpenAction label="Open task" testId="open-task" href="/?view=a2a" />
      </>,
    );
    for (const id of ["open-session", "open-task"]) {
      const action = screen.getByTestId(id);
      expect(action.querySelector("svg")).toBeNull();
      expect(action.getAttribute("target")).toBeNull();
    }
  });
});

describe("HumanRequestCard", () => {
  const card = (
    status: RequestStatus,
    refusal: { title: string; error: { message: string; code?: string } } | null = null,
    compact = false,
  ) => (
    <HumanRequestCard
      testIdPrefix="peer"
      data={{ "data-request-id": "r1" }}
      status={status}
      kind="Input"
      where="demo › task 1"
      open={{ label: "Open task", testId: "peer-request-open", href: "/?view=peer" }}
      compact={compact}
      prompt="Which city?"
      refusal={refusal}
      answered="Answered; it goes on."
      stale="No longer answerable."
    >
      <form data-testid="answer-form" />
    </HumanRequestCard>
  );

  it("shows the prompt and the form while the request waits, with the card's data attributes", () => {
    render(card("pending"));
    const root = screen.getByTestId("peer-request-card");
    expect(root.dataset.status).toBe("pending");
    expect(root.dataset.requestId).toBe("r1");
    expect(screen.getByTestId("peer-request-prompt").textContent).toBe("Which city?");
    expect(screen.getByTestId("answer-form")).toBeTruthy();
    expect(screen.getByTestId("peer-request-open").getAttribute("href")).toBe("/?view=peer");
    expect(root.textContent).toContain("demo › task 1");
  });

  it("inside a view that says where it is (compact), has no source line and no link", () => {
    render(card("pending", null, true));
    expect(screen.queryByTestId("peer-request-open")).toBeNull();
    expect(screen.getByTestId("peer-request-card").textContent).not.toContain("demo › task 1");
  });

  it("shows a refusal with the peer's code and words above the form again", () => {
    render(card("failed", { title: "The agent refused the answer", error: { code: "upstream:refused", message: "city unknown" } }));
    const alert = screen.getByTestId("peer-answer-error");
    expect(alert.textContent).toContain("The agent refused the answer");
    expect(alert.textContent).toContain("upstream:refused");
    expect(alert.textContent).toContain("city unknown");
    expect(screen.getByTestId("answer-form")).toBeTruthy();
  });

  it("says what became of it, with no form, once answered or stale", () => {
    render(card("answered"));
    expect(screen.getByTestId("peer-request-answered").textContent).toBe("Answered; it goes on.");
    expect(screen.queryByTestId("answer-form")).toBeNull();
    cleanup();
    render(card("stale"));
    expect(screen.getByTestId("peer-request-stale").textContent).toBe("No longer answerable.");
    expect(screen.queryByTestId("answer-form")).toBeNull();
  });
});
