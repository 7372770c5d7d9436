import type { KeyboardEvent, MouseEvent, ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import type { TimelineEntry, TimelineState } from "@/lib/protocols/adk/timeline-types";
import { EventItems } from "./event-items";
import { formatEventTime } from "./format";
import { SafeText } from "@/components/ui/safe-text";

export type EventRowState = "final" | "streaming" | "error" | "unrecognized";

function rowState(entry: TimelineEntry): EventRowState {
  if (entry.event.shape === "unrecognized") return "unrecognized";
  // A tool that returned an error counts as an error, like an error event.
  if (entry.items.some((i) => i.kind === "error" || (i.kind === "tool_result" && i.isError))) return "error";
  return entry.streaming ? "streaming" : "final";
}

/** What handles its own clicks inside a row: an answer card, and any control. */
const OWN_CLICKS = [
  '[data-testid="interrupt-slot"]',
  "a[href]",
  "button",
  "input",
  "select",
  "textarea",
  "label",
  "summary",
  '[contenteditable="true"]',
  '[role="button"]',
  '[role="checkbox"]',
  '[role="combobox"]',
  '[role="link"]',
  '[role="menuitem"]',
  '[role="option"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="tab"]',
].join(",");

/**
 * A click that selects the row: not one on a control or an answer card inside it, and not one
 * that reached it through a portal (a select's list or a dialog opened from the card).
 */
function selectsRow(e: MouseEvent<HTMLElement>): boolean {
  const row = e.currentTarget;
  const target = e.target;
  if (!(target instanceof Node) || !row.contains(target)) return false;
  const element = target instanceof Element ? target : target.parentElement;
  const owner = element?.closest(OWN_CLICKS);
  return !owner || !row.contains(owner);
}

const AUTHOR_TONE: Record<"user" | "system" | "agent", string> = {
  user: "text-emerald-700 dark:text-emerald-400",
  system: "text-muted-foreground",
  agent: "text-sky-700 dark:text-sky-300",
};

export interface EventRowProps {
  timeline: TimelineState;
  entry: TimelineEntry;
  /** Indentation for nested agents / workflow nodes. */
  depth: number;
  /** Shown under an expanded compaction fold. */
  inFold?: boolean;
  /** A compaction summarizes this event (raw view). */
  compacted?: boolean;
  selected: boolean;
  onSelect: (index: number | null) => void;
  renderInterrupt?: (callId: string, eventId: string) => ReactNode;
  onOpenArtifact?: (filename: string, version: number) => void;
}

/** One event: who, when, where in the agent tree, and its items. */
export function EventRow({
  timeline,
  entry,
  depth,
  inFold = false,
  compacted = false,
  selected,
  onSelect,
  renderInterrupt,
  onOpenArtifact,
}: EventRowProps) {
  const { event } = entry;
  const state = rowState(entry);
  const author = event.author || (event.shape === "stream_error" ? "stream" : "?");
  const tone = author === "user" ? "user" : author === "system" || author === "stream" ? "system" : "agent";
  const toggle = () => onSelect(selected ? null : entry.index);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget || (e.key !== "Enter" && e.key !== " ")) return;
    e.preventDefault();
    toggle();
  };

  return (
    <article
      data-testid="timeline-event"
      data-entry={entry.index}
      data-event-id={event.id}
      data-author={event.author}
      data-state={state}
      data-depth={depth}
      data-selected={selected}
      data-in-fold={inFold || undefined}
      data-compacted={compacted || undefined}
      aria-selected={selected}
      tabIndex={0}
      onClick={(e) => {
        if (selectsRow(e)) toggle();
      }}
      onKeyDown={onKeyDown}
      style={{ paddingLeft: `${0.75 + depth * 1.25}rem` }}
      className={cn(
        "flex cursor-pointer flex-col gap-1 border-b py-1.5 pr-3 outline-none hover:bg-accent/40 focus-visible:bg-accent/60",
        selected && "bg-accent/70 hover:bg-accent/70",
        state === "error" && "border-l-2 border-l-destructive",
        inFold && "bg-muted/40 opacity-80",
      )}
    >
      <header className="flex min-w-0 flex-wrap items-center gap-1.5 text-xs">
        <SafeText text={author} className={cn("font-semibold", AUTHOR_TONE[tone])} />
        <span className="text-muted-foreground tabular-nums">{formatEventTime(event.timestamp)}</span>
        {event.nodeInfo && <span className="font-mono text-[11px] text-muted-foreground">{event.nodeInfo.path}</span>}
        {event.branch && !event.nodeInfo && <span className="font-mono text-[11px] text-muted-foreground">{event.branch}</span>}
        {entry.streaming && <Badge variant="info">streaming…</Badge>}
        {entry.raws.length > 1 && <Badge variant="outline">{entry.raws.length} messages merged</Badge>}
        {compacted && <Badge variant="secondary">compacted</Badge>}
        {inFold && <Badge variant="secondary">summarized</Badge>}
        {state === "error" && <Badge variant="destructive">error</Badge>}
        {event.interrupted && <Badge variant="warning">interrupted</Badge>}
      </header>
      <EventItems entry={entry} timeline={timeline} renderInterrupt={renderInterrupt} onOpenArtifact={onOpenArtifact} />
    </article>
  );
}
