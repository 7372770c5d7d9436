import { cva } from "class-variance-authority";
import { AlertTriangleIcon, ClockIcon, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { AppError } from "@/lib/errors";

/**
 * What became of an answer the server did not apply: `error`, it failed or the request no longer
 * waits (destructive); `waiting`, the request still waits, on another Loupe instance (issue 25),
 * and nothing failed (an amber notice, as a timed-out call or a paused recording reads).
 */
export type AnswerNoticeTone = "error" | "waiting";

const noticeVariants = cva("flex items-start gap-2 rounded-md border p-3 text-sm", {
  variants: {
    tone: {
      error: "border-destructive/30 bg-destructive/5",
      waiting: "border-amber-500/40 bg-amber-500/10",
    },
  },
});

const TONE: Record<AnswerNoticeTone, { icon: LucideIcon; iconClass: string; titleClass: string; role: "alert" | "status" }> = {
  error: { icon: AlertTriangleIcon, iconClass: "text-destructive", titleClass: "", role: "alert" },
  waiting: {
    icon: ClockIcon,
    iconClass: "text-amber-600 dark:text-amber-400",
    titleClass: "text-amber-900 dark:text-amber-200",
    role: "status",
  },
};

export interface AnswerNoticeProps {
  tone: AnswerNoticeTone;
  /** What happened, in a few words. */
  title: string;
  /** The server's answer: its message in words and, for an AppError, its code. */
  error: Error;
  testId: string;
  /** `data-kind`, for tests and styles that tell the cases apart. */
  kind?: string;
  /** Below the message: field issues, what was kept. */
  children?: ReactNode;
}

/** Why the last answer to a human request was not applied, on its card; the draft above stays as typed. */
export function AnswerNotice({ tone, title, error, testId, kind, children }: AnswerNoticeProps) {
  const { icon: Icon, iconClass, titleClass, role } = TONE[tone];
  const code = error instanceof AppError ? error.code : undefined;
  return (
    <div role={role} data-testid={testId} data-kind={kind} data-tone={tone} className={noticeVariants({ tone })}>
      <Icon className={cn("mt-0.5 size-4 shrink-0", iconClass)} aria-hidden />
      <div className="flex min-w-0 flex-col gap-1">
        <p className={cn("font-medium", titleClass)}>{title}</p>
        <p className="break-words text-xs text-muted-foreground">
          {error.message}
          {code && <span className="ml-1 font-mono opacity-70">({code})</span>}
        </p>
        {children}
      </div>
    </div>
  );
}
