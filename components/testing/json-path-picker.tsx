"use client";

import { useState } from "react";
import { everyItemPath, jsonPathOf, type PathSegment } from "@/lib/workbench/testing-view";

/** Children listed per object or array before "n more" (a bounded view: STYLE.md 8). */
const MAX_CHILDREN = 50;
/** Deeper values are shown as a summary, not walked. */
const MAX_DEPTH = 12;

export interface JsonPathPickerProps {
  value: unknown;
  /** A key was clicked: its path (`$.content[0].id`) and the same with every index as `[*]`. */
  onPick: (path: { exact: string; everyItem: string }) => void;
  /** Paths already picked, marked in the tree. */
  picked?: readonly string[];
}

/** A JSON value whose keys can be clicked to pick their path (ignored paths of a structural match). */
export function JsonPathPicker({ value, onPick, picked = [] }: JsonPathPickerProps) {
  return (
    <div
      className="max-h-80 overflow-auto rounded-md border bg-muted/30 p-2 font-mono text-xs leading-relaxed"
      data-testid="json-path-picker"
    >
      <Node value={value} segments={[]} onPick={onPick} picked={picked} />
    </div>
  );
}

interface NodeProps {
  value: unknown;
  segments: PathSegment[];
  onPick: JsonPathPickerProps["onPick"];
  picked: readonly string[];
}

function Node({ value, segments, onPick, picked }: NodeProps) {
  const [all, setAll] = useState(false);
  if (value === null || typeof value !== "object") return <Scalar value={value} />;
  const entries: [PathSegment, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  if (segments.length >= MAX_DEPTH) return <span className="text-muted-foreground">{`${open}…${close}`}</span>;
  const shown = all ? entries : entries.slice(0, MAX_CHILDREN);
  return (
    <span>
      {open}
      <span className="block pl-4">
        {shown.map(([key, child]) => {
          const path = [...segments, key];
          const exact = jsonPathOf(path);
          const isPicked = picked.includes(exact) || picked.includes(everyItemPath(path));
          return (
            <span key={String(key)} className="block">
              <button
                type="button"
                data-testid="json-path-key"
                data-path={exact}
                data-picked={isPicked}
                title={`Ignore ${everyItemPath(path)}`}
                onClick={() => onPick({ exact, everyItem: everyItemPath(path) })}
                className={
                  isPicked ? "rounded bg-amber-500/20 px-0.5 line-through" : "rounded px-0.5 text-sky-700 hover:bg-accent dark:text-sky-300"
                }
              >
                {typeof key === "number" ? key : JSON.stringify(key)}
              </button>
              : <Node value={child} segments={path} onPick={onPick} picked={picked} />
            </span>
          );
        })}
        {!all && entries.length > MAX_CHILDREN && (
          <button type="button" className="text-muted-foreground underline" onClick={() => setAll(true)}>
            {entries.length - MAX_CHILDREN} more
          </button>
        )}
      </span>
      {close}
    </span>
  );
}

function Scalar({ value }: { value: unknown }) {
  const text = value === undefined ? "undefined" : JSON.stringify(value);
  const cut = text.length > 300 ? `${text.slice(0, 300)}…` : text;
  return (
    <span className={typeof value === "string" ? "break-all text-emerald-700 dark:text-emerald-400" : "text-amber-700 dark:text-amber-300"}>
      {cut}
    </span>
  );
}
