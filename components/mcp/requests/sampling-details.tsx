import type { ReactNode } from "react";
import { ContentBlockView } from "@/components/elements/content-block";
import { RawJson } from "@/components/elements/raw-json";
import { ReadOnlyJson } from "@/components/elements/json-text-field";
import { classifyBlock } from "@/lib/tool-result/content";
import type { ModelPreferencesView, SamplingMessageView, SamplingView } from "@/lib/protocols/mcp/request-params";

/** tool_use / tool_result blocks (sampling with tools) are not tool-result content: shown as JSON. */
function MessageBlock({ block, index }: { block: unknown; index: number }) {
  const type = (block as { type?: unknown } | null)?.type;
  if (type === "tool_use" || type === "tool_result") {
    return (
      <div data-testid="sampling-block" data-kind={type}>
        <RawJson value={block} title={type === "tool_use" ? "Tool use" : "Tool result"} filename={`sampling-${index}.json`} />
      </div>
    );
  }
  return (
    <div data-testid="sampling-block" data-kind={typeof type === "string" ? type : "unknown"}>
      <ContentBlockView block={classifyBlock(block, index)} />
    </div>
  );
}

function Message({ message, index }: { message: SamplingMessageView; index: number }) {
  return (
    <li className="flex flex-col gap-1 rounded-md border p-2" data-testid="sampling-message" data-role={message.role}>
      <span className="text-xs font-medium text-muted-foreground uppercase">{message.role}</span>
      {message.blocks.length === 0 && <span className="text-xs text-muted-foreground">(no content)</span>}
      {message.blocks.map((block, i) => (
        <MessageBlock key={i} block={block} index={index * 100 + i} />
      ))}
    </li>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-mono break-words" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

const priority = (v: number | undefined) => (v === undefined ? "—" : String(v));

function Preferences({ prefs }: { prefs: ModelPreferencesView }) {
  return (
    <>
      <Row label="Model hints" testId="sampling-hints">
        {prefs.hints.length > 0 ? prefs.hints.join(", ") : "none"}
      </Row>
      <Row label="Priorities" testId="sampling-priorities">
        cost {priority(prefs.costPriority)} · speed {priority(prefs.speedPriority)} · intelligence {priority(prefs.intelligencePriority)}
      </Row>
    </>
  );
}

/** Everything the server put into sampling/createMessage: what the "model" is asked, and its limits. */
export function SamplingDetails({ view, compact }: { view: SamplingView; compact: boolean }) {
  const limits =
    view.maxTokens !== undefined ||
    view.temperature !== undefined ||
    view.stopSequences !== undefined ||
    view.includeContext !== undefined ||
    view.modelPreferences !== undefined;
  return (
    <div className="flex flex-col gap-3" data-testid="sampling-details">
      {view.systemPrompt !== undefined && (
        <div className="flex flex-col gap-1">
          <span className="text-xs font-medium text-muted-foreground">System prompt</span>
          <p className="rounded-md border bg-muted/30 p-2 text-sm whitespace-pre-wrap" data-testid="sampling-system-prompt">
            {view.systemPrompt}
          </p>
        </div>
      )}
      <div className="flex flex-col gap-1">
        <span className="text-xs font-medium text-muted-foreground">Messages ({view.messages.length})</span>
        <ol className="flex flex-col gap-2">
          {view.messages.map((m, i) => (
            <Message key={i} message={m} index={i} />
          ))}
        </ol>
      </div>
      {limits && (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-xs" data-testid="sampling-limits">
          {view.maxTokens !== undefined && (
            <Row label="Max tokens" testId="sampling-max-tokens">
              {view.maxTokens}
            </Row>
          )}
          {view.temperature !== undefined && (
            <Row label="Temperature" testId="sampling-temperature">
              {view.temperature}
            </Row>
          )}
          {view.stopSequences !== undefined && (
            <Row label="Stop sequences" testId="sampling-stop-sequences">
              {view.stopSequences.length > 0 ? view.stopSequences.map((s) => JSON.stringify(s)).join(", ") : "none"}
            </Row>
          )}
          {view.includeContext !== undefined && (
            <Row label="Include context" testId="sampling-include-context">
              {view.includeContext}
            </Row>
          )}
          {view.modelPreferences && <Preferences prefs={view.modelPreferences} />}
        </dl>
      )}
      {view.tools !== undefined && <ReadOnlyJson label="Tools" value={view.tools} testId="sampling-tools" collapsed={compact} />}
      {view.toolChoice !== undefined && (
        <ReadOnlyJson label="Tool choice" value={view.toolChoice} testId="sampling-tool-choice" collapsed={compact} />
      )}
      {view.metadata !== undefined && (
        <ReadOnlyJson label="Metadata" value={view.metadata} testId="sampling-metadata" collapsed={compact} />
      )}
    </div>
  );
}
