import { SafeText } from "@/components/ui/safe-text";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { RequestHeader as RequestHeaderFrame, RequestOpenAction } from "@/components/elements/request/request-header";
import { KIND_LABEL } from "@/lib/workbench/inbox";
import type { InboxStatus } from "@/lib/workbench/inbox-text";
import { MrtrRoundNote } from "./mrtr-round-note";
import { relatedTaskIdOf } from "@/lib/protocols/mcp/request-params";

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
    <RequestHeaderFrame
      kind={KIND_LABEL[request.kind]}
      kindTestId="request-kind"
      status={status}
      open={onOpenConnection && <RequestOpenAction label="Open server" testId="open-connection" onClick={onOpenConnection} />}
      sourceTestId="request-source"
      source={
        !compact && (
          <>
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
          </>
        )
      }
    >
      {taskId && (
        <div className="text-xs text-muted-foreground" data-testid="request-related-task" data-task-id={taskId}>
          asked by task <SafeText text={taskId} className="font-mono font-medium text-foreground" />
        </div>
      )}
      <MrtrRoundNote request={request} />
    </RequestHeaderFrame>
  );
}
