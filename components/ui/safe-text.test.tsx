// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { SafeText } from "./safe-text";
import { ToolList } from "@/components/mcp/tools/tool-list";
import { ConnectionList } from "@/components/mcp/connections/connection-list";
import { connectionFixture } from "@/components/mcp/workbench/test-support";

beforeEach(() => {
  // happy-dom does no layout: give the virtualized tool list a height so rows render.
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(2000);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(320);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("SafeText", () => {
  it("shows a bidi override as a visible marker and never puts the raw character in the DOM", () => {
    const { container } = render(<SafeText text={"run\u202Ehs.exe"} />);
    expect(container.textContent).toBe("run⟨U+202E⟩hs.exe");
    expect(container.textContent).not.toContain("\u202E");
    const mark = screen.getByTestId("hidden-char");
    expect(mark).toHaveProperty("title", "U+202E RIGHT-TO-LEFT OVERRIDE");
    expect(container.querySelector("[data-hidden-chars]")).not.toBeNull();
  });

  it("renders a plain name as is, without markers", () => {
    const { container } = render(<SafeText text="get_weather" />);
    expect(container.textContent).toBe("get_weather");
    expect(screen.queryByTestId("hidden-char")).toBeNull();
  });
});

describe("names in lists", () => {
  it("the tool list shows the hidden characters of a spoofing tool name", () => {
    const tools = [
      { name: "delete_file", inputSchema: { type: "object" as const } },
      { name: "read\u2066_file\u2069\u200B", inputSchema: { type: "object" as const } },
    ];
    render(<ToolList tools={tools} selected={null} onSelect={() => {}} collisions={new Set()} />);
    const items = screen.getAllByTestId("tool-item");
    expect(items[0]!.textContent).toContain("delete_file");
    expect(items[0]!.querySelector("[data-testid=hidden-char]")).toBeNull();
    expect(items[1]!.textContent).toContain("read⟨U+2066⟩_file⟨U+2069⟩⟨U+200B⟩");
    expect(items[1]!.querySelectorAll("[data-testid=hidden-char]")).toHaveLength(3);
  });

  it("the server list does too", () => {
    const c = connectionFixture({ id: "c1", name: "github\u202Eevil" });
    render(<ConnectionList connections={[c]} selectedId={null} onSelect={() => {}} onAdd={() => {}} />);
    expect(screen.getByTestId("connection-item").textContent).toContain("github⟨U+202E⟩evil");
  });
});
