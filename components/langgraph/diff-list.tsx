"use client";

import { formatPath, type JsonChange, type JsonDiffResult } from "@/lib/diff/json-diff";
import { plural } from "@/lib/format";
import { cn } from "@/lib/cn";

const short = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
};

const KIND: Record<JsonChange["kind"], { word: string; tone: string }> = {
  added: { word: "added", tone: "bg-emerald-500/10 text-emerald-800 dark:text-emerald-300" },
  removed: { word: "removed", tone: "bg-red-500/10 text-red-800 dark:text-red-300" },
  changed: { word: "changed", tone: "bg-amber-500/10 text-amber-900 dark:text-amber-200" },
  same: { word: "same", tone: "text-muted-foreground" },
};

/**
 * A state's changes before → after, one path per line. The shared ChangeList
 * (components/elements/compare) words them as A/B sides, which reads wrong for one state's history.
 */
export function LgDiffList({ diff, testId }: { diff: JsonDiffResult; testId: string }) {
  if (diff.equal) return <p className="text-[11px] text-muted-foreground">The state did not change.</p>;
  return (
    <ul data-testid={testId} className="flex flex-col gap-0.5 font-mono text-[11px]">
      {diff.changes
        .filter((c) => c.kind !== "same")
        .map((c) => (
          <li
            key={`${c.kind}:${formatPath(c.path)}`}
            data-kind={c.kind}
            className={cn("rounded px-1.5 py-0.5 break-words", KIND[c.kind].tone)}
          >
            <span className="font-semibold">{formatPath(c.path)}</span> <span className="text-[10px] opacity-70">{KIND[c.kind].word}</span>{" "}
            {c.kind !== "added" && short(c.before)}
            {c.kind === "changed" && " → "}
            {c.kind !== "removed" && short(c.after)}
          </li>
        ))}
      {diff.omitted > 0 && <li className="text-muted-foreground">…{plural(diff.omitted, "more change")}</li>}
      {diff.incomplete && <li className="text-muted-foreground">Too large to compare whole: there may be more changes.</li>}
    </ul>
  );
}
