// What the MCP workbench takes from the connections feature: the sidebar list and the dialogs that
// add a server, import a client's config file and export the servers (one import edge, not four).
export { ConnectionList } from "@/components/mcp/connections/connection-list";
export { ConnectionDialog } from "@/components/mcp/connections/connection-dialog";
export { ConfigImportDialog } from "@/components/mcp/connections/config-import-dialog";
export { ConfigExportDialog } from "@/components/mcp/connections/config-export-dialog";
