import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { CardHeader } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { RequestStatusBadge, type RequestStatus } from "./request-status";

export interface RequestHeaderProps {
  /** What is asked, in words ("Confirmation", "Sampling", "Input (A2A task)"…). */
  kind: string;
  kindTestId?: string;
  /** Right after the kind (a tool's name). */
  detail?: ReactNode;
  status: RequestStatus;
  /** After the status (the listing's hints of a gated tool). */
  badges?: ReactNode;
  /** At the end of the first line: where the request can be opened (RequestOpenAction). */
  open?: ReactNode;
  /** Where the request comes from; left out where the page already says it (compact). */
  source?: ReactNode;
  sourceTestId?: string;
  className?: string;
  /** Lines under it (the tool called, why it was stopped, the task asking). */
  children?: ReactNode;
}

/** The head of every human request's card: kind, status, where to open it, and where it comes from. */
export function RequestHeader({
  kind,
  kindTestId,
  detail,
  status,
  badges,
  open,
  source,
  sourceTestId,
  className,
  children,
}: RequestHeaderProps) {
  return (
    <CardHeader className={cn("gap-1.5", className)}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold" data-testid={kindTestId}>
          {kind}
        </span>
        {detail}
        <RequestStatusBadge status={status} />
        {badges}
        {open}
      </div>
      {source && (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground" data-testid={sourceTestId}>
          {source}
        </div>
      )}
      {children}
    </CardHeader>
  );
}

export interface RequestOpenActionProps {
  label: string;
  testId: string;
  /** A page of Loupe (a link), or a callback that navigates. */
  href?: string;
  onClick?: () => void;
}

/**
 * "Open session", "Open task"…: the request's own page, at the end of the header's first line. It
 * opens in Loupe, in the same tab (link or callback alike), so it carries no ↗ "opens elsewhere" icon.
 */
export function RequestOpenAction({ label, testId, href, onClick }: RequestOpenActionProps) {
  return href !== undefined ? (
    <Button asChild variant="link" size="xs" className="ml-auto h-auto px-0">
      <a href={href} data-testid={testId}>
        {label}
      </a>
    </Button>
  ) : (
    <Button variant="link" size="xs" className="ml-auto h-auto px-0" data-testid={testId} onClick={onClick}>
      {label}
    </Button>
  );
}
