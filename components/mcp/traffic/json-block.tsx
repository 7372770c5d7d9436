"use client";

import { useState } from "react";
import { CopyButton } from "@/components/elements/copy-button";
import { Button } from "@/components/ui/button";
import type { Entry } from "@/lib/contracts/entries";
import { formatBytes } from "@/lib/format";
import { previewJson, VIEW_LIMIT_BYTES } from "@/lib/text/truncate";
import { errorMessage } from "@/lib/values";

export interface JsonBlockProps {
  title: string;
  entry: Entry;
  /** Fetches the whole entry when the stream carried a preview (`truncated`). */
  onLoadFull?: (seq: number) => Promise<Entry>;
}

/** The raw JSON of one entry, pretty, with Copy and, for a preview, "Load full message". */
export function JsonBlock({ title, entry, onLoadFull }: JsonBlockProps) {
  const [full, setFull] = useState<Entry | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const shown = full ?? entry;
  // A transport preview is JSON text cut mid-way: show it as text, not as a quoted string.
  const rawText = typeof shown.raw === "string" && shown.truncated ? shown.raw : null;
  const preview = rawText === null ? previewJson(shown.raw, showAll ? Infinity : VIEW_LIMIT_BYTES) : null;
  const text = rawText ?? preview?.text ?? "";

  const loadFull = async () => {
    if (!onLoadFull) return;
    setLoading(true);
    setLoadError(null);
    try {
      setFull(await onLoadFull(entry.seq));
    } catch (e) {
      setLoadError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className="flex min-w-0 flex-col gap-1" data-testid="traffic-json" data-seq={entry.seq}>
      <header className="flex items-center gap-2 text-xs">
        <h3 className="shrink-0 font-semibold">{title}</h3>
        <span className="text-muted-foreground">
          seq {entry.seq} · {formatBytes(entry.rawBytes)}
        </span>
        <CopyButton
          variant="ghost"
          className="ml-auto"
          ariaLabel={`Copy ${title}`}
          getText={() => rawText ?? previewJson(shown.raw, Infinity).text}
        />
      </header>
      {shown.truncated && (
        <div className="flex items-center gap-2 rounded border border-amber-500/30 bg-amber-500/10 px-2 py-1 text-xs">
          <span>Preview of a {formatBytes(entry.rawBytes)} message.</span>
          {onLoadFull && (
            <Button size="xs" variant="outline" disabled={loading} onClick={() => void loadFull()}>
              {loading ? "Loading…" : "Load full message"}
            </Button>
          )}
          {loadError && <span className="text-destructive">{loadError}</span>}
        </div>
      )}
      <pre className="max-h-[28rem] overflow-auto rounded bg-muted/50 p-2 font-mono text-xs break-all whitespace-pre-wrap">{text}</pre>
      {preview?.truncated && (
        <Button size="xs" variant="outline" className="self-start" onClick={() => setShowAll(true)}>
          Show all ({formatBytes(preview.bytes)})
        </Button>
      )}
    </section>
  );
}
