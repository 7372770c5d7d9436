// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import type { ConnectionStatus } from "@/lib/contracts/connections";
import { ConnectionStatusDot, STATUS_LABEL } from "./connection-status";

afterEach(cleanup);

describe("ConnectionStatusDot", () => {
  it("says every connection status in words beside the dot, or only the dot when asked", () => {
    for (const status of Object.keys(STATUS_LABEL) as ConnectionStatus[]) {
      const { container, unmount } = render(<ConnectionStatusDot status={status} />);
      expect(container.querySelector(`[data-status="${status}"]`)?.textContent).toBe(STATUS_LABEL[status]);
      unmount();
    }
    const { container } = render(<ConnectionStatusDot status="connected" showLabel={false} />);
    expect(container.querySelector('[data-status="connected"]')?.textContent).toBe("");
  });
});
