"use client";

import { useMemo } from "react";

/** Monospace text with line numbers (the syntax view; no colouring, so nothing to mis-highlight). */
export function NumberedText({ text, language }: { text: string; language?: string }) {
  const lines = useMemo(() => text.split("\n"), [text]);
  const width = String(lines.length).length;
  return (
    <pre
      data-testid="numbered-text"
      data-language={language}
      className="max-h-[32rem] overflow-auto rounded-md bg-muted p-3 font-mono text-xs leading-5"
    >
      {lines.map((line, i) => (
        <div key={i} className="flex">
          <span aria-hidden className="mr-3 shrink-0 text-right text-muted-foreground/60 select-none" style={{ width: `${width}ch` }}>
            {i + 1}
          </span>
          <span className="whitespace-pre-wrap break-all">{line || " "}</span>
        </div>
      ))}
    </pre>
  );
}
