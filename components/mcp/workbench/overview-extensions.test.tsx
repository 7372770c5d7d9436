// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import { OverviewPanel } from "@/components/mcp/workbench/overview-panel";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("OverviewPanel capabilities", () => {
  it("names each extension the server declares in capabilities.extensions", () => {
    vi.stubGlobal("fetch", fetchRouter({}).fetch);
    const conn = connectionFixture(
      {},
      {
        capabilities: {
          tools: { listChanged: true },
          extensions: { "io.modelcontextprotocol/tasks": {}, "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } },
        },
      },
    );
    renderWithClient(<OverviewPanel connection={conn} onConnect={() => undefined} />);
    const caps = screen.getByTestId("capabilities");
    const names = within(caps)
      .getAllByTestId("capability-extension")
      .map((b) => b.dataset.extension);
    expect(names).toEqual(["io.modelcontextprotocol/tasks", "io.modelcontextprotocol/ui"]);
    expect(caps.textContent).toContain("io.modelcontextprotocol/ui");
    expect(caps.textContent).toContain("tools · listChanged");
  });
});
