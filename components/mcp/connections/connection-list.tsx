import { DownloadIcon, PlusIcon, UploadIcon } from "lucide-react";
import type { ConnectionView } from "@/lib/contracts/connections";
import { useCan } from "@/components/elements/role";
import { Button } from "@/components/ui/button";
import { sidebarItemState } from "@/components/elements/sidebar-item";
import { cn } from "@/lib/cn";
import { ConnectionStatusDot, transportLabel } from "@/components/elements/peer/connection-status";
import { HeldByLine } from "@/components/elements/peer/held-by";
import { SafeText } from "@/components/ui/safe-text";
import { hasHiddenChars } from "@/lib/text/hidden-chars";
import { useListKeys } from "@/hooks/use-list-keys";

export interface ConnectionListProps {
  connections: ConnectionView[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onAdd: () => void;
  /** Import servers from a client's config file (absent: no button). */
  onImport?: () => void;
  /** Export the servers as a client's config file (absent: no button). */
  onExport?: () => void;
}

/** The left rail: every saved server with its transport and live status. */
export function ConnectionList({ connections, selectedId, onSelect, onAdd, onImport, onExport }: ConnectionListProps) {
  const onListKeyDown = useListKeys();
  // Team mode: adding a server is an admin's (the server refuses it to others; this says why).
  const admin = useCan("admin");
  return (
    <div className="flex min-h-40 flex-1 flex-col" data-testid="servers-section">
      <div className="flex items-center justify-between px-3 py-2">
        <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Servers</h2>
        <div className="flex items-center gap-1">
          {onImport && (
            <Button
              size="xs"
              variant="ghost"
              onClick={onImport}
              data-testid="import-servers"
              aria-label="Import servers from a config file"
              title="Import from a config file (Claude Desktop, Cursor, VS Code…)"
            >
              <UploadIcon />
            </Button>
          )}
          {onExport && (
            <Button
              size="xs"
              variant="ghost"
              onClick={onExport}
              data-testid="export-servers"
              aria-label="Export servers as a config file"
              title="Export as a config file (Claude Desktop, Cursor, VS Code, Inspector)"
            >
              <DownloadIcon />
            </Button>
          )}
          <Button
            size="xs"
            variant="outline"
            onClick={onAdd}
            disabled={!admin.allowed}
            title={admin.why ?? undefined}
            data-testid="add-server"
          >
            <PlusIcon /> Add server
          </Button>
        </div>
      </div>
      <ul
        className="min-h-0 flex-1 overflow-y-auto px-1.5 pb-2"
        data-testid="connection-list"
        role="listbox"
        aria-label="Servers"
        onKeyDown={onListKeyDown}
      >
        {connections.length === 0 && (
          <li className="px-2 py-6 text-center text-xs text-muted-foreground">No servers yet. Add one to start.</li>
        )}
        {connections.map((c) => (
          <li
            key={c.id}
            role="option"
            aria-selected={c.id === selectedId}
            tabIndex={0}
            data-testid="connection-item"
            data-status={c.state.status}
            data-connection-id={c.id}
            data-name={c.name}
            onClick={() => onSelect(c.id)}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                onSelect(c.id);
              }
            }}
            className={cn(
              "flex cursor-pointer flex-col gap-0.5 rounded-md px-2 py-1.5 outline-none focus-visible:ring-2 focus-visible:ring-ring",
              sidebarItemState(c.id === selectedId),
            )}
          >
            {/* The name gets the whole width (the transport sits under it): at 800 px "STREAMABLE HTTP"
                beside it cut "demo http 2026" and "demo http auto" to the same "demo http …". */}
            <SafeText
              text={c.name}
              title={hasHiddenChars(c.name) ? undefined : c.name}
              className="truncate text-sm font-medium"
              data-testid="connection-name"
            />
            <div className="flex items-center justify-between gap-2">
              <ConnectionStatusDot status={c.state.status} />
              <span className="flex shrink-0 items-center gap-1.5 text-[10px] text-muted-foreground">
                <span className="uppercase" data-testid="connection-transport">
                  {transportLabel(c)}
                </span>
                {c.builtin && <span>· demo</span>}
              </span>
            </div>
            {/* Several instances on one database: another one holds this server and connects it. */}
            <HeldByLine heldBy={c.heldBy} testId="connection-held-by" />
          </li>
        ))}
      </ul>
    </div>
  );
}
