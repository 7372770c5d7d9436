import { Badge } from "@/components/ui/badge";
import type { AdkItem } from "@/lib/protocols/adk/types";
import { formatTokens } from "@/lib/format";
import { inlineJson } from "./format";
import { JsonView } from "@/components/elements/json-view";
import { MessageText, ThoughtText } from "@/components/elements/message-text";
import { StateDeltaList } from "./state-diff";
import { ArtifactDelta, ErrorItem, MediaItem, Unrecognized } from "./item-parts";

/** Items the tool-call grouping renders itself. */
export type SimpleItem = Exclude<AdkItem, { kind: "tool_call" | "tool_result" | "interrupt" }>;

export interface ItemViewProps {
  item: SimpleItem;
  onOpenArtifact?: (filename: string, version: number) => void;
}

/** One timeline item other than tool calls, results and pauses. */
export function ItemView({ item, onOpenArtifact }: ItemViewProps) {
  switch (item.kind) {
    case "text":
      return <MessageText text={item.text} partial={item.partial} role={item.role} />;
    case "thought":
      return <ThoughtText text={item.text} partial={item.partial} />;
    case "state_delta":
      return <StateDeltaList delta={item.delta} scopes={item.scopes} />;
    case "artifact":
      return <ArtifactDelta item={item} onOpenArtifact={onOpenArtifact} />;
    case "transfer":
      return (
        <div data-testid="transfer" className="text-xs font-medium text-sky-700 dark:text-sky-300">
          → {item.toAgent}
        </div>
      );
    case "escalate":
      return (
        <Badge data-testid="escalate" variant="warning">
          escalate
        </Badge>
      );
    case "workflow_output":
      return (
        <div data-testid="workflow-output" className="flex flex-col gap-0.5 text-xs">
          <span className="text-muted-foreground">output{item.nodePath ? ` of ${item.nodePath}` : ""}</span>
          <JsonView value={item.output} />
        </div>
      );
    case "route":
      return (
        <div data-testid="workflow-route" className="text-xs">
          <span className="text-muted-foreground">route</span> <span className="font-mono">{inlineJson(item.route)}</span>
        </div>
      );
    case "checkpoint":
      return (
        <div data-testid="checkpoint" className="text-[11px] text-muted-foreground">
          {item.endOfAgent ? "end of agent" : "checkpoint"}
          {item.agentState !== undefined && <span className="ml-1 font-mono">{inlineJson(item.agentState, 80)}</span>}
        </div>
      );
    case "compaction":
      return (
        <div data-testid="compaction-summary" className="text-xs text-muted-foreground italic">
          Summary: {item.summary}
        </div>
      );
    case "error":
      return <ErrorItem item={item} />;
    case "usage":
      return (
        <div data-testid="event-usage" className="text-[11px] text-muted-foreground tabular-nums">
          tokens {formatTokens(item.prompt)} in · {formatTokens(item.candidates)} out · {formatTokens(item.total)} total
        </div>
      );
    case "media":
      return <MediaItem item={item} />;
    case "code":
      return (
        <pre data-testid="timeline-code" className="overflow-auto rounded bg-muted p-2 font-mono text-xs">
          {item.code}
        </pre>
      );
    case "code_result":
      return (
        <pre data-testid="timeline-code-result" className="overflow-auto rounded bg-muted p-2 font-mono text-xs">
          {item.outcome ? `${item.outcome}\n` : ""}
          {item.output ?? ""}
        </pre>
      );
    case "unrecognized":
      return <Unrecognized reason={item.reason} raw={item.raw} />;
    default:
      return <Unrecognized reason="unknown item" raw={item satisfies never} />;
  }
}
