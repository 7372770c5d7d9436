"use client";

import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";

export interface MarkdownViewProps {
  markdown: string;
}

/**
 * react-markdown escapes raw HTML by default, which is what we want for text that came from an
 * untrusted server. GitHub-flavoured Markdown (tables, task lists, strikethrough) is what servers write.
 */
const REMARK_PLUGINS = [remarkGfm];

export function MarkdownView({ markdown }: MarkdownViewProps) {
  return (
    <div
      data-testid="markdown-view"
      className="max-h-[32rem] overflow-auto rounded-md border p-3 text-sm leading-relaxed [&_a]:text-primary [&_a]:underline [&_code]:font-mono [&_code]:text-xs [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_pre]:overflow-auto [&_pre]:rounded [&_pre]:bg-muted [&_pre]:p-2 [&_table]:border-collapse [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc"
    >
      <Markdown remarkPlugins={REMARK_PLUGINS}>{markdown}</Markdown>
    </div>
  );
}
