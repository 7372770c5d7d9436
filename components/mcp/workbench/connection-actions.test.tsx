// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ConnectionActions } from "@/components/mcp/workbench/connection-actions";
import { ReconnectCountdown } from "@/components/mcp/workbench/connection-timing";
import type { ConnectionActionsProps } from "@/components/mcp/workbench/connection-actions";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function props(over: Partial<ConnectionActionsProps> = {}): ConnectionActionsProps {
  return {
    name: "everything",
    status: "connected",
    busy: false,
    error: null,
    onConnect: vi.fn(),
    onDisconnect: vi.fn(),
    onReconnect: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(async () => undefined),
    ...over,
  };
}

describe("ConnectionActions", () => {
  it("turns Disconnect into Stop retrying while an automatic reconnect is scheduled", () => {
    const p = props({ status: "error", reconnect: { attempt: 2, max: 10, nextAt: Date.now() + 2_000 } });
    render(<ConnectionActions {...p} />);
    expect(screen.queryByTestId("connect")).toBeNull();
    expect(screen.getByTestId("disconnect").textContent?.trim()).toBe("Stop retrying");
    expect(screen.getByTestId("reconnect").textContent?.trim()).toBe("Reconnect now");
    expect(screen.getByTestId("reconnect-countdown").textContent).toBe("Retrying in 2 s (attempt 2 of 10)");
    fireEvent.click(screen.getByTestId("disconnect"));
    expect(p.onDisconnect).toHaveBeenCalledTimes(1);
  });

  it("offers Connect for a plain error without a schedule", () => {
    render(<ConnectionActions {...props({ status: "error" })} />);
    expect(screen.getByTestId("connect")).toBeTruthy();
    expect(screen.queryByTestId("reconnect-countdown")).toBeNull();
  });

  it("pings from the header and shows the last result compactly", () => {
    const onPing = vi.fn();
    const { rerender } = render(<ConnectionActions {...props({ onPing, lastPing: { at: Date.now(), ms: 4.5 } })} />);
    expect(screen.getByTestId("header-ping-result").textContent).toBe("4.5 ms");
    fireEvent.click(screen.getByTestId("header-ping"));
    expect(onPing).toHaveBeenCalledTimes(1);
    rerender(<ConnectionActions {...props({ onPing, lastPing: { at: Date.now(), error: "Request timed out" } })} />);
    const failed = screen.getByTestId("header-ping-result");
    expect(failed.textContent).toBe("failed");
    expect(failed.getAttribute("title")).toBe("Ping failed: Request timed out");
    rerender(<ConnectionActions {...props({ onPing, status: "disconnected" })} />);
    expect(screen.getByTestId<HTMLButtonElement>("header-ping").disabled).toBe(true);
    expect(screen.queryByTestId("header-ping-result")).toBeNull();
  });

  it("has no Ping button without onPing", () => {
    render(<ConnectionActions {...props()} />);
    expect(screen.queryByTestId("header-ping")).toBeNull();
  });
});

describe("ReconnectCountdown", () => {
  it("counts down to the next attempt", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    render(<ReconnectCountdown status="error" reconnect={{ attempt: 3, max: 10, nextAt: 1_000_000 + 4_000 }} />);
    expect(screen.getByTestId("reconnect-countdown").textContent).toBe("Retrying in 4 s (attempt 3 of 10)");
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.getByTestId("reconnect-countdown").textContent).toBe("Retrying in 2 s (attempt 3 of 10)");
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.getByTestId("reconnect-countdown").textContent).toBe("Retrying in 0 s (attempt 3 of 10)");
  });
});
