// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { PgComposer } from "@/components/playground/pg-composer";

afterEach(cleanup);

describe("PgComposer", () => {
  it("Stop hands keyboard focus to the message box (the Stop button goes away with the turn)", () => {
    const onStop = vi.fn();
    const props = { onSend: () => Promise.resolve(), onStop, sending: false };
    const { rerender } = render(<PgComposer {...props} running stopping={false} />);
    const stop = screen.getByTestId("pg-stop");
    stop.focus();
    fireEvent.click(stop);
    expect(onStop).toHaveBeenCalledTimes(1);
    rerender(<PgComposer {...props} running stopping />);
    rerender(<PgComposer {...props} running={false} stopping={false} />);
    expect(screen.queryByTestId("pg-stop")).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId("pg-composer-input"));
  });
});
