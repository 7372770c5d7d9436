"use client";

import { cn } from "@/lib/cn";
import { formatPath, type JsonChange, type JsonDiffResult } from "@/lib/diff/json-diff";
import { plural } from "@/lib/format";

/** A value in one short line: the change list is read at a glance, the JSON view has it whole. */
function short(value: unknown): string {
  if (value === undefined) return "—";
  let text: string;
  try {
    text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

const KIND_CLASS: Record<JsonChange["kind"], string> = {
  added: "bg-emerald-500/10 text-emerald-800 dark:text-emerald-300",
  removed: "bg-red-500/10 text-red-800 dark:text-red-300",
  changed: "bg-amber-500/10 text-amber-900 dark:text-amber-200",
  same: "text-muted-foreground",
};

const KIND_LABEL: Record<JsonChange["kind"], string> = { added: "only in B", removed: "only in A", changed: "A → B", same: "same" };

export interface ChangeListProps {
  diff: JsonDiffResult;
  className?: string;
  "data-testid"?: string;
}

/** The differences of a structural diff, one path per line: A's value → B's value. */
export function ChangeList({ diff, className, ...rest }: ChangeListProps) {
  const changes = diff.changes.filter((c) => c.kind !== "same");
  return (
    <ul data-testid={rest["data-testid"] ?? "change-list"} className={cn("flex flex-col gap-0.5 font-mono text-[11px]", className)}>
      {changes.map((c) => (
        <li
          key={`${c.kind}:${formatPath(c.path)}`}
          data-kind={c.kind}
          className={cn("rounded px-1.5 py-0.5 break-all", KIND_CLASS[c.kind])}
        >
          <span className="font-semibold">{formatPath(c.path)}</span> <span className="text-[10px] opacity-70">{KIND_LABEL[c.kind]}</span>{" "}
          {c.kind !== "added" && <span data-testid="change-before">{short(c.before)}</span>}
          {c.kind === "changed" && " → "}
          {c.kind !== "removed" && <span data-testid="change-after">{short(c.after)}</span>}
        </li>
      ))}
      {diff.omitted > 0 && <li className="px-1.5 text-muted-foreground">…{plural(diff.omitted, "more change")}</li>}
      {diff.incomplete && <li className="px-1.5 text-muted-foreground">Too large to compare whole: there may be more differences.</li>}
    </ul>
  );
}
