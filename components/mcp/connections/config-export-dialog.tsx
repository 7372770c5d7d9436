"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { DownloadIcon } from "lucide-react";
import { EXPORT_FILE_NAMES, EXPORT_SHAPES } from "@/lib/contracts/mcp-config";
import type { ExportShape } from "@/lib/contracts/mcp-config";
import { configExportQuery } from "@/lib/queries/config-files";
import { downloadText } from "@/lib/tool-result/download";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { CopyButton } from "@/components/elements/copy-button";
import { QueryError } from "@/components/elements/query-error";

const SHAPE_LABEL: Record<ExportShape, string> = {
  mcpServers: "Claude Desktop / Cursor",
  vscode: "VS Code",
  inspector: "MCP Inspector",
};

export interface ConfigExportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The saved servers as another client's config file: pick the shape, copy or download; secrets masked unless switched on. */
export function ConfigExportDialog({ open, onOpenChange }: ConfigExportDialogProps) {
  const [shape, setShape] = useState<ExportShape>("mcpServers");
  const [secrets, setSecrets] = useState(false);
  const file = useQuery({ ...configExportQuery(shape, secrets), enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="export-dialog">
        <DialogHeader>
          <DialogTitle>Export servers as a config file</DialogTitle>
          <DialogDescription>Your saved MCP servers (not the built-in demo) in another client&apos;s format.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-4">
          <div className="w-64">
            <NativeSelect
              aria-label="Format"
              data-testid="export-shape"
              value={shape}
              onChange={(e) => setShape(EXPORT_SHAPES.find((s) => s === e.target.value) ?? "mcpServers")}
            >
              {EXPORT_SHAPES.map((s) => (
                <option key={s} value={s}>
                  {SHAPE_LABEL[s]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex items-center gap-2">
            <Switch id="export-secrets" data-testid="export-secrets" checked={secrets} onCheckedChange={setSecrets} />
            <Label htmlFor="export-secrets">Include secrets</Label>
          </div>
        </div>
        {secrets && (
          <p className="text-xs text-amber-700 dark:text-amber-400">
            The file will hold API keys, tokens and other secret values as saved.
          </p>
        )}
        {file.isError ? (
          <QueryError title="Could not export" error={file.error} onRetry={() => void file.refetch()} />
        ) : (
          <pre data-testid="export-text" className="max-h-80 min-h-24 overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-xs">
            {file.data ?? "Loading…"}
          </pre>
        )}
        <DialogFooter>
          <CopyButton getText={() => file.data ?? ""} label="Copy" />
          <Button
            data-testid="export-download"
            disabled={!file.data}
            onClick={() => file.data && downloadText(file.data, EXPORT_FILE_NAMES[shape], "application/json")}
          >
            <DownloadIcon /> Download
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
