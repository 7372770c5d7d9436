"use client";

import { useState } from "react";
import { FileUpIcon } from "lucide-react";
import type { ImportPreview } from "@/lib/contracts/mcp-config";
import { useConfigImport } from "@/hooks/use-config-import";
import { errorMessage } from "@/lib/values";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/textarea";
import { ConfigPreviewList, isPickable } from "@/components/mcp/connections/config-preview-list";

export interface ConfigImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** What a preview starts with ticked: every entry that can be added and is not disabled in its file. */
function initialPicks(preview: ImportPreview): Set<string> {
  return new Set(preview.entries.filter((e) => isPickable(e) && !e.disabled).map((e) => e.name));
}

/**
 * Import servers from an MCP client's config file (Claude Desktop, Cursor, Windsurf, Claude Code,
 * the Inspector, VS Code): paste or pick the file, see what it holds and what Loupe cannot use,
 * tick the servers, add them. Entries already saved are marked and never added twice.
 */
export function ConfigImportDialog({ open, onOpenChange }: ConfigImportDialogProps) {
  const { preview, run } = useConfigImport();
  const [text, setText] = useState("");
  const [fileName, setFileName] = useState<string | undefined>();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const show = (t: string, name?: string) => preview.mutate({ text: t, fileName: name }, { onSuccess: (p) => setPicked(initialPicks(p)) });
  const edit = (t: string, name?: string) => {
    setText(t);
    setFileName(name);
    preview.reset();
    run.reset();
  };
  const add = () => run.mutate({ text, names: [...picked], fileName }, { onSuccess: () => show(text, fileName) });
  const error = preview.error ?? run.error;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="import-dialog">
        <DialogHeader>
          <DialogTitle>Import servers from a config file</DialogTitle>
          <DialogDescription>
            Paste an <code>mcpServers</code> block (Claude Desktop, Cursor, Windsurf, Claude Code, the Inspector) or a VS Code{" "}
            <code>mcp.json</code>, or pick the file. Nothing is added before you choose.
          </DialogDescription>
        </DialogHeader>
        <Textarea
          aria-label="Config text"
          data-testid="import-text"
          className="min-h-32 font-mono text-xs"
          placeholder={
            '{\n  "mcpServers": {\n    "everything": { "command": "npx", "args": ["@modelcontextprotocol/server-everything"] }\n  }\n}'
          }
          value={text}
          onChange={(e) => edit(e.target.value)}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild size="sm" variant="outline">
            <label>
              <FileUpIcon /> Choose file…
              <input
                type="file"
                accept=".json,.jsonc,application/json"
                className="sr-only"
                data-testid="import-file"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void file.text().then((t) => (edit(t, file.name), show(t, file.name)));
                  e.target.value = "";
                }}
              />
            </label>
          </Button>
          {fileName && <span className="text-xs text-muted-foreground">{fileName}</span>}
          <Button
            size="sm"
            className="ml-auto"
            data-testid="import-preview-button"
            disabled={!text.trim() || preview.isPending}
            onClick={() => show(text, fileName)}
          >
            {preview.isPending ? "Reading…" : "Preview"}
          </Button>
        </div>
        {error && (
          <p
            role="alert"
            data-testid="import-error"
            className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-xs text-destructive"
          >
            {errorMessage(error)}
          </p>
        )}
        {preview.data && (
          <>
            <p className="text-xs text-muted-foreground">
              {preview.data.shape === "vscode" ? "VS Code servers" : "mcpServers"}: {preview.data.entries.length} found
            </p>
            <ConfigPreviewList
              entries={preview.data.entries}
              picked={picked}
              onToggle={(name, on) =>
                setPicked((prev) => {
                  const next = new Set(prev);
                  if (on) next.add(name);
                  else next.delete(name);
                  return next;
                })
              }
            />
          </>
        )}
        {run.data && (
          <p role="status" data-testid="import-result" className="text-xs">
            {run.data.added.length ? `Added ${run.data.added.map((a) => a.name).join(", ")}.` : "Nothing added."}
            {run.data.skipped.map((s) => ` Skipped ${s.name}: ${s.reason}.`).join("")}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button data-testid="import-add" disabled={!preview.data || picked.size === 0 || run.isPending} onClick={add}>
            {run.isPending ? "Adding…" : `Add ${picked.size} server${picked.size === 1 ? "" : "s"}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
