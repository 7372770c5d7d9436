import type { ReactNode } from "react";
import { Trash2Icon } from "lucide-react";
import type { HeldBy } from "@/lib/contracts/cluster";
import { Button } from "@/components/ui/button";
import { sidebarItemState } from "@/components/elements/sidebar-item";
import { cn } from "@/lib/cn";
import { revealHidden } from "@/lib/text/hidden-chars";
import { HeldByLine } from "./held-by";
import { PeerStatusDot, type PeerStatus } from "./peer-status";
import { useAdminAction } from "@/components/elements/role";

/** What a sidebar row shows of a saved peer. */
export interface PeerRowView {
  id: string;
  name: string;
  url: string;
  /** Started by Loupe (a demo): it cannot be removed. */
  builtin?: boolean;
  state: { status: PeerStatus; error?: string };
  /** Several instances on one database: the one holding it (its runs go there). */
  heldBy?: HeldBy;
}

/**
 * A sidebar row's tooltip: the whole name first (the row cuts a long one), then the URL, then why it
 * is unreachable; hidden characters in the name spelled out ("⟨U+202E⟩"), as a title cannot mark them.
 */
export function peerRowTitle(peer: { name: string; url: string; state: { error?: string } }): string {
  return [revealHidden(peer.name), peer.url, peer.state.error].filter(Boolean).join("\n");
}

export interface PeerListProps {
  peers: readonly PeerRowView[];
  openId: string | null;
  onOpen: (id: string) => void;
  /** Asked before removing (what goes and what stays). */
  confirmRemove: (name: string) => string;
  onRemove: (id: string) => void;
  removing: boolean;
  /** Each row's test id (on the row, with `data-agent-id`); the remove button's, if any. */
  rowTestId: string;
  removeTestId?: string;
  /** Under the open peer's row (its assistants, its threads…), if anything. */
  openChildren?: ReactNode;
  /** What "not checked" means for this protocol, if Loupe has no way to check it but use (`PeerStatusDot`). */
  unchecked?: string;
}

/** The saved peers of one protocol in the sidebar: name and status each, the open one marked, remove on hover. */
export function PeerList({
  peers,
  openId,
  onOpen,
  confirmRemove,
  onRemove,
  removing,
  rowTestId,
  removeTestId,
  openChildren,
  unchecked,
}: PeerListProps) {
  const admin = useAdminAction();
  return (
    <ul className="flex flex-col px-1.5 pb-2">
      {peers.map((p) => (
        <li key={p.id} className="group relative" data-testid={rowTestId} data-agent-id={p.id}>
          <button
            type="button"
            aria-current={p.id === openId ? "page" : undefined}
            onClick={() => onOpen(p.id)}
            title={peerRowTitle(p)}
            className={cn(
              "flex w-full flex-col items-start gap-0.5 rounded-md px-2 py-1.5 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring/40",
              sidebarItemState(p.id === openId),
            )}
          >
            <span className="w-full truncate pr-6 text-sm font-medium">{p.name}</span>
            <PeerStatusDot status={p.state.status} unchecked={unchecked} />
            <HeldByLine heldBy={p.heldBy} testId="peer-held-by" />
          </button>
          {!p.builtin && (
            <Button
              size="icon"
              variant="ghost"
              className="absolute top-1 right-1 size-6 opacity-0 group-hover:opacity-100 focus-visible:opacity-100"
              aria-label={`Remove ${p.name}`}
              data-testid={removeTestId}
              disabled={removing || admin.disabled}
              title={admin.title}
              onClick={() => window.confirm(confirmRemove(p.name)) && onRemove(p.id)}
            >
              <Trash2Icon />
            </Button>
          )}
          {p.id === openId && openChildren}
        </li>
      ))}
    </ul>
  );
}
