"use client";

import { Button } from "@/components/ui/button";

export interface LoadMoreProps {
  /** The next page failed: the pages already loaded stay, with the reason here. */
  error: Error | null;
  loading: boolean;
  onLoad: () => void;
  testId: string;
}

/** The server said there is more (nextCursor): the next page is loaded only when asked. */
export function LoadMore({ error, loading, onLoad, testId }: LoadMoreProps) {
  return (
    <div className="flex items-center gap-2 border-b px-3 py-2 text-[11px]">
      <span className="text-muted-foreground">The server has more pages.</span>
      <Button size="xs" variant="outline" data-testid={testId} disabled={loading} onClick={onLoad}>
        {loading ? "Loading…" : "Load next page"}
      </Button>
      {error && (
        <span className="text-destructive" data-testid={`${testId}-error`}>
          {error.message}
        </span>
      )}
    </div>
  );
}
