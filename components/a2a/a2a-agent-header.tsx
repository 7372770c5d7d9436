import { PencilIcon, RefreshCwIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PeerStatusDot } from "@/components/elements/peer/peer-status";
import type { A2aAgentView } from "@/lib/contracts/a2a";
import { formatClock } from "@/lib/format";

export interface A2aAgentHeaderProps {
  agent: A2aAgentView;
  onEdit: () => void;
  onRefetchCard: () => void;
  refetching: boolean;
}

/** Who the agent is and how Loupe talks to it: URL, wire version, transport, status. */
export function A2aAgentHeader({ agent, onEdit, onRefetchCard, refetching }: A2aAgentHeaderProps) {
  const s = agent.state;
  return (
    // Two rows at any width (at 1024 px the actions took a third): the URL gives way, cut with its tooltip.
    <header className="flex items-start justify-between gap-2 border-b px-4 py-2.5" data-testid="a2a-agent-header">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold">{agent.name}</h2>
          {agent.builtin && <Badge variant="outline">demo</Badge>}
          <PeerStatusDot status={s.status} />
        </div>
        <div className="flex min-w-0 items-center gap-1.5 text-xs whitespace-nowrap text-muted-foreground">
          <span className="min-w-0 truncate font-mono" title={agent.url}>
            {agent.url}
          </span>
          {s.protocolVersion && <Badge variant="secondary">A2A v{s.protocolVersion}</Badge>}
          {s.transport && (
            <Badge variant="info" data-testid="a2a-transport-in-use">
              {s.transport}
            </Badge>
          )}
          {s.cardFetchedAt && <span>card fetched {formatClock(s.cardFetchedAt)}</span>}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-1.5">
        <Button size="xs" variant="outline" onClick={onRefetchCard} disabled={refetching} data-testid="a2a-refetch-card">
          <RefreshCwIcon className={refetching ? "animate-spin" : undefined} /> Re-fetch card
        </Button>
        <Button size="xs" variant="ghost" onClick={onEdit}>
          <PencilIcon /> Edit
        </Button>
      </div>
    </header>
  );
}
