// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { StorageFigure } from "@/lib/contracts/storage";
import { RecordingBanner } from "./recording-banner";
import { StorageFigureButton } from "./storage-figure";

const MiB = 1024 * 1024;
const now = Date.UTC(2026, 10, 28, 12, 0, 0);
const figure: StorageFigure = {
  fileBytes: 300 * MiB,
  walBytes: 4 * MiB,
  usedBytes: 310 * MiB,
  capBytes: 1024 * MiB,
  maxAgeDays: 30,
  oldestEntryAt: now - 3 * 24 * 3600 * 1000,
  lastPrune: { at: now - 5 * 60 * 1000, trigger: "growth", entries: 1200, records: 300, bytesBefore: 1030 * MiB, bytesAfter: 820 * MiB },
  recording: { state: "recording" },
};
const paused: StorageFigure = {
  ...figure,
  recording: { state: "paused", reason: "disk_full", since: now - 60_000, message: "database or disk is full" },
};

afterEach(cleanup);

describe("the storage figure", () => {
  it("shows the store's size against its cap, and the details on click: oldest entry kept and the last prune", () => {
    render(<StorageFigureButton figure={figure} now={now} />);
    const button = screen.getByTestId("storage-figure");
    expect(button.textContent).toBe("Store 310 MB of 1.0 GB");
    expect(button.getAttribute("data-state")).toBe("recording");
    fireEvent.click(button);
    const details = screen.getByTestId("storage-details").textContent ?? "";
    expect(details).toContain("300 MB file + 4.0 MB WAL");
    expect(details).toMatch(/Oldest entry keptNov 25/);
    expect(details).toContain("the store grew past its cap): 1200 entries and 300 call/run records, 1.0 GB → 820 MB");
    expect(details).toContain("30 days");
  });

  it("says when there is no cap", () => {
    render(<StorageFigureButton figure={{ ...figure, capBytes: null }} now={now} />);
    expect(screen.getByTestId("storage-figure").textContent).toBe("Store 310 MB (no cap)");
  });
});

describe("the recording banner", () => {
  it("says recording is paused, why, with the figure and the raw message", () => {
    render(<RecordingBanner figure={paused} now={now} />);
    const banner = screen.getByRole("alert");
    expect(banner.textContent).toContain("Recording is paused: the disk is full.");
    expect(banner.textContent).toContain("Store 310 MB of 1.0 GB");
    expect(banner.textContent).toContain("database or disk is full");
  });

  it("names the cap when the cap is what is full", () => {
    render(
      <RecordingBanner
        figure={{ ...paused, recording: { state: "paused", reason: "cap_full", since: now, message: "over the cap" } }}
        now={now}
      />,
    );
    expect(screen.getByRole("alert").textContent).toContain("at its size cap");
  });

  it("is not there while Loupe records", () => {
    render(<RecordingBanner figure={figure} now={now} />);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
