"use client";

import type { ReactNode } from "react";
import { JsonView } from "@/components/elements/json-view";
import { RawJson } from "@/components/elements/raw-json";
import { Badge } from "@/components/ui/badge";
import { formatTokens } from "@/lib/format";
import type { ModelCall } from "@/lib/protocols/adk/trace";
import { TraceContentView } from "./trace-parts";

function Block({ title, children, testId, open = true }: { title: string; children: ReactNode; testId: string; open?: boolean }) {
  return (
    <details data-testid={testId} open={open} className="flex min-w-0 flex-col gap-1">
      <summary className="cursor-pointer text-xs font-semibold text-muted-foreground uppercase">{title}</summary>
      <div className="mt-1 flex min-w-0 flex-col gap-1">{children}</div>
    </details>
  );
}

/** What the model was sent and what it answered, read from the span behind one event. */
export function ModelCallView({ call, eventId }: { call: ModelCall; eventId: string }) {
  const usage = call.response?.usage;
  const configKeys = Object.keys(call.generationConfig);
  return (
    <div data-testid="model-call" className="flex min-w-0 flex-col gap-3">
      <p className="flex flex-wrap items-center gap-1.5 text-xs">
        {call.model && <Badge data-testid="model-call-model">{call.model}</Badge>}
        {call.agentName && <span className="text-muted-foreground">agent {call.agentName}</span>}
        {usage && (
          <span className="tabular-nums">
            {formatTokens(usage.prompt)} in · {formatTokens(usage.candidates)} out
          </span>
        )}
        {!usage && call.tokens && (
          <span className="tabular-nums">
            {formatTokens(call.tokens.input ?? 0)} in · {formatTokens(call.tokens.output ?? 0)} out
          </span>
        )}
      </p>

      <Block title="System instruction" testId="model-call-system">
        {call.systemInstruction ? (
          <pre className="max-h-64 overflow-auto rounded bg-muted/60 p-1.5 text-[11px] break-words whitespace-pre-wrap">
            {call.systemInstruction}
          </pre>
        ) : (
          <p className="text-xs text-muted-foreground">None was sent.</p>
        )}
      </Block>

      <Block title={`Conversation (${call.contents.length})`} testId="model-call-contents">
        {call.contents.map((c, i) => (
          <TraceContentView key={i} content={c} index={i} open={i === call.contents.length - 1} />
        ))}
      </Block>

      <Block title={`Tools (${call.tools.length})`} testId="model-call-tools" open={false}>
        {call.tools.length === 0 && <p className="text-xs text-muted-foreground">No tools were declared.</p>}
        {call.tools.map((t) => (
          <details key={t.name} data-testid="model-call-tool" data-name={t.name} className="rounded border px-2 py-1 text-xs">
            <summary className="cursor-pointer">
              <span className="font-mono font-semibold">{t.name}</span>
              {t.description && <span className="ml-1.5 text-muted-foreground">{t.description.split("\n")[0]}</span>}
            </summary>
            {t.description && <p className="mt-1 whitespace-pre-wrap">{t.description}</p>}
            <JsonView value={t.parameters ?? null} data-testid="model-call-tool-schema" />
          </details>
        ))}
      </Block>

      <Block title="Generation config" testId="model-call-config" open={configKeys.length > 0}>
        {configKeys.length > 0 ? <JsonView value={call.generationConfig} /> : <p className="text-xs text-muted-foreground">Defaults.</p>}
      </Block>

      <Block title="Response" testId="model-call-response">
        {call.response?.content ? (
          <TraceContentView content={call.response.content} index={call.contents.length} open />
        ) : (
          <p className="text-xs text-muted-foreground">{call.response?.errorMessage ?? "The span holds no response."}</p>
        )}
        {call.response?.finishReason && <p className="text-xs">finish: {call.response.finishReason}</p>}
      </Block>

      <Block title="Raw" testId="model-call-raw" open={false}>
        <RawJson value={call.request} filename={`llm-request-${eventId}.json`} title="Request" />
        <RawJson value={call.responseRaw ?? null} filename={`llm-response-${eventId}.json`} title="Response" />
        <RawJson value={call.otherAttributes} filename={`span-attributes-${eventId}.json`} title="Other span attributes" />
      </Block>
    </div>
  );
}
