// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ToolsPanel } from "@/components/mcp/tools/tools-panel";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

/** The tool list as Loupe's route answers it on a 2026-07-28 HTTP connection with two invalid tools. */
const LISTING = {
  tools: [{ name: "route", inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" } } } }],
  pages: 1,
  listedAt: 1_700_000_000_000,
  excluded: [
    {
      name: "bad_array_header",
      reason: 'property "tags": x-mcp-header is allowed only on string, integer or boolean properties, not array',
    },
    // A hostile name: its hidden right-to-left override must show as a marker, not reorder the text.
    { name: "evil\u202Etxt", reason: 'property "b": x-mcp-header "dup" repeats "Dup" (names are case-insensitive)' },
  ],
};

const conn = connectionFixture();

function setup(listing: Record<string, unknown>) {
  vi.stubGlobal("fetch", fetchRouter({ "GET /api/connections/everything/tools": () => listing }).fetch);
  renderWithClient(<ToolsPanel connection={conn} allConnections={[conn]} selectedTool={null} onSelectTool={vi.fn()} />);
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(2000);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(320);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("tools left out of the list", () => {
  it("says how many under the count, and opens each one's name and reason", async () => {
    setup(LISTING);
    const row = await screen.findByTestId("excluded-tools");
    // Listed tools stay listed; the excluded ones are not rows of the list.
    expect(screen.getAllByTestId("tool-item").map((el) => el.getAttribute("data-tool"))).toEqual(["route"]);
    expect(screen.getByTestId("tool-count").textContent).toContain("1 tool ·");
    const toggle = within(row).getByTestId("excluded-tools-toggle");
    expect(toggle.textContent).toBe("2 tools left out");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(within(row).queryAllByTestId("excluded-tool")).toHaveLength(0);

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const items = within(row).getAllByTestId("excluded-tool");
    expect(items.map((el) => el.getAttribute("data-tool"))).toEqual(["bad_array_header", "evil\u202Etxt"]);
    expect(within(items[0]!).getByTestId("excluded-tool-reason").textContent).toContain("string, integer or boolean properties, not array");
    expect(within(items[1]!).getByTestId("excluded-tool-reason").textContent).toContain("case-insensitive");
    expect(within(items[1]!).getByTestId("hidden-char").getAttribute("data-code")).toBe("U+202E");
    expect(document.getElementById(toggle.getAttribute("aria-controls")!)).not.toBeNull();

    fireEvent.click(toggle);
    expect(within(row).queryAllByTestId("excluded-tool")).toHaveLength(0);
  });

  it("says 1 tool in the singular", async () => {
    setup({ ...LISTING, excluded: LISTING.excluded.slice(0, 1) });
    expect((await screen.findByTestId("excluded-tools-toggle")).textContent).toBe("1 tool left out");
  });

  it("shows no row when nothing was left out", async () => {
    setup({ ...LISTING, excluded: undefined });
    await waitFor(() => expect(screen.getAllByTestId("tool-item")).toHaveLength(1));
    expect(screen.queryByTestId("excluded-tools")).toBeNull();
  });
});
