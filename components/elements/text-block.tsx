"use client";

import { useMemo, useState } from "react";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { detectTextFormat, prettyJson } from "@/lib/tool-result/text-format";
import { LargeText } from "@/components/elements/large-text";
import { MarkdownView } from "./markdown-view";

type TextView = "text" | "markdown" | "json";

const VIEW_LABEL: Record<TextView, string> = { text: "Text", markdown: "Markdown", json: "JSON" };

export interface TextBlockViewProps {
  text: string;
  /** Base of the download file name, e.g. "result-0". */
  filenameBase: string;
}

/** A text payload with a Text / Markdown / JSON switch when the text is JSON or looks like markdown. */
export function TextBlockView({ text, filenameBase }: TextBlockViewProps) {
  const format = useMemo(() => detectTextFormat(text), [text]);
  const views: TextView[] = format.kind === "plain" ? ["text"] : ["text", format.kind];
  const [chosen, setView] = useState<TextView>(format.kind === "plain" ? "text" : format.kind);
  // A new text can drop the chosen view (JSON text replaced by plain text): fall back to Text.
  const view: TextView = views.includes(chosen) ? chosen : "text";
  // Pretty-printing is only paid for when the JSON view is actually shown.
  const pretty = useMemo(() => (view === "json" && format.kind === "json" ? prettyJson(format.value) : null), [view, format]);

  let body;
  if (pretty !== null) {
    body = <LargeText key="json" text={pretty} filename={`${filenameBase}.json`} mimeType="application/json" />;
  } else if (view === "markdown") {
    body = (
      <LargeText
        key="markdown"
        text={text}
        filename={`${filenameBase}.md`}
        mimeType="text/markdown"
        render={(visible) => <MarkdownView markdown={visible} />}
      />
    );
  } else {
    body = <LargeText key="text" text={text} filename={`${filenameBase}.txt`} />;
  }

  return (
    <div className="flex flex-col gap-2" data-view={view}>
      {views.length > 1 && (
        <Tabs value={view} onValueChange={(v) => setView(v as TextView)}>
          <TabsList aria-label="Text view">
            {views.map((v) => (
              <TabsTrigger key={v} value={v}>
                {VIEW_LABEL[v]}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
      )}
      {body}
    </div>
  );
}
