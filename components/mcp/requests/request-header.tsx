import { ExternalLinkIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CardHeader } from "@/components/ui/card";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { InterruptStatusBadge } from "@/components/inbox/interrupt-header";
import { KIND_LABEL, type InboxStatus } from "@/components/inbox/inbox-status";
import { SafeText } from "@/components/ui/safe-text";
import { MrtrRoundNote } from "./mrtr-round-note";
import { relatedTaskIdOf } from "./request-params";

export interface RequestHeaderProps {
  request: McpClientRequest;
  status: InboxStatus;
  /** Next to the running call on the tool page, the server and tool are already on screen. */
  compact: boolean;
  onOpenConnection?: () => void;
}

/** Kind, status, the server asking and the tools/call that waits for the answer. */
export function RequestHeader({ request, status, compact, onOpenConnection }: RequestHeaderProps) {
  const when = new Date(request.createdAt);
  // A task's question waits on no call: the card names the task instead (also on the tool page).
  const taskId = relatedTaskIdOf(request.params);
  return (
    <CardHeader className="gap-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold" data-testid="request-kind">
          {KIND_LABEL[request.kind]}
        </span>
        <InterruptStatusBadge status={status} />
        {onOpenConnection && (
          <Button variant="link" size="xs" className="ml-auto h-auto px-0" data-testid="open-connection" onClick={onOpenConnection}>
            Open server
            <ExternalLinkIcon />
          </Button>
        )}
      </div>
      {!compact && (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground" data-testid="request-source">
          <span>
            from <SafeText text={request.connectionName} className="font-medium text-foreground" data-testid="request-connection" />
          </span>
          {request.relatedCall && (
            <span data-testid="request-related-call">
              · while running <SafeText text={request.relatedCall.tool} className="font-mono font-medium text-foreground" />{" "}
              <span className="font-mono opacity-70">({request.relatedCall.callId})</span>
            </span>
          )}
          <span>·</span>
          <time dateTime={when.toISOString()}>{when.toLocaleString()}</time>
        </div>
      )}
      {taskId && (
        <div className="text-xs text-muted-foreground" data-testid="request-related-task" data-task-id={taskId}>
          asked by task <SafeText text={taskId} className="font-mono font-medium text-foreground" />
        </div>
      )}
      <MrtrRoundNote request={request} />
    </CardHeader>
  );
}
