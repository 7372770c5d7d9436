// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { AppLauncher } from "@/components/mcp/apps/app-launcher";
import { renderWithClient } from "@/components/mcp/workbench/test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tool = {
  name: "plan-trip",
  inputSchema: {
    type: "object" as const,
    properties: { destination: { type: "string" }, days: { type: "integer", minimum: 1 } },
    required: ["destination", "days"],
  },
};

describe("AppLauncher (Apps tab)", () => {
  it("shows no errors before a first Open/Run attempt, keeps its actions above the form, and blocks an invalid Open", () => {
    // The call history is fetched; answer it empty so the launcher renders as on a fresh server.
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ calls: [] }), { status: 200, headers: { "content-type": "application/json" } })),
    );
    renderWithClient(<AppLauncher connectionId="c" connected tool={tool} resourceUri="ui://plan-trip/app.html" />);
    const launcher = screen.getByTestId("app-launcher");
    expect(within(launcher).queryAllByRole("alert")).toHaveLength(0);
    const actions = screen.getByTestId("app-actions");
    const form = screen.getByTestId("schema-form");
    // Reachable without scrolling past a long form: the action bar comes first and sticks.
    expect(actions.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(actions.className).toMatch(/\bsticky\b/);
    const open = screen.getByTestId<HTMLButtonElement>("app-open");
    expect(open.disabled).toBe(false);
    fireEvent.click(open);
    // The attempt reveals what is missing, beside the fields, and opens nothing.
    expect(within(form).getAllByRole("alert").length).toBeGreaterThan(0);
    expect(screen.queryByTestId("app-view")).toBeNull();
    expect(actions.textContent).toContain("invalid");
  });
});
