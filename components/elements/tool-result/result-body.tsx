"use client";

import { useMemo } from "react";
import { parseToolResult } from "@/lib/tool-result/content";
import { validateStructured } from "@/lib/tool-result/validate";
import { ContentBlockView } from "@/components/elements/content-block";
import { RawJson } from "@/components/elements/raw-json";
import { StructuredContentView, StructuredValidation } from "./structured-content";

export interface ResultBodyProps {
  /** The CallToolResult exactly as the server sent it. */
  result: unknown;
  /** The tool's outputSchema, when the tool declares one. */
  outputSchema?: unknown;
}

/** The content blocks and structuredContent of one CallToolResult. */
export function ResultBody({ result, outputSchema }: ResultBodyProps) {
  const parsed = useMemo(() => parseToolResult(result), [result]);
  const finding = useMemo(
    () =>
      validateStructured(outputSchema, parsed.hasStructured ? parsed.structuredContent : undefined, {
        isError: parsed.isError,
      }),
    [outputSchema, parsed],
  );

  if (parsed.problem) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-amber-700 dark:text-amber-300">Not a CallToolResult: {parsed.problem}</p>
        {result !== undefined && <RawJson value={result} filename="result.json" />}
      </div>
    );
  }

  const blocks =
    parsed.blocks.length === 0 ? (
      <p data-testid="result-empty" className="text-sm text-muted-foreground italic">
        The tool returned no content blocks.
      </p>
    ) : (
      parsed.blocks.map((b) => <ContentBlockView key={b.index} block={b} />)
    );

  return (
    <div className="flex flex-col gap-4">
      {parsed.isError ? (
        // isError is the tool reporting its own failure as a result (MCP spec), not a protocol error.
        <section
          data-testid="tool-error"
          className="flex flex-col gap-3 rounded-md border border-destructive/50 bg-destructive/5 p-3 text-destructive"
        >
          <h4 className="text-sm font-semibold">Tool error</h4>
          <div className="flex flex-col gap-3 text-foreground">{blocks}</div>
        </section>
      ) : (
        <div className="flex flex-col gap-3">{blocks}</div>
      )}
      {parsed.hasStructured ? (
        <StructuredContentView value={parsed.structuredContent} finding={finding} />
      ) : (
        <StructuredValidation finding={finding} />
      )}
    </div>
  );
}
