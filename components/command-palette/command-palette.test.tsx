// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { CommandPalette } from "./command-palette";
import type { PaletteItem } from "./palette-items";

afterEach(cleanup);

const items: PaletteItem[] = [
  { id: "server:ev", kind: "server", label: "everything", detail: "connected", target: { connectionId: "ev", tool: null } },
  { id: "tool:ev:echo", kind: "tool", label: "echo", detail: "everything", target: { connectionId: "ev", tab: "tools", tool: "echo" } },
  {
    id: "tool:ev:get-sum",
    kind: "tool",
    label: "get-sum",
    detail: "everything",
    target: { connectionId: "ev", tab: "tools", tool: "get-sum" },
  },
  {
    id: "tool:ev:spoof",
    kind: "tool",
    label: "get\u202Emus",
    detail: "everything",
    target: { connectionId: "ev", tab: "tools", tool: "get\u202Emus" },
  },
];

describe("CommandPalette", () => {
  it("is an accessible dialog with a combobox whose active option follows the arrows; Enter chooses", () => {
    const onChoose = vi.fn();
    render(<CommandPalette open onOpenChange={() => {}} items={items} onChoose={onChoose} />);
    expect(screen.getByRole("dialog")).toBeTruthy();
    const input = screen.getByRole("combobox");
    const listbox = screen.getByRole("listbox");
    expect(input.getAttribute("aria-controls")).toBe(listbox.id);
    const options = screen.getAllByRole("option");
    expect(options).toHaveLength(4);
    expect(input.getAttribute("aria-activedescendant")).toBe(options[0]!.id);
    expect(options[0]!.getAttribute("aria-selected")).toBe("true");

    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-activedescendant")).toBe(options[1]!.id);
    fireEvent.keyDown(input, { key: "ArrowUp" });
    fireEvent.keyDown(input, { key: "ArrowUp" });
    // Wraps to the last.
    expect(input.getAttribute("aria-activedescendant")).toBe(screen.getAllByRole("option")[3]!.id);

    fireEvent.change(input, { target: { value: "gsum" } });
    const filtered = screen.getAllByRole("option");
    expect(filtered[0]!.dataset.label).toBe("get-sum");
    expect(input.getAttribute("aria-activedescendant")).toBe(filtered[0]!.id);
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onChoose).toHaveBeenCalledWith(items[2]);
  });

  it("shows a spoofing name with its hidden character spelled out", () => {
    render(<CommandPalette open onOpenChange={() => {}} items={items} onChoose={() => {}} />);
    const spoof = screen.getAllByRole("option").find((o) => o.dataset.label === "get\u202Emus")!;
    expect(spoof.textContent).toContain("get⟨U+202E⟩mus");
  });

  it("says when nothing matches, and a click chooses", () => {
    const onChoose = vi.fn();
    render(<CommandPalette open onOpenChange={() => {}} items={items} onChoose={onChoose} />);
    fireEvent.click(screen.getAllByRole("option")[1]!);
    expect(onChoose).toHaveBeenCalledWith(items[1]);
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "zzzz" } });
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    expect(screen.getByTestId("palette-status").textContent).toContain("No matches.");
    expect(screen.getByRole("combobox").hasAttribute("aria-activedescendant")).toBe(false);
  });
});
