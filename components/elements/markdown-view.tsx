"use client";

import { SafeMarkdown } from "@/components/ui/safe-markdown";

export interface MarkdownViewProps {
  markdown: string;
}

/**
 * Text from an untrusted server: raw HTML is escaped, remote images wait for a click (SafeMarkdown).
 * GitHub-flavoured Markdown (tables, task lists, strikethrough) is what servers write.
 */
export function MarkdownView({ markdown }: MarkdownViewProps) {
  return (
    <div
      data-testid="markdown-view"
      className="max-h-[32rem] overflow-auto rounded-md border p-3 text-sm leading-relaxed [&_a]:text-primary [&_a]:underline [&_code]:font-mono [&_code]:text-xs [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_pre]:overflow-auto [&_pre]:rounded [&_pre]:bg-muted [&_pre]:p-2 [&_table]:border-collapse [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc"
    >
      <SafeMarkdown gfm>{markdown}</SafeMarkdown>
    </div>
  );
}
