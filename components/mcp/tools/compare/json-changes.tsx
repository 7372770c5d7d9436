import type { ChangeKind, JsonChange, JsonDiffResult } from "@/lib/diff/json-diff";
import { formatPath } from "@/lib/diff/json-diff";
import { previewJson } from "@/lib/text/truncate";
import { Badge } from "@/components/ui/badge";
import { LineDiffView } from "./line-diff-view";
import { plural } from "@/lib/format";

/** How much of one side a change row shows (the whole value is in the calls themselves). */
const VALUE_PREVIEW_BYTES = 2048;

const KIND: Record<ChangeKind, { label: string; variant: "success" | "destructive" | "warning" | "outline" }> = {
  added: { label: "added", variant: "success" },
  removed: { label: "removed", variant: "destructive" },
  changed: { label: "changed", variant: "warning" },
  same: { label: "same", variant: "outline" },
};

function Value({ value, side }: { value: unknown; side: "before" | "after" }) {
  const preview = value === undefined ? { text: "(absent)", truncated: false } : previewJson(value, VALUE_PREVIEW_BYTES);
  return (
    <code
      className={
        side === "before" ? "break-all text-destructive line-through decoration-1" : "break-all text-emerald-700 dark:text-emerald-400"
      }
      data-testid={`change-${side}`}
    >
      {preview.text}
      {preview.truncated && "…"}
    </code>
  );
}

function ChangeRow({ change }: { change: JsonChange }) {
  return (
    <li
      className="flex min-w-0 flex-col gap-1 px-2 py-1"
      data-testid="json-change"
      data-kind={change.kind}
      data-path={formatPath(change.path)}
    >
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Badge variant={KIND[change.kind].variant}>{KIND[change.kind].label}</Badge>
        <code className="font-mono text-xs">{formatPath(change.path)}</code>
        {!change.lines && change.kind !== "added" && <Value value={change.before} side="before" />}
        {!change.lines && change.kind === "changed" && <span className="text-muted-foreground">→</span>}
        {!change.lines && change.kind !== "removed" && <Value value={change.after} side="after" />}
      </div>
      {change.lines && <LineDiffView diff={change.lines} />}
    </li>
  );
}

export interface JsonChangesProps {
  diff: JsonDiffResult;
  /** Said when there is no difference. */
  emptyText?: string;
  testId?: string;
}

/** The changes of a structural diff, one row each, with "…n more" and an incomplete walk said aloud. */
export function JsonChanges({ diff, emptyText = "No difference.", testId = "json-changes" }: JsonChangesProps) {
  const changes = diff.changes.filter((c) => c.kind !== "same");
  if (changes.length === 0 && !diff.incomplete) {
    return (
      <p className="text-xs text-muted-foreground" data-testid={testId} data-equal="true">
        {emptyText}
      </p>
    );
  }
  return (
    <div data-testid={testId} data-equal="false">
      <ul className="flex flex-col divide-y rounded-md border text-xs">
        {changes.map((c) => (
          <ChangeRow key={formatPath(c.path) + c.kind} change={c} />
        ))}
      </ul>
      {diff.omitted > 0 && <p className="px-2 pt-1 text-xs text-muted-foreground">…{plural(diff.omitted, "more change")}</p>}
      {diff.incomplete && (
        <p className="px-2 pt-1 text-xs text-amber-700 dark:text-amber-300">
          The values are too large to compare whole: the diff stops here.
        </p>
      )}
    </div>
  );
}
