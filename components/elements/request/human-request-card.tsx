import type { ReactNode } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { AnswerGuard } from "@/components/elements/role";
import { SafeText } from "@/components/ui/safe-text";
import { RequestHeader, RequestOpenAction, type RequestOpenActionProps } from "./request-header";
import type { RequestStatus } from "./request-status";

/** Why the peer did not take the last answer (its error), shown above the form to send again. */
export interface RequestRefusal {
  /** What it means for the user ("The agent refused the answer — …"). */
  title: ReactNode;
  error: { message: string; code?: string };
}

export interface HumanRequestCardProps {
  /** Names the card's test ids: `<p>-request-card`, `<p>-request-prompt`, `<p>-answer-error`, `<p>-request-answered`, `<p>-request-stale`. */
  testIdPrefix: string;
  /** `data-*` attributes of the card (ids, kind), for tests and links. */
  data?: Record<`data-${string}`, string | undefined>;
  status: RequestStatus;
  /** The header: what is asked (and a detail, e.g. the tool), where it comes from, the page that opens it. */
  kind: string;
  detail?: ReactNode;
  where: string;
  open: RequestOpenActionProps;
  /** Inside a view that already says where it is: no source line, no link. */
  compact?: boolean;
  /** What the peer asks, in its words. */
  prompt: string;
  /** Lines under the prompt (a reason, an expiry). */
  notes?: ReactNode;
  refusal: RequestRefusal | null;
  /** Said once answered / no longer answerable. */
  answered: string;
  stale: string;
  /** The form that answers it, shown while it is pending or failed. */
  children: ReactNode;
}

/** A peer waiting on the user: what it asks, why the last answer was refused, the form, or what became of it. */
export function HumanRequestCard(props: HumanRequestCardProps) {
  const {
    testIdPrefix: p,
    data,
    status,
    kind,
    detail,
    where,
    open: openAction,
    compact,
    prompt,
    notes,
    refusal,
    answered,
    stale,
    children,
  } = props;
  const open = status === "pending" || status === "failed";
  return (
    <Card className="gap-2 py-3" data-testid={`${p}-request-card`} data-status={status} {...data}>
      <RequestHeader
        className="gap-1 px-3"
        kind={kind}
        detail={detail}
        status={status}
        open={!compact && <RequestOpenAction {...openAction} />}
        source={!compact && <SafeText text={where} className="font-mono" />}
      />
      <CardContent className="flex flex-col gap-3 px-3">
        <SafeText text={prompt} className="block text-sm whitespace-pre-wrap" data-testid={`${p}-request-prompt`} />
        {notes}
        {refusal && (
          <div
            role="alert"
            data-testid={`${p}-answer-error`}
            className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm"
          >
            <p className="font-medium text-destructive">{refusal.title}</p>
            <p>
              {refusal.error.code !== undefined && <code className="mr-1 font-mono text-xs">{refusal.error.code}</code>}
              {refusal.error.message}
            </p>
          </div>
        )}
        {status === "answered" && (
          <p className="text-sm text-muted-foreground" data-testid={`${p}-request-answered`}>
            {answered}
          </p>
        )}
        {status === "stale" && (
          <p className="text-sm text-muted-foreground" data-testid={`${p}-request-stale`}>
            {stale}
          </p>
        )}
        {open && <AnswerGuard>{children}</AnswerGuard>}
      </CardContent>
    </Card>
  );
}
