"use client";

import { useMemo } from "react";
import { DownloadIcon } from "lucide-react";
import { LargeText } from "@/components/elements/large-text";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { cn } from "@/lib/cn";
import { prettyJson } from "@/lib/tool-result/text-format";
import { downloadBase64 } from "@/lib/tool-result/download";
import { formatBytes } from "@/lib/format";
import { artifactFilename, classifyArtifact, type ArtifactContent } from "./artifact-part";

export interface ArtifactPreviewProps {
  name: string;
  version: number;
  /** Versions the server lists (GET …/versions), ascending. */
  versions: readonly number[];
  /** The genai Part of that version as ADK returns it; undefined while not loaded. */
  part: unknown;
  loading?: boolean;
  error?: string;
  onVersionChange: (version: number) => void;
  className?: string;
}

function Body({ content, name, version }: { content: ArtifactContent; name: string; version: number }) {
  const filename = artifactFilename(name, version);
  switch (content.kind) {
    case "empty":
      return <p className="text-xs text-muted-foreground">No content.</p>;
    case "text":
      return (
        <div data-testid="artifact-text">
          <LargeText text={content.text} filename={filename} mimeType={content.mimeType} />
        </div>
      );
    case "json":
      return (
        <div data-testid="artifact-json">
          <LargeText text={prettyJson(content.value)} filename={filename} mimeType="application/json" />
        </div>
      );
    case "image":
      return (
        // A data: URL of the artifact's own bytes; next/image cannot optimise it.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          data-testid="artifact-image"
          alt={name}
          src={`data:${content.mimeType};base64,${content.data}`}
          className="max-h-96 w-fit max-w-full rounded border object-contain"
        />
      );
    case "binary":
      return (
        <div className="flex items-center gap-2 text-xs">
          <span className="text-muted-foreground">
            {content.mimeType} · {formatBytes(content.bytes)}
          </span>
          <Button
            data-testid="artifact-download"
            size="xs"
            variant="outline"
            onClick={() => downloadBase64(content.data, filename, content.mimeType)}
          >
            <DownloadIcon />
            Download
          </Button>
        </div>
      );
    case "unknown":
      return (
        <div data-testid="artifact-unknown" className="flex flex-col gap-1 text-xs">
          <span className="text-muted-foreground">Unrecognized artifact part:</span>
          <LargeText text={prettyJson(content.raw)} filename={`${filename}.json`} mimeType="application/json" />
        </div>
      );
  }
}

/** One artifact version: text, JSON, image or a download, with a version picker. */
export function ArtifactPreview({
  name,
  version,
  versions,
  part,
  loading = false,
  error,
  onVersionChange,
  className,
}: ArtifactPreviewProps) {
  const content = useMemo(() => classifyArtifact(part), [part]);
  // The event may name a version the list has not caught up with yet; offer it anyway.
  const options = versions.includes(version) ? versions : [...versions, version].sort((a, b) => a - b);
  const state = error ? "error" : loading ? "loading" : content.kind;
  return (
    <section
      data-testid="artifact-preview"
      data-state={state}
      data-kind={content.kind}
      className={cn("flex min-w-0 flex-col gap-2", className)}
    >
      <header className="flex items-center gap-2">
        <h3 className="min-w-0 truncate font-mono text-sm font-semibold" title={name}>
          {name}
        </h3>
        <div className="ml-auto w-28">
          <NativeSelect
            data-testid="artifact-version"
            aria-label="Version"
            value={String(version)}
            onChange={(e) => onVersionChange(Number(e.target.value))}
          >
            {options.map((v) => (
              <option key={v} value={String(v)}>
                v{v}
                {v === options[options.length - 1] ? " (latest)" : ""}
              </option>
            ))}
          </NativeSelect>
        </div>
      </header>
      {error ? (
        <p
          data-testid="artifact-error"
          role="alert"
          className="rounded-md border border-destructive/50 bg-destructive/10 px-2 py-1 text-xs text-destructive"
        >
          {error}
        </p>
      ) : loading ? (
        <p data-testid="artifact-loading" className="text-xs text-muted-foreground">
          Loading v{version}…
        </p>
      ) : (
        <Body content={content} name={name} version={version} />
      )}
    </section>
  );
}
