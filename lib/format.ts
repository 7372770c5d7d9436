/**
 * Every display format the browser uses, in one place, so "12 ms" in the traffic list and in the
 * ADK timeline are the same words (issue 11 §1). Pure functions, no locale surprises in tests:
 * numbers use en-US grouping; clock times use the user's locale, 24-hour.
 */

/** Shown for a missing or impossible value (undefined, NaN, negative). */
export const NO_VALUE = "—";

/**
 * A duration or latency: 4.5 ms (one decimal below 10 ms, where it still says something),
 * 850 ms, 2.35 s, 1 min 05 s.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return NO_VALUE;
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const min = Math.floor(ms / 60_000);
  const sec = Math.round((ms % 60_000) / 1000);
  return `${min} min ${String(sec).padStart(2, "0")} s`;
}

const BYTE_UNITS = ["KB", "MB", "GB", "TB"] as const;

/** 512 B, 1.5 KB, 100 KB, 5.0 MB — one decimal below 10 units, whole numbers above (binary units). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "? B";
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = value < 10 ? value.toFixed(1) : String(Math.round(value));
  return `${shown} ${BYTE_UNITS[unit]}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A wire clock with milliseconds, 14:03:07.042 (traffic, timelines: ordering within a second matters). */
export function formatClockMs(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

/** A time of day in the user's locale, 24-hour, 14:03:07 ("listed at", "last ping at"). */
export function formatClock(ms: number): string {
  // hourCycle, not hour12: false (which gives en-US a 1–24 clock: midnight read 24:00:05).
  return new Date(ms).toLocaleTimeString(undefined, { hourCycle: "h23" });
}

/** A date and time in the user's locale, "Nov 24, 14:03:07" (history lists spanning days). */
export function formatDateTime(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

/** How long ago, coarse: "just now", "42 s ago", "5 min ago", "3 h ago", "2 d ago". */
export function formatRelative(at: number, now: number = Date.now()): string {
  const s = Math.round((now - at) / 1000);
  if (!Number.isFinite(s)) return NO_VALUE;
  if (s < 5) return "just now";
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86_400)} d ago`;
}

/** 12,345 — en-US grouping, "?" for a count that is not a number. */
export function formatCount(n: number): string {
  return Number.isFinite(n) ? n.toLocaleString("en-US") : "?";
}

/** "1 item", "3 items", "2 replies" (give the plural when adding "s" is wrong). */
export function plural(n: number, word: string, pluralWord = `${word}s`): string {
  return `${formatCount(n)} ${n === 1 ? word : pluralWord}`;
}

/** Token counts read like any count: 1,234. */
export const formatTokens = formatCount;

/** "$0.0012", "$1.20"; null → "price unknown" (a model Loupe has no price for). */
export function formatCost(usd: number | null | undefined): string {
  if (usd === null || usd === undefined || !Number.isFinite(usd)) return "price unknown";
  if (usd === 0) return "$0";
  return usd < 0.01 ? `$${usd.toPrecision(2)}` : `$${usd.toFixed(2)}`;
}

/** A URL's path and query only: every exchange of a connection goes to one or two origins. */
export function formatUrlPath(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}
