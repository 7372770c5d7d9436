// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { ToolAppBadges } from "@/components/mcp/tools/tool-app-badge";

afterEach(cleanup);
const schema = { type: "object" as const };

describe("ToolAppBadges", () => {
  it("marks an app tool and an app-only tool, and nothing else", () => {
    render(<ToolAppBadges tool={{ name: "get-time", inputSchema: schema, _meta: { ui: { resourceUri: "ui://get-time/app.html" } } }} />);
    expect(screen.getByTestId("tool-app-badge").title).toContain("ui://get-time/app.html");
    expect(screen.queryByTestId("tool-app-only")).toBeNull();
    cleanup();
    render(<ToolAppBadges tool={{ name: "poll", inputSchema: schema, _meta: { ui: { visibility: ["app"] } } }} />);
    expect(screen.getByTestId("tool-app-only")).toBeTruthy();
    expect(screen.queryByTestId("tool-app-badge")).toBeNull();
    cleanup();
    const { container } = render(<ToolAppBadges tool={{ name: "plain", inputSchema: schema }} />);
    expect(container.textContent).toBe("");
  });
});
