// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { AppConsentDialog, useAppConsent, type AppAnswer, type AppAsk } from "@/components/mcp/apps/app-confirm";

afterEach(cleanup);

let ask: ((a: AppAsk) => Promise<AppAnswer>) | null = null;
function Harness() {
  const consent = useAppConsent();
  ask = consent.ask;
  return <AppConsentDialog ask={consent.current} onAnswer={consent.answer} />;
}

describe("the app consent dialog", () => {
  it("asks one thing at a time, in order, and answers each once", async () => {
    render(<Harness />);
    let first!: Promise<AppAnswer>;
    let second!: Promise<AppAnswer>;
    act(() => {
      first = ask!({ kind: "call", tool: "get-time", args: { zone: "UTC" } });
      second = ask!({ kind: "link", url: "https://example.com/docs" });
    });
    expect(screen.getByTestId("app-consent").dataset.kind).toBe("call");
    expect(screen.getByTestId("app-consent-detail").textContent).toContain('"zone": "UTC"');
    act(() => {
      fireEvent.click(screen.getByTestId("app-consent-allow"));
    });
    await expect(first).resolves.toBe(true);
    expect(screen.getByTestId("app-consent").dataset.kind).toBe("link");
    expect(screen.getByTestId("app-consent").textContent).toContain("example.com");
    act(() => {
      fireEvent.click(screen.getByTestId("app-consent-deny"));
    });
    await expect(second).resolves.toBe(false);
    expect(screen.queryByTestId("app-consent")).toBeNull();
  });

  it("offers a call (not a link) for the rest of the app's life", async () => {
    render(<Harness />);
    let asked!: Promise<AppAnswer>;
    let queued!: Promise<AppAnswer>;
    let other!: Promise<AppAnswer>;
    act(() => {
      asked = ask!({ kind: "call", tool: "poll-stats", args: {} });
      other = ask!({ kind: "call", tool: "reset-stats", args: {} });
      queued = ask!({ kind: "call", tool: "poll-stats", args: {} });
    });
    act(() => {
      fireEvent.click(screen.getByTestId("app-consent-allow-session"));
    });
    await expect(asked).resolves.toBe("session");
    // The same tool's queued call is answered with it; another tool still asks.
    await expect(queued).resolves.toBe("session");
    expect(screen.getByTestId("app-consent").textContent).toContain("reset-stats");
    act(() => {
      fireEvent.click(screen.getByTestId("app-consent-deny"));
    });
    await expect(other).resolves.toBe(false);
    act(() => {
      asked = ask!({ kind: "link", url: "https://example.com" });
    });
    expect(screen.queryByTestId("app-consent-allow-session")).toBeNull();
  });

  it("takes Escape as a no", async () => {
    render(<Harness />);
    let asked!: Promise<AppAnswer>;
    act(() => {
      asked = ask!({ kind: "call", tool: "delete-all", args: {} });
    });
    act(() => {
      fireEvent.keyDown(screen.getByTestId("app-consent"), { key: "Escape" });
    });
    await expect(asked).resolves.toBe(false);
  });
});
