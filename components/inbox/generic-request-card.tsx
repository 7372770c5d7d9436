"use client";

import { ExternalLinkIcon } from "lucide-react";
import { JsonView } from "@/components/elements/json-view";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { SafeText } from "@/components/ui/safe-text";
import type { InboxRow } from "@/lib/contracts/inbox";
import { InterruptStatusBadge } from "./interrupt-header";
import type { InboxStatus } from "./inbox-status";

export interface GenericRequestCardProps {
  row: InboxRow;
  title: string;
  prompt: string;
  where: string;
  status: InboxStatus;
  /** Where the request can be looked at (and answered) in full. */
  href: string;
  compact?: boolean;
}

/**
 * A request of a protocol whose own card is not there yet: what it is, what it asks, its raw JSON
 * and a link to where it lives. Read-only on purpose; the protocol's view answers it.
 */
export function GenericRequestCard({ row, title, prompt, where, status, href, compact }: GenericRequestCardProps) {
  return (
    <Card className="gap-2 py-3" data-testid="generic-request-card" data-source={row.source}>
      <CardHeader className="gap-1 px-3">
        <div className="flex items-center gap-2">
          <span className="text-sm font-medium">{title}</span>
          <InterruptStatusBadge status={status} />
          <a href={href} className="ml-auto inline-flex items-center gap-1 text-xs underline" data-testid="generic-request-open">
            Open <ExternalLinkIcon className="size-3" aria-hidden />
          </a>
        </div>
        {!compact && <SafeText text={where} className="font-mono text-xs text-muted-foreground" />}
      </CardHeader>
      <CardContent className="flex flex-col gap-2 px-3">
        <SafeText text={prompt} className="block text-sm whitespace-pre-wrap" />
        <JsonView value={row} data-testid="generic-request-json" />
      </CardContent>
    </Card>
  );
}
