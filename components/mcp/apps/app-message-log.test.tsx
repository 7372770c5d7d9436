// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { AppMessageLog } from "@/components/mcp/apps/app-message-log";

afterEach(cleanup);

describe("AppMessageLog at narrow widths", () => {
  it("keeps the direction compact and lets a method break only after '/', whole on hover", () => {
    render(
      <AppMessageLog
        log={[
          { n: 1, direction: "host_to_app", at: 0, message: { jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready" } },
          { n: 2, direction: "app_to_host", at: 1, message: { jsonrpc: "2.0", id: 3, method: "tools/call", params: {} } },
        ]}
      />,
    );
    const [first, second] = screen.getAllByTestId("app-message") as [HTMLElement, HTMLElement];
    const dir = first.querySelector("[data-testid=app-message-direction]") as HTMLElement;
    // Short visible label, the full sentence on hover.
    expect(dir.textContent.length).toBeLessThanOrEqual(6);
    expect(dir.title).toBe("Loupe → app");
    expect(second.querySelector("[data-testid=app-message-direction]")!.getAttribute("title")).toBe("app → Loupe");
    const method = first.querySelector("[data-testid=app-message-summary]") as HTMLElement;
    expect(method.textContent).toBe("ui/notifications/sandbox-proxy-ready");
    expect(method.title).toBe("ui/notifications/sandbox-proxy-ready");
    // No breaking anywhere inside a word: the only break opportunities are after each '/'.
    expect(method.className).not.toMatch(/break-all|wrap-anywhere|break-words/);
    expect(method.querySelectorAll("wbr")).toHaveLength(2);
    // Each part is kept whole (not even split at its hyphens), with a break opportunity only after each '/'.
    const parts = [...method.children].map((el) =>
      el.tagName === "WBR" ? "|" : `${el.textContent}${el.classList.contains("whitespace-nowrap") ? "" : "(wraps)"}`,
    );
    expect(parts).toEqual(["ui/", "|", "notifications/", "|", "sandbox-proxy-ready"]);
  });
});
