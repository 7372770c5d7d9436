import { SafeText } from "@/components/ui/safe-text";
import type { InboxItem } from "@/lib/contracts/agents";
import { RequestHeader, RequestOpenAction } from "@/components/elements/request/request-header";
import { KIND_LABEL } from "@/lib/workbench/inbox";
import type { InboxStatus } from "@/lib/workbench/inbox-text";
import { sourceLabel } from "@/lib/workbench/adk";

export interface InterruptHeaderProps {
  item: InboxItem;
  status: InboxStatus;
  /** Inside a session view the source line repeats what the page already says. */
  compact: boolean;
  onOpenSession?: () => void;
}

/** Kind, status and where the interrupt comes from (agent › app › session, author, time). */
export function InterruptHeader({ item, status, compact, onOpenSession }: InterruptHeaderProps) {
  const when = item.createdAt !== null ? new Date(item.createdAt) : null;
  return (
    <RequestHeader
      kind={KIND_LABEL[item.kind]}
      kindTestId="interrupt-kind"
      status={status}
      open={onOpenSession && <RequestOpenAction label="Open session" testId="open-session" onClick={onOpenSession} />}
      sourceTestId="interrupt-source"
      source={
        !compact && (
          <>
            <SafeText text={sourceLabel(item)} className="font-mono break-all" />
            <span>·</span>
            <span>
              by <SafeText text={item.author} className="font-medium text-foreground" />
            </span>
            {item.nodePath && <span className="font-mono">({item.nodePath})</span>}
            {when && (
              <>
                <span>·</span>
                <time dateTime={when.toISOString()}>{when.toLocaleString()}</time>
              </>
            )}
          </>
        )
      }
    />
  );
}
