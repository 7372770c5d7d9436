"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { wholeEntryQuery } from "@/lib/queries/session-entries";
import { formatBytes } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { JsonView } from "@/components/elements/json-view";
import { QueryError } from "@/components/elements/query-error";

/**
 * An entry whose raw was cut to a preview for transport: says how large it is, and loads it whole
 * (GET /api/entries/:seq) only when asked, so a thread of large events opens at once.
 */
export function WholeEntry({ seq, bytes, label }: { seq: number; bytes: number; label: string }) {
  const [open, setOpen] = useState(false);
  const whole = useQuery({ ...wholeEntryQuery(seq), enabled: open });
  return (
    <div className="flex flex-col gap-1" data-testid="whole-entry" data-seq={seq}>
      <p className="text-[11px] text-muted-foreground">
        {label} · {formatBytes(bytes)}, too large to show inline
        {!open && (
          <Button
            variant="link"
            size="sm"
            className="ml-1 h-auto p-0 text-[11px]"
            onClick={() => setOpen(true)}
            data-testid="whole-entry-load"
          >
            Load it whole
          </Button>
        )}
      </p>
      {whole.isError && <QueryError title="Could not load the entry" error={whole.error} onRetry={() => void whole.refetch()} />}
      {whole.isPending && open && <p className="text-[11px] text-muted-foreground">Loading…</p>}
      {whole.data && <JsonView value={whole.data.raw} className="max-h-96" />}
    </div>
  );
}
