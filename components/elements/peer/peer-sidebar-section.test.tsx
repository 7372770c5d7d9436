// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { AppError } from "@/lib/errors";
import { PeerSidebarSection, type PeersRead, type PeerSidebarSectionProps } from "./peer-sidebar-section";
import type { PeerRowView } from "./peer-list";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const peer = (id: string, status: PeerRowView["state"]["status"], builtin = false): PeerRowView => ({
  id,
  name: `Peer ${id}`,
  url: `http://127.0.0.1/${id}`,
  builtin,
  state: { status },
});
const ready = (data: PeerRowView[]): PeersRead => ({ isError: false, isPending: false, error: null, data, refetch: vi.fn() });

function renderSection(over: Partial<PeerSidebarSectionProps> = {}) {
  const props: PeerSidebarSectionProps = {
    testId: "peer-nav",
    icon: null,
    title: "Peers",
    add: { label: "Add peer", testId: "add-peer", onClick: vi.fn() },
    peers: ready([peer("a", "ok"), peer("demo", "error", true)]),
    texts: { loadError: "Could not load peers", loading: "Loading peers…", empty: "None yet.", confirmRemove: (n) => `Remove ${n}?` },
    openId: "a",
    onOpen: vi.fn(),
    remove: { run: vi.fn(), pending: false, error: null },
    rowTestId: "peer-row",
    removeTestId: "peer-remove",
    addDialog: (close) => (
      <button type="button" data-testid="add-dialog" onClick={close}>
        close
      </button>
    ),
    ...over,
  };
  render(<PeerSidebarSection {...props} />);
  return props;
}

describe("PeerSidebarSection", () => {
  it("lists the peers with their status, marks the open one, opens one on click", () => {
    const props = renderSection();
    const rows = screen.getAllByTestId("peer-row");
    expect(rows.map((r) => r.dataset.agentId)).toEqual(["a", "demo"]);
    expect(rows[0]!.textContent).toContain("Reachable");
    expect(rows[1]!.textContent).toContain("Unreachable");
    expect(rows[0]!.querySelector("button")!.getAttribute("aria-current")).toBe("page");
    fireEvent.click(rows[1]!.querySelector("button")!);
    expect(props.onOpen).toHaveBeenCalledWith("demo");
  });

  it("removes a peer only once the user confirms, and never a built-in one", () => {
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal("confirm", confirm);
    const props = renderSection();
    expect(screen.getAllByTestId("peer-remove")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Remove Peer a" }));
    expect(props.remove.run).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Remove Peer a" }));
    expect(confirm).toHaveBeenLastCalledWith("Remove Peer a?");
    expect(props.remove.run).toHaveBeenCalledWith("a");
  });

  it("says the list's state instead of the list: failed with Retry, loading, empty", () => {
    const refetch = vi.fn();
    renderSection({ peers: { isError: true, isPending: false, error: new AppError("upstream:unreachable", "offline"), refetch } });
    expect(screen.getByText("Could not load peers")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /retry/i }));
    expect(refetch).toHaveBeenCalled();
    cleanup();
    renderSection({ peers: { isError: false, isPending: true, error: null, refetch } });
    expect(screen.getByText("Loading peers…")).toBeTruthy();
    cleanup();
    renderSection({ peers: ready([]) });
    expect(screen.getByText("None yet.")).toBeTruthy();
    expect(screen.queryByTestId("peer-row")).toBeNull();
  });

  it("opens the add dialog from the + (after its onClick), which closes it", () => {
    const props = renderSection();
    expect(screen.queryByTestId("add-dialog")).toBeNull();
    fireEvent.click(screen.getByTestId("add-peer"));
    expect(props.add.onClick).toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("add-dialog"));
    expect(screen.queryByTestId("add-dialog")).toBeNull();
  });

  it("gives a cut-off name whole in the row's tooltip, then the URL, then why it is unreachable", () => {
    const long = "A very long agent server name that the sidebar row cuts off";
    renderSection({
      peers: ready([
        { ...peer("a", "ok"), name: long },
        { ...peer("b", "error"), state: { status: "error", error: "connect ECONNREFUSED" } },
        { ...peer("c", "ok"), name: "run\u202Eexe.sh" },
      ]),
    });
    const titles = screen.getAllByTestId("peer-row").map((r) => r.querySelector("button")!.title);
    expect(titles[0]).toBe(`${long}\nhttp://127.0.0.1/a`);
    expect(titles[1]).toBe("Peer b\nhttp://127.0.0.1/b\nconnect ECONNREFUSED");
    // A title cannot mark a hidden character: it is spelled out.
    expect(titles[2]!.split("\n")[0]).toBe("run⟨U+202E⟩exe.sh");
  });
});
