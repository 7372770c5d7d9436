"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";

/**
 * Last line of defence for a render crash: panels show their own query errors inline, so this
 * only appears for a bug, and it keeps a way back without reloading.
 */
export default function ErrorBoundary({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert" className="m-auto flex max-w-lg flex-col gap-3 p-8 text-sm" data-testid="app-error">
      <h1 className="text-base font-semibold">Something broke while drawing this page</h1>
      <p className="font-mono text-xs break-words text-muted-foreground">{error.message}</p>
      {error.digest && <p className="text-xs text-muted-foreground">Digest: {error.digest}</p>}
      <div className="flex gap-2">
        <Button size="sm" onClick={reset}>
          Try again
        </Button>
        <Button size="sm" variant="outline" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </div>
    </div>
  );
}
