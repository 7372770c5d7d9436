import type { BlockDiff, MediaSide } from "@/lib/diff/mcp-result-diff";
import type { ResultBlock } from "@/lib/tool-result/content";
import { formatPath } from "@/lib/diff/json-diff";
import { formatBytes } from "@/lib/format";
import { cn } from "@/lib/cn";
import { Badge } from "@/components/ui/badge";
import { LineDiffView } from "./line-diff-view";
import { ContentBlockView } from "@/components/elements/content-block";

const TONE: Record<BlockDiff["kind"], string> = {
  same: "",
  changed: "border-amber-500/60",
  added: "border-emerald-500/60",
  removed: "border-destructive/60",
};

function MediaRow({ label, side }: { label: string; side: MediaSide }) {
  return (
    <span className="font-mono">
      {label}: {side.mimeType ?? "?"} · {formatBytes(side.byteLength)} · #{side.hash}
    </span>
  );
}

/** One side of a block that has no finer diff (added, removed, or another type in its place). */
function Side({ block, label }: { block: ResultBlock | undefined; label: string }) {
  if (!block) return null;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="text-[11px] text-muted-foreground">{label}</span>
      <ContentBlockView block={block} />
    </div>
  );
}

/** One content block of the two results, aligned by index: what changed in it, highlighted. */
export function BlockDiffCard({ block }: { block: BlockDiff }) {
  const kind =
    block.before === block.after || !block.before || !block.after ? (block.after ?? block.before) : `${block.before} → ${block.after}`;
  const whole = block.kind !== "changed" || block.before !== block.after;
  return (
    <li
      className={cn("flex min-w-0 flex-col gap-1.5 rounded-md border p-2 text-xs", TONE[block.kind])}
      data-testid="block-diff"
      data-kind={block.kind}
      data-index={block.index}
    >
      <div className="flex items-center gap-2">
        <span className="font-mono text-muted-foreground">#{block.index}</span>
        <span className="font-mono">{kind}</span>
        <Badge variant={block.kind === "changed" ? "warning" : block.kind === "added" ? "success" : "destructive"}>{block.kind}</Badge>
      </div>
      {whole && (
        <div className="grid min-w-0 gap-2 md:grid-cols-2">
          <Side block={block.beforeBlock} label="before" />
          <Side block={block.afterBlock} label="after" />
        </div>
      )}
      {!whole && block.uri && (
        <p className="font-mono break-all" data-testid="block-uri-change">
          uri: <span className="text-destructive line-through">{block.uri.before}</span> → <span>{block.uri.after}</span>
        </p>
      )}
      {!whole && block.text && <LineDiffView diff={block.text} />}
      {!whole && block.media && (
        <div className="flex flex-col gap-0.5" data-testid="block-media-change">
          <span>{block.media.before.hash === block.media.after.hash ? "Same bytes" : "Different bytes"}</span>
          <MediaRow label="before" side={block.media.before} />
          <MediaRow label="after" side={block.media.after} />
        </div>
      )}
      {!whole && block.fields.length > 0 && (
        <ul className="flex flex-col gap-0.5" data-testid="block-field-changes">
          {block.fields.map((f) => (
            <li key={formatPath(f.path)} className="font-mono break-all">
              {formatPath(f.path)}: {JSON.stringify(f.before) ?? "(absent)"} → {JSON.stringify(f.after) ?? "(absent)"}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
