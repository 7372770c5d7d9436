// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { Field } from "@/components/elements/field";
import { HeaderRows } from "./header-rows";
import { HeldByLine } from "./held-by";
import { PeerHeader } from "./peer-header";
import { PEER_STATUS_LABEL, PeerStatusDot, type PeerStatus } from "./peer-status";

afterEach(cleanup);

describe("Field", () => {
  it("labels its control and shows the hint until there is an error, which replaces it", () => {
    const { rerender } = render(
      <Field id="peer-url" label="URL" hint="Where it listens">
        <input id="peer-url" />
      </Field>,
    );
    expect(screen.getByLabelText("URL")).toBeTruthy();
    expect(screen.getByText("Where it listens")).toBeTruthy();
    rerender(
      <Field id="peer-url" label="URL" hint="Where it listens" error="An absolute URL">
        <input id="peer-url" />
      </Field>,
    );
    expect(screen.queryByText("Where it listens")).toBeNull();
    expect(screen.getByTestId("field-error-peer-url").textContent).toBe("An absolute URL");
  });
});

describe("PeerStatusDot", () => {
  it("says every status in words beside the dot, or only the dot when asked", () => {
    for (const status of Object.keys(PEER_STATUS_LABEL) as PeerStatus[]) {
      const { container, unmount } = render(<PeerStatusDot status={status} />);
      const dot = container.querySelector(`[data-status="${status}"]`);
      expect(dot?.textContent).toBe(PEER_STATUS_LABEL[status]);
      unmount();
    }
    const { container } = render(<PeerStatusDot status="ok" showLabel={false} />);
    expect(container.querySelector('[data-status="ok"]')?.textContent).toBe("");
  });
});

describe("HeaderRows", () => {
  it("adds, edits and removes rows; values are password inputs and a stored (masked) one is selected on focus", () => {
    const onChange = vi.fn();
    const { rerender } = render(<HeaderRows rows={[]} onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Add header" }));
    expect(onChange).toHaveBeenLastCalledWith([{ key: "", value: "" }]);

    rerender(<HeaderRows rows={[{ key: "Authorization", value: SECRET_MASK }]} onChange={onChange} />);
    expect(screen.getAllByTestId("agent-header-row")).toHaveLength(1);
    const value = screen.getByLabelText<HTMLInputElement>("header value 1");
    expect(value.type).toBe("password");
    const select = vi.spyOn(value, "select");
    fireEvent.focus(value);
    expect(select).toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("header name 1"), { target: { value: "X-Key" } });
    expect(onChange).toHaveBeenLastCalledWith([{ key: "X-Key", value: SECRET_MASK }]);
    fireEvent.click(screen.getByRole("button", { name: "Remove header 1" }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});

describe("PeerHeader", () => {
  const props = {
    name: "Staging graph",
    url: "http://127.0.0.1:2024",
    detail: "polls every 15 s",
    editTestId: "edit-peer",
    down: { testId: "peer-down", noun: "deployment", after: "Records stay readable." },
  };

  it("names the peer, its URL and what it has; Edit calls back", () => {
    const onEdit = vi.fn();
    render(<PeerHeader {...props} state={{ status: "ok" }} builtin onEdit={onEdit} />);
    expect(screen.getByRole("heading").textContent).toBe("Staging graph");
    expect(screen.getByText("http://127.0.0.1:2024")).toBeTruthy();
    expect(screen.getByText(/polls every 15 s · built in/)).toBeTruthy();
    expect(screen.queryByTestId("peer-down")).toBeNull();
    fireEvent.click(screen.getByTestId("edit-peer"));
    expect(onEdit).toHaveBeenCalledOnce();
  });

  it("says when the peer is down, with its error and what still works", () => {
    render(<PeerHeader {...props} state={{ status: "error", error: "ECONNREFUSED" }} onEdit={() => {}} />);
    expect(screen.getByTestId("peer-down").textContent).toBe("The deployment is not reachable: ECONNREFUSED Records stay readable.");
  });
});

describe("HeldByLine", () => {
  it("names the instance holding a peer another instance holds, and says nothing when this one does or none", () => {
    const holder = { instance: "i-a", address: "Loupe A on 127.0.0.1:6400" };
    const { rerender } = render(<HeldByLine heldBy={{ ...holder, here: false }} testId="held" />);
    expect(screen.getByTestId("held").textContent).toBe("held by Loupe A on 127.0.0.1:6400");
    rerender(<HeldByLine heldBy={{ ...holder, here: true }} testId="held" />);
    expect(screen.queryByTestId("held")).toBeNull();
    rerender(<HeldByLine testId="held" />);
    expect(screen.queryByTestId("held")).toBeNull();
  });
});
