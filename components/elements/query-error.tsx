import { AlertTriangleIcon, RotateCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { AppError } from "@/lib/errors";
import { cn } from "@/lib/cn";

export interface QueryErrorProps {
  /** What failed, e.g. "Could not load tools". */
  title: string;
  error: AppError | Error;
  onRetry?: () => void;
  className?: string;
}

/** Inline failure for one panel: the page around it keeps working. */
export function QueryError({ title, error, onRetry, className }: QueryErrorProps) {
  const code = "code" in error ? String(error.code) : undefined;
  return (
    <div
      role="alert"
      data-testid="query-error"
      className={cn("flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm", className)}
    >
      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-destructive" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{title}</p>
        <p className="break-words text-xs text-muted-foreground">
          {error.message}
          {code && <span className="ml-1 font-mono opacity-70">({code})</span>}
        </p>
      </div>
      {onRetry && (
        <Button size="xs" variant="outline" onClick={onRetry}>
          <RotateCwIcon /> Retry
        </Button>
      )}
    </div>
  );
}
