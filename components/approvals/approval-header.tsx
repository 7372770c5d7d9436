import { Badge } from "@/components/ui/badge";
import { SafeText } from "@/components/ui/safe-text";
import { RequestHeader } from "@/components/elements/request/request-header";
import type { ToolApproval } from "@/lib/contracts/approvals";
import { approvalAsker, approvalVia, gateWhy } from "./approval-words";

export interface ApprovalHeaderProps {
  approval: ToolApproval;
  /** Inline in a playground conversation, who asks is already on screen. */
  compact: boolean;
}

/** The tool and its server, what the listing says of it, who asks and why the call was stopped. */
export function ApprovalHeader({ approval, compact }: ApprovalHeaderProps) {
  const when = new Date(approval.createdAt);
  const destructive = approval.annotations?.destructiveHint === true;
  const readOnly = approval.annotations?.readOnlyHint === true;
  return (
    <RequestHeader
      kind="Tool call approval"
      status={approval.status}
      badges={
        <>
          {destructive && (
            <Badge variant="destructive" className="font-semibold uppercase" data-testid="approval-destructive">
              Destructive
            </Badge>
          )}
          {readOnly && (
            <Badge variant="success" data-testid="approval-read-only">
              Read-only
            </Badge>
          )}
          {approval.listed === false && (
            <Badge variant="warning" data-testid="approval-not-listed">
              Not in the tool listing
            </Badge>
          )}
        </>
      }
    >
      <div className="flex flex-wrap items-baseline gap-x-1.5 text-sm" data-testid="approval-tool">
        <SafeText text={approval.tool} className="font-mono font-semibold" data-testid="approval-tool-name" />
        {approval.calledAs && (
          <span className="text-xs text-muted-foreground" data-testid="approval-called-as">
            called as <SafeText text={approval.calledAs} className="font-mono text-foreground" />
          </span>
        )}
        <span className="text-xs text-muted-foreground">
          on <SafeText text={approval.connectionName} className="font-medium text-foreground" data-testid="approval-connection" />
        </span>
      </div>
      {!compact && (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground" data-testid="approval-asker">
          <span>
            asked by <SafeText text={approvalAsker(approval.origin)} className="font-medium text-foreground" />
          </span>
          {approvalVia(approval) && <span>{approvalVia(approval)}</span>}
          <span>·</span>
          <time dateTime={when.toISOString()}>{when.toLocaleString()}</time>
        </div>
      )}
      <p
        className="text-xs text-muted-foreground"
        data-testid="approval-why"
        data-policy={approval.policy.value}
        data-policy-from={approval.policy.from}
      >
        {gateWhy(approval)}
      </p>
    </RequestHeader>
  );
}
