"use client";

import { useMemo, useState } from "react";
import { DownloadIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { LargeText } from "@/components/elements/large-text";
import { RawJson } from "@/components/elements/raw-json";
import { MarkdownView } from "@/components/mcp/tool-result/markdown-view";
import { AudioBlockView, ImageBlockView } from "@/components/mcp/tool-result/media-blocks";
import { downloadBase64, filenameFromUri } from "@/lib/tool-result/download";
import { formatBytes } from "@/lib/format";
import { prettyJson } from "@/lib/tool-result/text-format";
import { classifyResourceContent } from "./resource-content";
import type { ResourceContentView } from "./resource-content";
import { NumberedText } from "./numbered-text";

function ContentHeader({ view, label }: { view: Exclude<ResourceContentView, { kind: "unknown" }>; label: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <Badge variant="outline">{label}</Badge>
      <span className="font-mono break-all">{view.uri}</span>
      {view.mimeType && <Badge variant="secondary">{view.mimeType}</Badge>}
      <span className="text-muted-foreground">{formatBytes(view.bytes)}</span>
    </div>
  );
}

function DownloadBlob({ blob, uri, mimeType, bytes }: { blob: string; uri: string; mimeType?: string; bytes: number }) {
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

function MarkdownContent({ text, filename }: { text: string; filename: string }) {
  const [view, setView] = useState<"markdown" | "source">("markdown");
  return (
    <div className="flex flex-col gap-2" data-view={view}>
      <Tabs value={view} onValueChange={(v) => setView(v as "markdown" | "source")}>
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

function ContentBody({ view, index }: { view: ResourceContentView; index: number }) {
  const base = view.kind === "unknown" ? `content-${index}` : filenameFromUri(view.uri, `content-${index}`);
  switch (view.kind) {
    case "markdown":
      return <MarkdownContent text={view.text} filename={base.endsWith(".md") ? base : `${base}.md`} />;
    case "json":
      return <JsonContent value={view.value} filename={`${base}.json`} />;
    case "text":
      return (
        <LargeText
          text={view.text}
          filename={base}
          mimeType={view.mimeType}
          render={(visible) => <NumberedText text={visible} language={view.language} />}
        />
      );
    case "image":
      return <ImageBlockView data={view.blob} mimeType={view.mimeType} byteLength={view.bytes} />;
    case "audio":
      return <AudioBlockView data={view.blob} mimeType={view.mimeType} byteLength={view.bytes} />;
    case "blob_text":
      return (
        <div className="flex flex-col gap-2">
          <span className="text-xs text-muted-foreground">Base64 blob, decoded as UTF-8 text for display:</span>
          <LargeText text={view.text} filename={base} mimeType={view.mimeType} render={(visible) => <NumberedText text={visible} />} />
          <DownloadBlob blob={view.blob} uri={view.uri} mimeType={view.mimeType} bytes={view.bytes} />
        </div>
      );
    case "blob":
      return <DownloadBlob blob={view.blob} uri={view.uri} mimeType={view.mimeType} bytes={view.bytes} />;
    case "unknown":
      return (
        <div className="flex flex-col gap-1">
          <span className="text-xs text-amber-700 dark:text-amber-300">Unrecognized content: {view.reason}</span>
          <RawJson value={view.raw} filename={`${base}.json`} title="Content JSON" />
        </div>
      );
  }
}

function JsonContent({ value, filename }: { value: unknown; filename: string }) {
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

const LABEL: Record<ResourceContentView["kind"], string> = {
  markdown: "Markdown",
  json: "JSON",
  text: "Text",
  image: "Image",
  audio: "Audio",
  blob_text: "Blob (text)",
  blob: "Blob",
  unknown: "Unknown",
};

export interface ResourceContentsProps {
  /** The `contents` array of a ReadResourceResult, as received. */
  contents: unknown;
}

/** Every item of a read result, each rendered by its type. */
export function ResourceContents({ contents }: ResourceContentsProps) {
  const views = useMemo(() => (Array.isArray(contents) ? contents.map(classifyResourceContent) : []), [contents]);
  if (!Array.isArray(contents)) {
    return <p className="text-xs text-amber-700 dark:text-amber-300">The result has no contents array; see the raw JSON.</p>;
  }
  if (views.length === 0)
    return (
      <p className="text-xs text-muted-foreground" data-testid="resource-empty">
        The server returned no contents.
      </p>
    );
  return (
    <div className="flex flex-col gap-4">
      {views.map((view, i) => (
        <section key={i} data-testid="resource-content" data-kind={view.kind} className="flex flex-col gap-2">
          {view.kind !== "unknown" && <ContentHeader view={view} label={LABEL[view.kind]} />}
          <ContentBody view={view} index={i} />
        </section>
      ))}
    </div>
  );
}
