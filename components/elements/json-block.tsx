import { ChevronRightIcon } from "lucide-react";

export interface JsonBlockProps {
  title: string;
  value: unknown;
  defaultOpen?: boolean;
  testId?: string;
}

/** A collapsible, pretty-printed JSON value (schemas, raw definitions). */
export function JsonBlock({ title, value, defaultOpen = false, testId }: JsonBlockProps) {
  const text = JSON.stringify(value, null, 2) ?? "undefined";
  return (
    <details open={defaultOpen} className="group rounded-md border" data-testid={testId}>
      <summary className="flex cursor-pointer list-none items-center gap-1 px-2 py-1.5 text-xs font-medium select-none">
        <ChevronRightIcon className="size-3.5 transition-transform group-open:rotate-90" />
        {title}
        <span className="ml-auto font-mono text-[10px] text-muted-foreground">{text.length.toLocaleString()} chars</span>
      </summary>
      <pre className="max-h-96 overflow-auto border-t bg-muted/30 p-2 font-mono text-xs leading-relaxed">{text}</pre>
    </details>
  );
}
