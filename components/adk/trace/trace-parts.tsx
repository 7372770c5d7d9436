"use client";

import { JsonView } from "@/components/elements/json-view";
import { Badge } from "@/components/ui/badge";
import { isRecord } from "@/lib/values";
import type { TraceContent } from "@/lib/protocols/adk/trace";

/** One genai part as a reader sees it: text, a call with its args, a response, or the raw JSON. */
function TracePart({ part }: { part: unknown }) {
  if (!isRecord(part)) return <JsonView value={part} />;
  if (typeof part.text === "string") {
    return (
      <p
        data-testid="trace-part-text"
        data-thought={part.thought === true || undefined}
        className="text-xs break-words whitespace-pre-wrap"
      >
        {part.thought === true && (
          <Badge variant="outline" className="mr-1">
            thought
          </Badge>
        )}
        {part.text}
      </p>
    );
  }
  const call = isRecord(part.functionCall) ? part.functionCall : isRecord(part.function_call) ? part.function_call : null;
  if (call) {
    return (
      <div data-testid="trace-part-call" className="flex min-w-0 flex-col gap-0.5 text-xs">
        <span>
          calls <span className="font-mono font-semibold">{String(call.name)}</span>
        </span>
        <JsonView value={call.args ?? {}} />
      </div>
    );
  }
  const resp = isRecord(part.functionResponse) ? part.functionResponse : isRecord(part.function_response) ? part.function_response : null;
  if (resp) {
    return (
      <div data-testid="trace-part-response" className="flex min-w-0 flex-col gap-0.5 text-xs">
        <span>
          result of <span className="font-mono font-semibold">{String(resp.name)}</span>
        </span>
        <JsonView value={resp.response ?? null} />
      </div>
    );
  }
  return <JsonView value={part} />;
}

const ROLE_CLASS: Record<string, string> = {
  user: "border-l-sky-500",
  model: "border-l-violet-500",
};

/** One content of the conversation, folded to its first line until opened; raw JSON inside. */
export function TraceContentView({ content, index, open }: { content: TraceContent; index: number; open?: boolean }) {
  const first = content.parts.find((p) => isRecord(p) && typeof p.text === "string") as { text: string } | undefined;
  const summary = first?.text.split("\n")[0] ?? `${content.parts.length} part${content.parts.length === 1 ? "" : "s"}`;
  return (
    <details
      data-testid="trace-content"
      data-role={content.role}
      open={open}
      className={`min-w-0 rounded border border-l-4 ${ROLE_CLASS[content.role] ?? "border-l-muted-foreground"} bg-card px-2 py-1`}
    >
      <summary className="flex cursor-pointer items-center gap-1.5 text-xs">
        <span className="text-muted-foreground tabular-nums">{index + 1}</span>
        <Badge variant="outline">{content.role}</Badge>
        <span className="min-w-0 truncate">{summary}</span>
      </summary>
      <div className="mt-1 flex min-w-0 flex-col gap-1.5">
        {content.parts.map((p, i) => (
          <TracePart key={i} part={p} />
        ))}
        <details className="text-[11px]">
          <summary className="cursor-pointer text-muted-foreground">Raw JSON</summary>
          <JsonView value={content} data-testid="trace-content-raw" />
        </details>
      </div>
    </details>
  );
}
