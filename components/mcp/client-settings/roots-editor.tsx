"use client";

import { useState } from "react";
import { PlusIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { RootEntry } from "@/lib/contracts/connections";
import { pathToFileUri } from "@/lib/queries/client-settings";
import { formatClock } from "@/lib/format";

interface Row {
  uri: string;
  name: string;
}

export interface RootsEditorProps {
  roots: RootEntry[];
  /** Whether the connection declares the roots capability (otherwise roots are never asked for). */
  enabled: boolean;
  connected: boolean;
  /** How often the server asked for roots in this Loupe process; undefined while unknown. */
  requests?: { count: number; lastAt: number | null };
  onSave: (roots: RootEntry[]) => void;
  saving: boolean;
  error: Error | null;
  /** Shown after a save went through. */
  savedNote?: string | null;
}

const rowsOf = (roots: RootEntry[]): Row[] => roots.map((r) => ({ uri: r.uri, name: r.name ?? "" }));

function toRoots(rows: Row[]): RootEntry[] {
  return rows.map((r) => (r.name.trim() ? { uri: r.uri.trim(), name: r.name.trim() } : { uri: r.uri.trim() }));
}

function sameRoots(a: RootEntry[], b: RootEntry[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The roots Loupe answers to roots/list: uri + optional name rows. Saving does not reconnect; a
 * connected server is told with notifications/roots/list_changed and asks again.
 */
export function RootsEditor({ roots, enabled, connected, requests, onSave, saving, error, savedNote }: RootsEditorProps) {
  const [rows, setRows] = useState<Row[]>(() => rowsOf(roots));
  const draft = toRoots(rows);
  const dirty = !sameRoots(draft, roots);
  const emptyAt = rows.findIndex((r) => !r.uri.trim());
  const set = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <section className="flex flex-col gap-3" data-testid="roots-editor">
      <div>
        <h3 className="text-xs font-semibold text-muted-foreground uppercase">Roots</h3>
        <p className="mt-1 text-xs text-muted-foreground">
          Directories the server may work in, answered to <span className="font-mono">roots/list</span>. Use{" "}
          <span className="font-mono">file://</span> URIs, e.g. <span className="font-mono">file:///home/me/project</span>.
        </p>
        <p className="mt-1 text-xs text-muted-foreground" data-testid="roots-requests">
          {!enabled
            ? "The roots capability is off for this connection: the server cannot ask for them."
            : requests === undefined
              ? ""
              : requests.count === 0
                ? "The server has not asked for roots yet."
                : `The server asked for roots ${requests.count} time${requests.count === 1 ? "" : "s"}${
                    requests.lastAt ? `, last at ${formatClock(requests.lastAt)}` : ""
                  }.`}
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        {rows.length === 0 && <p className="text-xs text-muted-foreground">No roots: the server gets an empty list.</p>}
        {rows.map((row, i) => {
          const asUri = pathToFileUri(row.uri);
          const notFile = row.uri.trim() !== "" && !asUri && !row.uri.trim().startsWith("file://");
          return (
            <div key={i} className="flex flex-col gap-1" data-testid="root-row">
              <div className="flex items-center gap-1.5">
                <Input
                  aria-label={`Root URI ${i + 1}`}
                  aria-invalid={i === emptyAt && dirty ? true : undefined}
                  className="h-8 flex-1 font-mono text-xs"
                  placeholder="file:///path/to/dir"
                  value={row.uri}
                  onChange={(e) => set(i, { uri: e.target.value })}
                />
                <Input
                  aria-label={`Root name ${i + 1}`}
                  className="h-8 w-1/3 text-xs"
                  placeholder="name (optional)"
                  value={row.name}
                  onChange={(e) => set(i, { name: e.target.value })}
                />
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Remove root ${i + 1}`}
                  onClick={() => setRows(rows.filter((_, j) => j !== i))}
                >
                  <XIcon />
                </Button>
              </div>
              {asUri && (
                <p className="text-xs text-muted-foreground">
                  That is a path, not a URI.{" "}
                  <Button size="xs" variant="link" className="h-auto p-0" onClick={() => set(i, { uri: asUri })}>
                    Use {asUri}
                  </Button>
                </p>
              )}
              {notFile && (
                <p className="text-xs text-amber-700 dark:text-amber-400">MCP roots are file:// URIs; servers may ignore others.</p>
              )}
            </div>
          );
        })}
        <Button size="xs" variant="outline" className="self-start" onClick={() => setRows([...rows, { uri: "", name: "" }])}>
          <PlusIcon /> Add root
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" disabled={!dirty || saving || emptyAt !== -1} onClick={() => onSave(draft)} data-testid="save-roots">
          {saving ? "Saving…" : "Save roots"}
        </Button>
        {dirty && (
          <Button size="sm" variant="ghost" disabled={saving} onClick={() => setRows(rowsOf(roots))}>
            Discard changes
          </Button>
        )}
        {emptyAt !== -1 && <span className="text-xs text-destructive">Root {emptyAt + 1} needs a URI.</span>}
        {!dirty && savedNote && (
          <span className="text-xs text-muted-foreground" data-testid="roots-saved">
            {savedNote}
          </span>
        )}
        {dirty && enabled && connected && (
          <span className="text-xs text-muted-foreground">Saving sends notifications/roots/list_changed; no reconnect.</span>
        )}
      </div>
      {error && (
        <p role="alert" className="text-xs text-destructive" data-testid="roots-error">
          {error.message}
        </p>
      )}
    </section>
  );
}
