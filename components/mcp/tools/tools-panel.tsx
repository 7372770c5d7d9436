"use client";

import { useMemo, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConnectionView } from "@/lib/contracts/connections";
import { toolApi, toolKeys, toolsQuery } from "@/lib/queries/tools";
import { toolKey } from "@/lib/protocols/mcp/tool-listing";
import { useToolCollisions } from "@/hooks/use-tool-collisions";
import { ListSearchBar } from "@/components/elements/list-search-bar";
import { QueryError } from "@/components/elements/query-error";
import { filterTools } from "@/components/mcp/tools/tool-filter";
import { ToolList } from "@/components/mcp/tools/tool-list";
import { ToolDetail } from "@/components/mcp/tools/tool-detail";
import { ToolsChangedBanner } from "@/components/mcp/tools/tools-changed-banner";
import { ExcludedTools } from "@/components/mcp/tools/excluded-tools";
import { formatClock, plural } from "@/lib/format";
import { ComparePanel } from "@/components/mcp/tools/compare/compare-panel";
import { RerunPanel } from "@/components/mcp/tools/compare/rerun-panel";

export interface ToolsPanelProps {
  connection: ConnectionView;
  allConnections: ConnectionView[];
  selectedTool: string | null;
  onSelectTool: (name: string | null) => void;
  /** Opens a task in the Tasks tab (a call the server made a task links to it). */
  onOpenTask?: (taskId: string) => void;
  /** ?rerun=: the recorded call whose re-run form is open (issue 12). */
  rerun?: string | null;
  /** ?diff=: two calls compared. */
  diff?: string | null;
  /** Opens or closes the re-run form / the comparison (URL fields). */
  onRerunState?: (state: { rerun: string | null; diff: string | null }) => void;
}

/** Tools of one server: searchable list on the left, the selected tool on the right. */
export function ToolsPanel({ connection, allConnections, selectedTool, onSelectTool, onOpenTask, ...p }: ToolsPanelProps) {
  const qc = useQueryClient();
  const connected = connection.state.status === "connected";
  const tools = useQuery({ ...toolsQuery(connection.id), enabled: connected });
  const refresh = useMutation({
    mutationFn: () => toolApi.refresh(connection.id),
    onSuccess: (data) => qc.setQueryData(toolKeys.list(connection.id), data),
  });
  const [search, setSearch] = useState("");
  const [seenVersion, setSeenVersion] = useState(connection.state.toolsVersion);
  const collisions = useToolCollisions(connection, allConnections);

  const all = useMemo(() => tools.data?.tools ?? [], [tools.data]);
  const visible = useMemo(() => filterTools(all, search), [all, search]);
  const selected = all.find((t) => toolKey(t) === selectedTool) ?? null;
  const siblingNames = useMemo(() => all.filter((t) => t !== selected).map((t) => t.name), [all, selected]);
  // The list's icon says "also used by another server": a name listed twice by this server alone
  // has its own note on the tool page instead.
  const collisionNames = useMemo(
    () => new Set([...collisions].filter(([, c]) => c.servers.some((s) => s.connectionId !== connection.id)).map(([name]) => name)),
    [collisions, connection.id],
  );

  const setRerun = p.onRerunState ?? (() => undefined);
  const close = () => setRerun({ rerun: null, diff: null });
  // A comparison or a re-run replaces the tool page; a re-run may go to another live server.
  const rerunSide = p.diff ? (
    <ComparePanel connection={connection} allConnections={allConnections} diff={p.diff} onClose={close} />
  ) : p.rerun ? (
    <RerunPanel
      key={p.rerun}
      connection={connection}
      allConnections={allConnections}
      callId={p.rerun}
      onCompared={(diff) => setRerun({ rerun: null, diff })}
      onClose={close}
    />
  ) : null;

  if (!connected && !tools.data) {
    if (rerunSide) return rerunSide;
    return (
      <p className="m-auto p-6 text-sm text-muted-foreground">
        {connection.state.status === "connecting" ? "Connecting…" : "Connect the server to list its tools."}
      </p>
    );
  }

  return (
    <div className="flex min-h-0 min-w-0 flex-1">
      <div className="flex w-64 shrink-0 flex-col border-r lg:w-80">
        <ListSearchBar
          noun="tools"
          value={search}
          onChange={setSearch}
          searchTestId="tool-search"
          onRefresh={() => refresh.mutate()}
          refreshing={refresh.isPending}
          refreshTitle="Re-list tools from the server"
          refreshTestId="refresh-tools"
        />
        <ToolsChangedBanner
          changes={connection.state.toolsVersion - seenVersion}
          onDismiss={() => setSeenVersion(connection.state.toolsVersion)}
        />
        {refresh.error && <QueryError className="m-2" title="Refresh failed" error={refresh.error} />}
        {tools.isError ? (
          <QueryError className="m-2" title="Could not list tools" error={tools.error} onRetry={() => void tools.refetch()} />
        ) : tools.isPending ? (
          <p className="p-3 text-xs text-muted-foreground">Listing tools…</p>
        ) : (
          <>
            <p className="border-b px-3 py-1 text-[11px] text-muted-foreground" data-testid="tool-count">
              {visible.length === all.length ? plural(all.length, "tool") : `${visible.length} of ${plural(all.length, "tool")}`}
              {` · ${plural(tools.data.pages, "page")}`}
              {` · listed ${formatClock(tools.data.listedAt)}`}
              {!connected && " · server not connected"}
            </p>
            {tools.data.stopped && (
              <p
                className="border-b bg-amber-500/10 px-3 py-1 text-[11px] text-amber-800 dark:text-amber-300"
                data-testid="tool-list-stopped"
              >
                {tools.data.stopped}
              </p>
            )}
            <ExcludedTools excluded={tools.data.excluded} />
            <ToolList tools={visible} selected={selectedTool} onSelect={onSelectTool} collisions={collisionNames} />
          </>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        {rerunSide ??
          (selected ? (
            <ToolDetail
              key={`${connection.id}:${toolKey(selected)}`}
              connection={connection}
              tool={selected}
              collision={collisions.get(selected.name) ?? null}
              siblingToolNames={siblingNames}
              onOpenTask={onOpenTask}
              onOpenRerun={p.onRerunState ? (rerun) => setRerun({ rerun, diff: null }) : undefined}
              onOpenDiff={p.onRerunState ? (diff) => setRerun({ rerun: null, diff }) : undefined}
            />
          ) : (
            <p className="m-auto text-sm text-muted-foreground">
              {selectedTool && tools.data ? `No tool named "${selectedTool}" on this server.` : "Select a tool to run it."}
            </p>
          ))}
      </div>
    </div>
  );
}
