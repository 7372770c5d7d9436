import { formatBytes } from "@/lib/format";

export interface MediaBlockProps {
  /** Base64 payload as sent in the content block. */
  data: string;
  mimeType: string;
  byteLength: number;
}

function dataUrl(data: string, mimeType: string): string {
  return `data:${mimeType};base64,${data}`;
}

function Caption({ mimeType, byteLength }: { mimeType: string; byteLength: number }) {
  return (
    <span className="font-mono text-xs text-muted-foreground">
      {mimeType} · {formatBytes(byteLength)}
    </span>
  );
}

export function ImageBlockView({ data, mimeType, byteLength }: MediaBlockProps) {
  return (
    <figure className="flex flex-col gap-1">
      {/* A data URL of arbitrary type cannot go through next/image's optimizer. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={dataUrl(data, mimeType)}
        alt={`Image result (${mimeType})`}
        className="max-h-96 max-w-full self-start rounded-md border bg-[repeating-conic-gradient(#0000000d_0_25%,transparent_0_50%)] bg-[length:16px_16px] object-contain"
      />
      <figcaption>
        <Caption mimeType={mimeType} byteLength={byteLength} />
      </figcaption>
    </figure>
  );
}

export function AudioBlockView({ data, mimeType, byteLength }: MediaBlockProps) {
  return (
    <div className="flex flex-col gap-1">
      <audio controls src={dataUrl(data, mimeType)} aria-label={`Audio result (${mimeType})`} className="max-w-full" />
      <Caption mimeType={mimeType} byteLength={byteLength} />
    </div>
  );
}
