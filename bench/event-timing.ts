import type { Page } from "playwright-core";

/** One input event as the Event Timing API saw it: its type, duration and the element it hit. */
export interface SlowEvent {
  name: string;
  duration: number;
  target: string;
}

declare global {
  interface Window {
    __loupeEvents?: SlowEvent[];
  }
}

/**
 * Watches every input event of the page over 16 ms (PerformanceObserver "event",
 * durationThreshold 16; issue 23): call before the page loads, read with `slowestEvent`.
 */
export async function watchInputEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__loupeEvents = [];
    const describe = (el: Node | null): string => {
      if (!(el instanceof HTMLElement)) return "(none)";
      const id = el.closest<HTMLElement>("[data-testid]")?.dataset.testid;
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ""}`;
    };
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const target = "target" in e && e.target instanceof Node ? e.target : null;
        window.__loupeEvents?.push({ name: e.name, duration: e.duration, target: describe(target) });
      }
    });
    // durationThreshold (Event Timing) is not in TypeScript's DOM library yet: passed through a variable.
    const options = { type: "event", buffered: true, durationThreshold: 16 };
    observer.observe(options);
  });
}

/** The slowest input event seen since the page loaded (and forgets them), or null. */
export async function slowestEvent(page: Page): Promise<SlowEvent | null> {
  // One frame so the observer has delivered the last interaction.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  const events = await page.evaluate(() => window.__loupeEvents?.splice(0) ?? []);
  return events.reduce<SlowEvent | null>((a, b) => (a && a.duration >= b.duration ? a : b), null);
}
