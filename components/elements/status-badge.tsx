import type * as React from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";

/**
 * The one status vocabulary. Each feature maps its own states onto these tones (a Record, so a new
 * state without a tone is a type error), and every status in Loupe reads the same colour for the
 * same meaning: waits on someone, in progress, done, broke, outdated, stopped on purpose.
 */
export type StatusTone = "pending" | "running" | "ok" | "failed" | "stale" | "canceled" | "info" | "warning";

export const TONE_CLASS: Record<StatusTone, string> = {
  pending: "border-transparent bg-sky-500/10 text-sky-700 dark:text-sky-300",
  running: "border-transparent bg-indigo-500/10 text-indigo-700 dark:text-indigo-300",
  ok: "border-transparent bg-emerald-500/10 text-emerald-700 dark:text-emerald-400",
  failed: "border-transparent bg-destructive/10 text-destructive",
  stale: "border-transparent bg-secondary text-secondary-foreground",
  canceled: "border-border text-muted-foreground",
  info: "border-border text-foreground",
  warning: "border-transparent bg-amber-500/15 text-amber-800 dark:text-amber-300",
};

/** The same tones as a dot (connections, agent rows), for places too small for a badge. */
export const TONE_DOT_CLASS: Record<StatusTone, string> = {
  pending: "bg-sky-500",
  running: "bg-indigo-500 animate-pulse",
  ok: "bg-emerald-500",
  failed: "bg-red-500",
  stale: "bg-neutral-400",
  canceled: "bg-neutral-300 dark:bg-neutral-600",
  info: "bg-neutral-400",
  warning: "bg-amber-400",
};

export type StatusBadgeProps = Omit<React.ComponentProps<"span">, "children"> & {
  tone: StatusTone;
  children: React.ReactNode;
};

/** A status word on its tone's colour; the word stays, so colour is never the only signal. */
export function StatusBadge({ tone, className, children, ...props }: StatusBadgeProps) {
  return (
    <Badge variant="outline" data-tone={tone} className={cn(TONE_CLASS[tone], className)} {...props}>
      {children}
    </Badge>
  );
}

export interface StatusDotProps {
  tone: StatusTone;
  /** The state's word, kept beside the dot so colour is never the only signal. */
  label: string;
  /** The state's own name, on `data-status` for tests and styles. */
  status: string;
  showLabel?: boolean;
  className?: string;
}

/** A coloured dot with its label, for places too small for a badge (sidebar rows, headers). */
export function StatusDot({ tone, label, status, showLabel = true, className }: StatusDotProps) {
  return (
    <span className={cn("inline-flex items-center gap-1.5 text-xs text-muted-foreground", className)} data-status={status}>
      <span aria-hidden className={cn("size-2 shrink-0 rounded-full", TONE_DOT_CLASS[tone])} />
      {showLabel && <span>{label}</span>}
    </span>
  );
}
