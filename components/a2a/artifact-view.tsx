import { DownloadIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { StatusBadge } from "@/components/elements/status-badge";
import { RemoteImage } from "@/components/ui/remote-image";
import { JsonView } from "@/components/elements/json-view";
import { plural } from "@/lib/format";
import type { A2aPart } from "@/lib/protocols/a2a/frames";
import type { A2aAssembledArtifact } from "@/lib/protocols/a2a/timeline";

export interface ArtifactViewProps {
  artifact: A2aAssembledArtifact;
  /** No more chunks will come (the task ended, or its agent was lost): one without its last chunk is cut off, not streaming. */
  over?: boolean;
}

/** One artifact, assembled from its chunks: text, files (download, image preview), data as JSON. */
export function ArtifactView({ artifact, over = false }: ArtifactViewProps) {
  return (
    <li className="flex flex-col gap-1.5 rounded-md border p-2" data-testid="a2a-artifact" data-complete={artifact.complete}>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="font-medium">{artifact.name ?? artifact.artifactId}</span>
        <span className="text-muted-foreground">{plural(artifact.chunks, "chunk")}</span>
        {!artifact.complete && over && (
          <StatusBadge
            tone="failed"
            data-testid="a2a-artifact-cut"
            title="The task's stream ended before this artifact's last chunk (lastChunk): what is shown is all that came"
          >
            cut off
          </StatusBadge>
        )}
        {!artifact.complete && !over && (
          <Badge variant="info" className="animate-pulse" data-testid="a2a-artifact-streaming">
            streaming
          </Badge>
        )}
      </div>
      {artifact.description && <p className="text-xs text-muted-foreground">{artifact.description}</p>}
      {artifact.parts.map((p, i) => (
        <PartView key={i} part={p} />
      ))}
    </li>
  );
}

/** Text shown whole up to this many characters; the rest behind "show all" (STYLE.md 8). */
const TEXT_VIEW_CHARS = 20_000;

export function PartView({ part }: { part: A2aPart }) {
  if (part.kind === "text") {
    const cut = part.text.length > TEXT_VIEW_CHARS;
    return (
      <pre className="max-h-64 overflow-auto rounded bg-muted/40 p-1.5 font-sans text-xs whitespace-pre-wrap" data-testid="a2a-part-text">
        {cut ? `${part.text.slice(0, TEXT_VIEW_CHARS)}…` : part.text}
      </pre>
    );
  }
  if (part.kind === "data") return <JsonView value={part.data} data-testid="a2a-part-data" />;
  const mime = part.mimeType ?? "application/octet-stream";
  // Only a web link is followed: a `javascript:` or `file:` uri from an agent (or a crafted bundle) is shown, not linked.
  const link = part.uri && /^https?:\/\//i.test(part.uri) ? part.uri : undefined;
  const href = part.bytes ? `data:${mime};base64,${part.bytes}` : link;
  const name = part.name ?? "file";
  return (
    <div className="flex flex-col gap-1" data-testid="a2a-part-file">
      {href && mime.startsWith("image/") && part.bytes && (
        // A data: URL of the bytes the agent sent: showing it fetches nothing.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={href} alt={name} className="max-h-48 w-fit rounded border object-contain" data-testid="a2a-part-image" />
      )}
      {href && mime.startsWith("image/") && !part.bytes && (
        // The agent's own link (or one in an imported bundle): loading it would tell that host the user
        // is looking, so it waits for a click like every remote image.
        <RemoteImage src={href} alt={name} />
      )}
      <span className="flex items-center gap-2 text-xs">
        <span className="font-mono">{name}</span>
        <span className="text-muted-foreground">{mime}</span>
        {href ? (
          <a
            href={href}
            download={part.bytes ? name : undefined}
            target={part.bytes ? undefined : "_blank"}
            rel="noreferrer"
            className="inline-flex items-center gap-1 underline"
            data-testid="a2a-part-download"
          >
            <DownloadIcon className="size-3" aria-hidden /> {part.bytes ? "Download" : "Open link"}
          </a>
        ) : (
          <span className="text-muted-foreground">{part.uri ? `link not followed: ${part.uri}` : "no bytes or link"}</span>
        )}
      </span>
    </div>
  );
}
