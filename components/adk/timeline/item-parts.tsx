import { Badge } from "@/components/ui/badge";
import type { AdkItemOf } from "@/lib/protocols/adk/types";
import { JsonView } from "@/components/elements/json-view";

/** An error event (or a broken stream), with its code. */
export function ErrorItem({ item }: { item: AdkItemOf<"error"> }) {
  return (
    <div
      data-testid="timeline-error"
      data-stream-level={item.streamLevel}
      role="alert"
      className="rounded-md border border-destructive/50 bg-destructive/10 px-2 py-1 text-xs text-destructive"
    >
      <span className="font-semibold">{item.streamLevel ? "Stream error" : "Error"}</span>
      {item.code && <span className="ml-1 font-mono">{item.code}</span>}
      <span className="ml-1">{item.message}</span>
    </div>
  );
}

/** An artifact the event saved: opens that version in the session's artifacts. */
export function ArtifactDelta({
  item,
  onOpenArtifact,
}: {
  item: AdkItemOf<"artifact">;
  onOpenArtifact?: (filename: string, version: number) => void;
}) {
  return (
    <button
      type="button"
      data-testid="artifact-delta"
      data-filename={item.filename}
      data-version={item.version}
      disabled={!onOpenArtifact}
      onClick={(e) => {
        e.stopPropagation();
        onOpenArtifact?.(item.filename, item.version);
      }}
      className="flex w-fit items-center gap-1.5 rounded-md border px-2 py-0.5 text-xs hover:bg-accent disabled:cursor-default"
    >
      <span className="text-muted-foreground">artifact</span>
      <span className="font-mono">{item.filename}</span>
      <Badge variant="secondary">v{item.version}</Badge>
    </button>
  );
}

/** Inline media: an image from the event's own bytes, else what it names. */
export function MediaItem({ item }: { item: AdkItemOf<"media"> }) {
  if (item.data && item.mimeType?.startsWith("image/")) {
    // A data: URL from the event itself; next/image cannot optimise it.
    return (
      <img
        data-testid="timeline-media"
        alt={item.mimeType}
        className="max-h-48 w-fit rounded border"
        src={`data:${item.mimeType};base64,${item.data}`}
      />
    );
  }
  return (
    <div data-testid="timeline-media" className="text-xs text-muted-foreground">
      media {item.mimeType ?? ""} {item.fileUri ?? ""}
    </div>
  );
}

/** What the timeline could not read, with the reason and the raw value. */
export function Unrecognized({ reason, raw }: { reason: string; raw: unknown }) {
  return (
    <div data-testid="unrecognized" className="flex flex-col gap-1 rounded-md border border-amber-500/40 bg-amber-500/5 p-1.5 text-xs">
      <span>
        <Badge variant="warning">unrecognized</Badge> <span className="text-muted-foreground">{reason}</span>
      </span>
      <JsonView value={raw} />
    </div>
  );
}
