import { ExternalLinkIcon } from "lucide-react";
import { StatusBadge } from "@/components/elements/status-badge";
import { Button } from "@/components/ui/button";
import { CardHeader } from "@/components/ui/card";
import type { InboxItem } from "@/lib/contracts/agents";
import { KIND_LABEL, STATUS_META, sourceLabel, type InboxStatus } from "./inbox-status";
import { SafeText } from "@/components/ui/safe-text";

export function InterruptStatusBadge({ status }: { status: InboxStatus }) {
  const meta = STATUS_META[status];
  return (
    <StatusBadge tone={meta.tone} data-testid="interrupt-status" data-status={status}>
      {meta.label}
    </StatusBadge>
  );
}

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
    <CardHeader className="gap-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold" data-testid="interrupt-kind">
          {KIND_LABEL[item.kind]}
        </span>
        <InterruptStatusBadge status={status} />
        {onOpenSession && (
          <Button variant="link" size="xs" className="ml-auto h-auto px-0" data-testid="open-session" onClick={onOpenSession}>
            Open session
            <ExternalLinkIcon />
          </Button>
        )}
      </div>
      {!compact && (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground" data-testid="interrupt-source">
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
        </div>
      )}
    </CardHeader>
  );
}
