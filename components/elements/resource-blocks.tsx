"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { downloadBase64, filenameFromUri } from "@/lib/tool-result/download";
import { formatBytes } from "@/lib/format";
import type { ResultBlock } from "@/lib/tool-result/content";
import { TextBlockView } from "./text-block";

export type ResourceLinkCardProps = Omit<Extract<ResultBlock, { kind: "resource_link" }>, "kind" | "index" | "raw">;

/** A resource_link: a pointer the client may resources/read later; nothing is fetched here. */
export function ResourceLinkCard({ uri, name, title, mimeType, description, size }: ResourceLinkCardProps) {
  return (
    <Card data-testid="resource-link" className="gap-2">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <span>{title ?? name}</span>
          {title !== undefined && title !== name && <span className="font-mono text-xs font-normal text-muted-foreground">{name}</span>}
          {mimeType && <Badge variant="secondary">{mimeType}</Badge>}
          {size !== undefined && <Badge variant="outline">{formatBytes(size)}</Badge>}
        </CardTitle>
        <CardDescription className="font-mono text-xs break-all">{uri}</CardDescription>
      </CardHeader>
      {description && <CardContent className="text-sm">{description}</CardContent>}
    </Card>
  );
}

function ResourceHeader({ uri, mimeType, label }: { uri: string; mimeType?: string; label: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <Badge variant="outline">{label}</Badge>
      <span className="font-mono break-all">{uri}</span>
      {mimeType && <Badge variant="secondary">{mimeType}</Badge>}
    </div>
  );
}

export interface EmbeddedTextResourceProps {
  uri: string;
  mimeType?: string;
  text: string;
  filenameBase: string;
}

export function EmbeddedTextResource({ uri, mimeType, text, filenameBase }: EmbeddedTextResourceProps) {
  return (
    <div className="flex flex-col gap-2">
      <ResourceHeader uri={uri} mimeType={mimeType} label="Embedded resource" />
      <TextBlockView text={text} filenameBase={filenameBase} />
    </div>
  );
}

export interface EmbeddedBlobResourceProps {
  uri: string;
  mimeType?: string;
  /** Base64 payload. */
  blob: string;
  byteLength: number;
}

/** Binary content is offered as a download rather than guessed at; images also get a preview. */
export function EmbeddedBlobResource({ uri, mimeType, blob, byteLength }: EmbeddedBlobResourceProps) {
  const filename = filenameFromUri(uri, "resource.bin");
  return (
    <div className="flex flex-col gap-2">
      <ResourceHeader uri={uri} mimeType={mimeType} label="Embedded blob" />
      {mimeType?.startsWith("image/") && (
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={`data:${mimeType};base64,${blob}`}
          alt={`Embedded resource image (${mimeType})`}
          className="max-h-96 max-w-full self-start rounded-md border"
        />
      )}
      <div className="flex items-center gap-2">
        <Button size="xs" variant="outline" onClick={() => downloadBase64(blob, filename, mimeType)}>
          Download {filename} ({formatBytes(byteLength)})
        </Button>
      </div>
    </div>
  );
}
