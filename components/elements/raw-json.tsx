"use client";

import { useMemo } from "react";
import { prettyJson } from "@/lib/tool-result/text-format";
import { CopyButton } from "@/components/elements/copy-button";
import { LargeText } from "./large-text";

export interface RawJsonProps {
  /** Any value; shown exactly as received, pretty-printed. */
  value: unknown;
  filename: string;
  title?: string;
}

/** The unparaphrased JSON behind a view (DESIGN.md rule 2: raw is one click away). */
export function RawJson({ value, filename, title = "Raw JSON" }: RawJsonProps) {
  const text = useMemo(() => prettyJson(value), [value]);
  return (
    <section data-testid="raw-json" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-xs font-medium text-muted-foreground">{title}</h4>
        <CopyButton getText={() => text} />
      </div>
      <LargeText text={text} filename={filename} mimeType="application/json" />
    </section>
  );
}
