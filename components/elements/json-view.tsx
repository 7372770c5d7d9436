"use client";

import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { formatBytes } from "@/lib/format";
import { previewJson, VIEW_LIMIT_BYTES } from "@/lib/text/truncate";

export interface JsonViewProps {
  value: unknown;
  /** Bytes shown before "Show all"; the one rule is VIEW_LIMIT_BYTES (STYLE.md 8), tests pass less. */
  limitBytes?: number;
  className?: string;
  "data-testid"?: string;
}

/**
 * The one JSON viewer: pretty JSON, cut on a character boundary at VIEW_LIMIT_BYTES UTF-8 bytes
 * until the user asks for all of it.
 */
export function JsonView({ value, limitBytes = VIEW_LIMIT_BYTES, className, ...rest }: JsonViewProps) {
  const [all, setAll] = useState(false);
  const preview = useMemo(() => previewJson(value, all ? Infinity : limitBytes), [value, all, limitBytes]);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <pre
        data-testid={rest["data-testid"] ?? "json-view"}
        data-truncated={preview.truncated || undefined}
        className={cn("max-h-64 overflow-auto rounded bg-muted/60 p-1.5 font-mono text-[11px] break-all whitespace-pre-wrap", className)}
      >
        {preview.text}
        {preview.truncated && "…"}
      </pre>
      {preview.truncated && (
        <Button
          size="xs"
          variant="outline"
          className="self-start"
          onClick={(e) => {
            e.stopPropagation();
            setAll(true);
          }}
        >
          Show all ({formatBytes(preview.bytes)})
        </Button>
      )}
    </div>
  );
}
