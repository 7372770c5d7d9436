// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { HeaderTable } from "@/components/elements/header-table";

afterEach(cleanup);

describe("HeaderTable at narrow widths", () => {
  it("never cuts a header name: it wraps at its hyphens instead of ending in an ellipsis", () => {
    render(<HeaderTable testId="h" headers={{ "mcp-protocol-version": "2026-07-28", "content-type": "application/json" }} />);
    const name = screen.getByTestId("h").querySelector("[data-header=mcp-protocol-version] dt") as HTMLElement;
    expect(name.textContent).toBe("mcp-protocol-version");
    // truncate / nowrap / overflow-hidden would clip it to "mcp-protocol-ver…" when the column is narrow.
    expect(name.className).not.toMatch(/\b(truncate|whitespace-nowrap|overflow-hidden|text-ellipsis)\b/);
    // Breaking mid-word ("mcp-proto col") is no better: only an unbreakable name may break inside.
    expect(name.className).not.toMatch(/break-all|wrap-anywhere/);
  });
});
