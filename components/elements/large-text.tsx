"use client";

import { useMemo, useState } from "react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { downloadText } from "@/lib/tool-result/download";
import { formatBytes } from "@/lib/format";
import { truncateUtf8, VIEW_LIMIT_BYTES } from "@/lib/text/truncate";
import { cn } from "@/lib/cn";

export interface LargeTextProps {
  /** The whole payload; only the first `limitBytes` are rendered until "Show all" is pressed. */
  text: string;
  /** File name offered by the Download button. */
  filename: string;
  mimeType?: string;
  limitBytes?: number;
  /** Renders the visible part; defaults to preformatted text. */
  render?: (visible: string) => ReactNode;
  className?: string;
}

function Pre({ text, className }: { text: string; className?: string }) {
  return (
    <pre className={cn("max-h-[32rem] overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap break-words", className)}>
      {text}
    </pre>
  );
}

/** Text that never freezes the page: over the limit it shows a prefix, with "Show all" and "Download" (STYLE.md rule 8). */
export function LargeText({ text, filename, mimeType, limitBytes = VIEW_LIMIT_BYTES, render, className }: LargeTextProps) {
  const cut = useMemo(() => truncateUtf8(text, limitBytes), [text, limitBytes]);
  const [showAll, setShowAll] = useState(false);
  const visible = showAll ? text : cut.text;
  const download = () => downloadText(text, filename, mimeType);

  return (
    <div className={cn("flex flex-col gap-2", className)}>
      {cut.truncated && !showAll && (
        <div
          data-testid="result-truncated"
          className="flex flex-wrap items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-1.5 text-xs"
        >
          <span>
            showing {formatBytes(cut.shownBytes)} of {formatBytes(cut.totalBytes)}
          </span>
          <Button size="xs" variant="outline" onClick={() => setShowAll(true)}>
            Show all
          </Button>
          <Button size="xs" variant="outline" onClick={download}>
            Download
          </Button>
        </div>
      )}
      {cut.truncated && showAll && (
        <div data-testid="result-expanded" className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span>showing all {formatBytes(cut.totalBytes)}</span>
          <Button size="xs" variant="outline" onClick={() => setShowAll(false)}>
            Show first {formatBytes(limitBytes)}
          </Button>
          <Button size="xs" variant="outline" onClick={download}>
            Download
          </Button>
        </div>
      )}
      {render ? render(visible) : <Pre text={visible} />}
    </div>
  );
}
