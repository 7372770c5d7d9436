"use client";

import { memo } from "react";
import { SafeMarkdown } from "@/components/ui/safe-markdown";
import { cn } from "@/lib/cn";

const PROSE =
  "min-w-0 text-sm leading-relaxed break-words [&_a]:text-primary [&_a]:underline [&_code]:font-mono [&_code]:text-xs [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-1 [&_pre]:overflow-auto [&_pre]:rounded [&_pre]:bg-muted [&_pre]:p-2 [&_ul]:list-disc";

/** Model text far larger than a chat message is cut; the inspector has the raw event. */
const TEXT_LIMIT = 20_000;

function StreamingMarker() {
  return (
    <span data-testid="streaming-marker" className="animate-pulse text-xs text-sky-600 dark:text-sky-400">
      streaming…
    </span>
  );
}

export interface MessageTextProps {
  text: string;
  /** Still growing (partial chunks merged so far). */
  partial: boolean;
  role?: string;
}

/**
 * A message as markdown; raw HTML is escaped and remote images wait for a click (SafeMarkdown).
 * Memoized: every streamed chunk re-renders the visible rows, but only the growing text re-parses.
 */
export const MessageText = memo(function MessageText({ text, partial, role }: MessageTextProps) {
  const cut = text.length > TEXT_LIMIT;
  return (
    <div data-testid="timeline-text" data-role={role} data-state={partial ? "streaming" : "final"} className={PROSE}>
      <SafeMarkdown>{cut ? `${text.slice(0, TEXT_LIMIT)}…` : text}</SafeMarkdown>
      {cut && <span className="text-xs text-muted-foreground">(cut at {TEXT_LIMIT} characters; see the raw event)</span>}
      {partial && <StreamingMarker />}
    </div>
  );
});

export interface ThoughtTextProps {
  text: string;
  partial: boolean;
}

/** The model's thoughts: collapsed by default and set apart from what it says. */
export const ThoughtText = memo(function ThoughtText({ text, partial }: ThoughtTextProps) {
  return (
    <details
      data-testid="timeline-thought"
      className="group rounded-md border border-dashed border-violet-500/40 bg-violet-500/5 px-2 py-1"
      onClick={(e) => e.stopPropagation()}
    >
      <summary className="cursor-pointer text-xs text-violet-700 select-none dark:text-violet-300">
        Thought{partial ? " (streaming…)" : ""} · {text.length.toLocaleString("en-US")} chars
      </summary>
      <div className={cn(PROSE, "text-muted-foreground italic")}>
        <SafeMarkdown>{text.length > TEXT_LIMIT ? `${text.slice(0, TEXT_LIMIT)}…` : text}</SafeMarkdown>
      </div>
    </details>
  );
});
