"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ConnectionView as Connection } from "@/lib/contracts/connections";
import { connectionsQuery } from "@/lib/queries/connections";
import { useConnectionActions, type ConnectionActions } from "@/hooks/use-connection-actions";
import type { WorkbenchPaneProps } from "@/lib/workbench/slots";
import { QueryError } from "@/components/elements/query-error";
import { ConfigExportDialog, ConfigImportDialog, ConnectionDialog, ConnectionList } from "@/components/mcp/connections";
import { ConnectionView } from "@/components/mcp/workbench/connection-view";
import { RerunProvider } from "@/components/elements/tool-result/rerun-context";

type Editing = { mode: "add" } | { mode: "edit"; connection: Connection } | null;

/** What the servers' sidebar section and main pane share: the lifecycle actions and the add / edit dialog. */
interface McpWorkbench {
  actions: ConnectionActions;
  openAdd: () => void;
  openEdit: (connection: Connection) => void;
}

const McpWorkbenchContext = createContext<McpWorkbench | null>(null);

function useMcpWorkbench(): McpWorkbench {
  const value = useContext(McpWorkbenchContext);
  if (!value) throw new Error("The MCP sidebar and main pane need McpProvider around them (the workbench gives it).");
  return value;
}

/** Holds the server dialog (add or edit) for the sidebar's "Add server" and the server header's Edit. */
export function McpProvider({ navigate, children }: Pick<WorkbenchPaneProps, "navigate"> & { children: ReactNode }) {
  const actions = useConnectionActions();
  const [editing, setEditing] = useState<Editing>(null);
  const mutation = editing?.mode === "edit" ? actions.update : actions.create;
  const submit = (input: Parameters<typeof actions.create.mutateAsync>[0]) =>
    editing?.mode === "edit"
      ? actions.update.mutateAsync({ id: editing.connection.id, input })
      : actions.create.mutateAsync(input).then((view) => navigate({ connectionId: view.id, tool: null }));
  const value: McpWorkbench = {
    actions,
    openAdd: () => {
      mutation.reset();
      setEditing({ mode: "add" });
    },
    openEdit: (connection) => {
      actions.update.reset();
      setEditing({ mode: "edit", connection });
    },
  };
  return (
    <McpWorkbenchContext.Provider value={value}>
      {children}
      {editing && (
        <ConnectionDialog
          key={editing.mode === "edit" ? editing.connection.id : "add"}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          initial={editing.mode === "edit" ? editing.connection : undefined}
          onSubmit={submit}
          pending={mutation.isPending}
          error={mutation.error}
        />
      )}
    </McpWorkbenchContext.Provider>
  );
}

/** The sidebar's servers: the saved MCP connections, "Add server", and Import / Export of client config files. */
export function McpSidebar({ location, navigate }: WorkbenchPaneProps) {
  const connections = useQuery(connectionsQuery());
  const { openAdd } = useMcpWorkbench();
  const [configDialog, setConfigDialog] = useState<"import" | "export" | null>(null);
  if (connections.isError) {
    return (
      <QueryError className="m-2" title="Could not load servers" error={connections.error} onRetry={() => void connections.refetch()} />
    );
  }
  if (connections.isPending) return <p className="p-3 text-xs text-muted-foreground">Loading servers…</p>;
  const selected = connections.data.find((c) => c.id === location.connectionId) ?? null;
  const close = (open: boolean) => !open && setConfigDialog(null);
  return (
    <>
      <ConnectionList
        connections={connections.data}
        selectedId={selected?.id ?? null}
        onSelect={(id) => navigate({ connectionId: id, tool: null })}
        onAdd={openAdd}
        onImport={() => setConfigDialog("import")}
        onExport={() => setConfigDialog("export")}
      />
      {configDialog === "import" && <ConfigImportDialog open onOpenChange={close} />}
      {configDialog === "export" && <ConfigExportDialog open onOpenChange={close} />}
    </>
  );
}

/**
 * The open server's tabs (?c=). The workbench's default pane: with no server open (or a deleted
 * one) it says how to start, and the landing rule opens the first server.
 */
export function McpMain({ location, navigate }: WorkbenchPaneProps) {
  const connections = useQuery(connectionsQuery());
  const { actions, openEdit } = useMcpWorkbench();
  const list = connections.data ?? [];
  const selected = list.find((c) => c.id === location.connectionId) ?? null;
  if (!selected) {
    return (
      <div className="m-auto text-sm text-muted-foreground">
        {connections.isSuccess && list.length === 0 ? "Add a server to start exploring its tools." : null}
      </div>
    );
  }
  return (
    <RerunProvider key={selected.id} navigate={navigate}>
      <ConnectionView
        key={selected.id}
        connection={selected}
        allConnections={list}
        location={location}
        navigate={navigate}
        actions={actions}
        onEdit={() => openEdit(selected)}
      />
    </RerunProvider>
  );
}
