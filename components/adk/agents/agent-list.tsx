import { PlusIcon } from "lucide-react";
import type { AgentServerView } from "@/lib/contracts/agents";
import { Button } from "@/components/ui/button";
import { sidebarItemState } from "@/components/elements/sidebar-item";
import { SidebarSection } from "@/components/elements/sidebar-section";
import { cn } from "@/lib/cn";
import { PeerStatusDot } from "@/components/elements/peer/peer-status";
import { HeldByLine } from "@/components/elements/peer/held-by";
import { peerRowTitle } from "@/components/elements/peer/peer-list";
import { SafeText } from "@/components/ui/safe-text";
import { useListKeys } from "@/hooks/use-list-keys";
import { plural } from "@/lib/format";
import { useAdminAction } from "@/components/elements/role";

export interface AgentListProps {
  agents: AgentServerView[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onAdd: () => void;
  /** The list has not answered yet: "Loading…", not the empty text (an empty array is not "none"). */
  loading?: boolean;
}

/** The sidebar's "Agents" section: every saved ADK server. */
export function AgentList({ agents, selectedId, onSelect, onAdd, loading = false }: AgentListProps) {
  const onListKeyDown = useListKeys();
  const admin = useAdminAction();
  return (
    <SidebarSection
      className="shrink-0"
      title={<h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Agents</h2>}
      action={
        <Button size="xs" variant="outline" onClick={onAdd} data-testid="add-agent" {...admin}>
          <PlusIcon /> Add agent server
        </Button>
      }
      loading={loading && "Loading…"}
    >
      <ul
        className="max-h-64 min-h-0 overflow-y-auto px-1.5"
        data-testid="agent-list"
        role="listbox"
        aria-label="Agent servers"
        onKeyDown={onListKeyDown}
      >
        {agents.length === 0 && <li className="px-2 py-3 text-center text-xs text-muted-foreground">No agent servers yet.</li>}
        {agents.map((a) => (
          <li
            key={a.id}
            role="option"
            aria-selected={a.id === selectedId}
            tabIndex={0}
            data-testid="agent-item"
            data-status={a.state.status}
            data-agent-id={a.id}
            title={peerRowTitle(a)}
            onClick={() => onSelect(a.id)}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                onSelect(a.id);
              }
            }}
            className={cn(
              "flex cursor-pointer flex-col gap-0.5 rounded-md px-2 py-1.5 outline-none focus-visible:ring-2 focus-visible:ring-ring/40",
              sidebarItemState(a.id === selectedId),
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <SafeText text={a.name} className="truncate text-sm font-medium" />
              <span className="shrink-0 text-[10px] text-muted-foreground">{plural(a.state.apps.length, "app")}</span>
            </div>
            <div className="flex items-center justify-between gap-2">
              <PeerStatusDot status={a.state.status} />
              {a.builtin && <span className="text-[10px] text-muted-foreground">demo</span>}
            </div>
            <HeldByLine heldBy={a.heldBy} testId="peer-held-by" />
          </li>
        ))}
      </ul>
    </SidebarSection>
  );
}
