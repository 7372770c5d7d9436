// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ImportPreviewEntry } from "@/lib/contracts/mcp-config";
import { ConfigPreviewList } from "@/components/mcp/connections/config-preview-list";

afterEach(cleanup);

const entry = (over: Partial<ImportPreviewEntry>): ImportPreviewEntry => ({
  name: "x",
  shape: "mcpServers",
  client: "Claude Desktop",
  input: { name: "x", transport: "stdio", command: "node", args: ["s.js"], env: {}, requestTimeoutMs: 60_000 },
  problems: [],
  notes: [],
  disabled: false,
  duplicateOf: null,
  ...over,
});

describe("ConfigPreviewList", () => {
  it("lets the user pick only usable, new entries, and says why the others are not", () => {
    const onToggle = vi.fn();
    render(
      <ConfigPreviewList
        picked={new Set(["new"])}
        onToggle={onToggle}
        entries={[
          entry({ name: "new" }),
          entry({ name: "saved", duplicateOf: { id: "c1", name: "my server" } }),
          entry({ name: "socket", input: null, problems: ["type 'websocket' is not supported"] }),
          entry({ name: "asks", notes: ["env KEY: `${input:key}` is a VS Code input prompt"] }),
        ]}
      />,
    );
    const boxes = screen.getAllByRole("checkbox");
    expect(boxes.map((b) => [b.getAttribute("aria-label"), b.getAttribute("data-state"), b.hasAttribute("disabled")])).toEqual([
      ["Import new", "checked", false],
      ["Import saved", "unchecked", true],
      ["Import socket", "unchecked", true],
      ["Import asks", "unchecked", false],
    ]);
    expect(screen.getByTestId("import-duplicate").textContent).toBe("already added as my server");
    expect(screen.getByTestId("import-problem").textContent).toBe("type 'websocket' is not supported");
    expect(screen.getByTestId("import-note").textContent).toContain("VS Code input prompt");
    expect(screen.getAllByText("node s.js")).toHaveLength(3);
    fireEvent.click(boxes[3]!);
    expect(onToggle).toHaveBeenCalledWith("asks", true);
  });
});
