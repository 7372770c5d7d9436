// Test-only helpers for the ADK timeline component tests (happy-dom).
import { useState } from "react";
import type { ReactNode } from "react";
import { act, fireEvent, screen } from "@testing-library/react";
import type { TimelineState } from "@/lib/protocols/adk/timeline-types";
import { AdkTimeline } from "./adk-timeline";
import { DEFAULT_TIMELINE_FILTER, type TimelineFilter } from "./filter";
import type { TimelineView } from "./rows";

/** Height of every measured row in tests; the viewport height is set per test. */
export const ROW_PX = 60;
export const layout = { viewport: 600 };

/**
 * happy-dom lays nothing out: give the scroll element a size and a scroll height (its content's
 * height), and every measured row (`data-index`) a height, so the virtualizer renders a window.
 */
export function installLayout(): void {
  const proto = HTMLElement.prototype;
  Object.defineProperty(proto, "clientHeight", { configurable: true, get: () => layout.viewport });
  Object.defineProperty(proto, "clientWidth", { configurable: true, get: () => 1000 });
  Object.defineProperty(proto, "scrollHeight", {
    configurable: true,
    get(this: HTMLElement) {
      const content = this.firstElementChild as HTMLElement | null;
      return Math.max(layout.viewport, content ? parseFloat(content.style.height) || 0 : 0);
    },
  });
  Object.defineProperty(proto, "offsetHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute("data-index") ? ROW_PX : 0;
    },
  });
}

/** happy-dom's scroll() fires no "scroll" event, which a browser does after every scroll write. */
export const settle = () => act(() => void fireEvent.scroll(screen.getByTestId("timeline-scroll")));

export interface HarnessProps {
  timeline: TimelineState;
  initialView?: TimelineView;
  initialFilter?: TimelineFilter;
  renderInterrupt?: (callId: string, eventId: string) => ReactNode;
  onOpenArtifact?: (filename: string, version: number) => void;
  onSelect?: (index: number | null) => void;
}

/** The container's part in tests: holds view, filter and selection like the workbench will. */
export function Harness({ timeline, initialView = "raw", initialFilter = DEFAULT_TIMELINE_FILTER, onSelect, ...rest }: HarnessProps) {
  const [view, setView] = useState<TimelineView>(initialView);
  const [filter, setFilter] = useState<TimelineFilter>(initialFilter);
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <AdkTimeline
      timeline={timeline}
      view={view}
      onViewChange={setView}
      filter={filter}
      onFilterChange={setFilter}
      selectedIndex={selected}
      onSelect={(i) => {
        setSelected(i);
        onSelect?.(i);
      }}
      {...rest}
    />
  );
}

export const eventRows = () => screen.queryAllByTestId("timeline-event");
export const entryRow = (index: number) =>
  eventRows().find((r) => r.getAttribute("data-entry") === String(index) && !r.hasAttribute("data-in-fold"));
