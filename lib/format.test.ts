import { describe, expect, it } from "vitest";
import {
  formatBytes,
  formatClock,
  formatClockMs,
  formatCost,
  formatCount,
  formatDuration,
  formatRelative,
  formatTokens,
  formatUrlPath,
  NO_VALUE,
  plural,
} from "./format";

describe("formatDuration (durations and latencies)", () => {
  it("keeps a decimal below 10 ms, whole ms below a second, seconds with two decimals, then minutes", () => {
    expect(formatDuration(4.5)).toBe("4.5 ms");
    expect(formatDuration(8)).toBe("8.0 ms");
    expect(formatDuration(12)).toBe("12 ms");
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(1200)).toBe("1.20 s");
    expect(formatDuration(2345)).toBe("2.35 s");
    expect(formatDuration(65_000)).toBe("1 min 05 s");
    expect(formatDuration(408_000)).toBe("6 min 48 s");
  });

  it("says — for a missing or impossible value instead of NaN ms", () => {
    expect(formatDuration(undefined)).toBe(NO_VALUE);
    expect(formatDuration(null)).toBe(NO_VALUE);
    expect(formatDuration(Number.NaN)).toBe(NO_VALUE);
    expect(formatDuration(-1)).toBe(NO_VALUE);
  });
});

describe("formatBytes", () => {
  it("uses binary units with one decimal below 10", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(70_000)).toBe("68 KB");
    expect(formatBytes(100 * 1024)).toBe("100 KB");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5.0 MB");
    expect(formatBytes(-3)).toBe("? B");
  });
});

describe("times", () => {
  it("shows a wire clock with milliseconds", () => {
    const at = new Date(2026, 10, 24, 9, 5, 7, 42).getTime();
    expect(formatClockMs(at)).toBe("09:05:07.042");
  });

  it("reads midnight as 00, not 24, in a locale whose hour12: false means a 1–24 clock (en-US)", () => {
    // Before: "24:00:05" (Intl's hour12: false picks h24 for en-US).
    const midnight = new Date(2026, 10, 24, 0, 0, 5).getTime();
    expect(formatClock(midnight)).not.toMatch(/^24/);
    expect(formatClock(midnight)).toMatch(/^0?0:00:05/);
  });

  it("says how long ago, coarsely", () => {
    const now = 1_000_000_000;
    expect(formatRelative(now - 1000, now)).toBe("just now");
    expect(formatRelative(now - 42_000, now)).toBe("42 s ago");
    expect(formatRelative(now - 5 * 60_000, now)).toBe("5 min ago");
    expect(formatRelative(now - 3 * 3_600_000, now)).toBe("3 h ago");
    expect(formatRelative(now - 2 * 86_400_000, now)).toBe("2 d ago");
  });
});

describe("counts, tokens, cost", () => {
  it("groups counts and pluralises", () => {
    expect(formatCount(12345)).toBe("12,345");
    expect(formatTokens(628)).toBe("628");
    expect(formatCount(Number.NaN)).toBe("?");
    expect(plural(1, "item")).toBe("1 item");
    expect(plural(0, "item")).toBe("0 items");
    expect(plural(2, "property", "properties")).toBe("2 properties");
  });

  it("prices in dollars, small amounts with two significant digits", () => {
    expect(formatCost(0)).toBe("$0");
    expect(formatCost(0.0012)).toBe("$0.0012");
    expect(formatCost(0.0123)).toBe("$0.01");
    expect(formatCost(1.2)).toBe("$1.20");
    expect(formatCost(null)).toBe("price unknown");
  });
});

describe("formatUrlPath", () => {
  it("keeps the path and query of a URL, and the text itself when it is not one", () => {
    expect(formatUrlPath("http://127.0.0.1:3001/mcp?x=1")).toBe("/mcp?x=1");
    expect(formatUrlPath("https://example.com")).toBe("/");
    expect(formatUrlPath("not a url")).toBe("not a url");
  });
});
