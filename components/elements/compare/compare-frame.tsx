"use client";

import type { ReactNode } from "react";
import { ArrowLeftRightIcon, XIcon } from "lucide-react";
import type { AppError } from "@/lib/errors";
import { Button } from "@/components/ui/button";
import { QueryError } from "@/components/elements/query-error";

export interface CompareFailure {
  title: string;
  error: AppError | Error;
  onRetry: () => void;
}

export interface CompareFrameProps {
  testId: string;
  /** Ids of the two sides, on the frame for tests and links. */
  a: string;
  b: string;
  title: string;
  /** Between the title and Swap/Close (e.g. the playground's column pair picker). */
  headerExtra?: ReactNode;
  onSwap: () => void;
  onClose: () => void;
  /** A side that could not be read: shown instead of the comparison. */
  failure: CompareFailure | null;
  /** Said while the two sides are still being read; false once the comparison is there. */
  loading: string | false;
  children: ReactNode;
}

/** The frame every "compare two runs" pane shares: title, Swap and Close, then the failure, the wait or the comparison. */
export function CompareFrame({ testId, a, b, title, headerExtra, onSwap, onClose, failure, loading, children }: CompareFrameProps) {
  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col" data-testid={testId} data-a={a} data-b={b}>
      <div className="flex flex-wrap items-center gap-1 border-b px-3 py-1.5">
        <h2 className="text-xs font-semibold">{title}</h2>
        {headerExtra}
        <div className="ml-auto flex gap-1">
          <Button size="xs" variant="ghost" onClick={onSwap} data-testid="compare-swap">
            <ArrowLeftRightIcon /> Swap
          </Button>
          <Button size="xs" variant="ghost" onClick={onClose} data-testid="compare-close">
            <XIcon /> Close
          </Button>
        </div>
      </div>
      {failure ? (
        <QueryError className="m-2" title={failure.title} error={failure.error} onRetry={failure.onRetry} />
      ) : loading !== false ? (
        <p className="p-3 text-xs text-muted-foreground">{loading}</p>
      ) : (
        children
      )}
    </div>
  );
}
