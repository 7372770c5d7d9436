"use client";

import { Button } from "@/components/ui/button";
import { QueryError } from "@/components/elements/query-error";
import { BUNDLE_PAGE_SIZE } from "@/lib/contracts/bundle";
import type { AppError } from "@/lib/errors";
import { formatCount } from "@/lib/format";

export interface BundlePagesBarProps {
  /** Entries read so far. */
  loaded: number;
  /** Entries in the bundle. */
  total: number;
  hasMore: boolean;
  loading: boolean;
  /** The last page's failure, if it failed. */
  error: AppError | null;
  onLoadMore: () => void;
}

/**
 * How much of a large imported bundle the view shows, and the next page on demand (issue 23): the
 * server answers a page at a time, so opening a 300,000-entry bundle never reads it whole.
 * Nothing is drawn once every entry is read.
 */
export function BundlePagesBar({ loaded, total, hasMore, loading, error, onLoadMore }: BundlePagesBarProps) {
  if (!hasMore && !error) return null;
  return (
    <div className="flex flex-col gap-2 border-b bg-muted/40 px-4 py-1.5" data-testid="bundle-pages">
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span data-testid="bundle-pages-loaded">
          Showing the first {formatCount(loaded)} of {formatCount(total)} entries
        </span>
        {hasMore && (
          <Button size="xs" variant="outline" data-testid="bundle-load-more" disabled={loading} onClick={onLoadMore}>
            {loading ? "Loading…" : `Load the next ${formatCount(Math.min(BUNDLE_PAGE_SIZE, total - loaded))}`}
          </Button>
        )}
      </div>
      {error && <QueryError title="Could not read the next page of the bundle" error={error} onRetry={onLoadMore} />}
    </div>
  );
}
