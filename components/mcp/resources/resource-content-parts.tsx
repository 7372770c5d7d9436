"use client";

import { useMemo, useState } from "react";
import { DownloadIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { LargeText } from "@/components/elements/large-text";
import { MarkdownView } from "@/components/elements/markdown-view";
import { downloadBase64, filenameFromUri } from "@/lib/tool-result/download";
import { formatBytes } from "@/lib/format";
import { prettyJson } from "@/lib/tool-result/text-format";
import type { ResourceContentView } from "./resource-content";
import { NumberedText } from "./numbered-text";

export function ContentHeader({ view, label }: { view: Exclude<ResourceContentView, { kind: "unknown" }>; label: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <Badge variant="outline">{label}</Badge>
      <span className="font-mono break-all">{view.uri}</span>
      {view.mimeType && <Badge variant="secondary">{view.mimeType}</Badge>}
      <span className="text-muted-foreground">{formatBytes(view.bytes)}</span>
    </div>
  );
}

export function DownloadBlob({ blob, uri, mimeType, bytes }: { blob: string; uri: string; mimeType?: string; bytes: number }) {
  const filename = filenameFromUri(uri, "resource.bin");
  return (
    <Button
      size="xs"
      variant="outline"
      className="self-start"
      data-testid="resource-download"
      onClick={() => downloadBase64(blob, filename, mimeType)}
    >
      <DownloadIcon /> Download {filename} ({formatBytes(bytes)})
    </Button>
  );
}

export function MarkdownContent({ text, filename }: { text: string; filename: string }) {
  const [view, setView] = useState<"markdown" | "source">("markdown");
  return (
    <div className="flex flex-col gap-2" data-view={view}>
      <Tabs value={view} onValueChange={(v) => setView(v === "source" ? "source" : "markdown")}>
        <TabsList aria-label="Markdown view">
          <TabsTrigger value="markdown">Rendered</TabsTrigger>
          <TabsTrigger value="source">Source</TabsTrigger>
        </TabsList>
      </Tabs>
      <LargeText
        key={view}
        text={text}
        filename={filename}
        mimeType="text/markdown"
        render={(visible) =>
          view === "markdown" ? <MarkdownView markdown={visible} /> : <NumberedText text={visible} language="markdown" />
        }
      />
    </div>
  );
}

export function JsonContent({ value, filename }: { value: unknown; filename: string }) {
  const pretty = useMemo(() => prettyJson(value), [value]);
  return (
    <LargeText
      text={pretty}
      filename={filename}
      mimeType="application/json"
      render={(visible) => <NumberedText text={visible} language="json" />}
    />
  );
}
