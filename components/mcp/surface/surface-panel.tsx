"use client";

import { useState } from "react";
import { BusyButton } from "@/components/elements/busy-button";
import { QueryError } from "@/components/elements/query-error";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import type { ConnectionView } from "@/lib/contracts/connections";
import { KEEP_SNAPSHOTS, LIVE } from "@/lib/contracts/surface";
import type { SnapshotSummary } from "@/lib/contracts/surface";
import { formatDateTime } from "@/lib/format";
import { surfaceApi } from "@/lib/queries/surface";
import { snapshotText } from "@/lib/surface";
import { SnapshotHistory } from "./snapshot-history";
import { SurfaceDiffView } from "./surface-diff-view";
import { useSurface } from "./use-surface";
import type { PickedSides } from "./use-surface";

export interface SurfacePanelProps {
  connection: ConnectionView;
}

function sideName(s: SnapshotSummary): string {
  return `${s.label ? `${s.label} · ` : ""}${formatDateTime(s.takenAt)}`;
}

/** Saves a kept snapshot as the loupe-surface file the CLI reads (`loupe-inspector diff <file> <server>`). */
async function download(connectionId: string, id: string): Promise<void> {
  const stored = await surfaceApi.get(connectionId, id);
  const url = URL.createObjectURL(new Blob([snapshotText(stored.snapshot)], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `surface-${stored.server?.name ?? "server"}-${new Date(stored.takenAt).toISOString().slice(0, 19).replace(/:/g, "")}.json`;
  a.click();
  URL.revokeObjectURL(url);
}

function SideSelect(props: { label: string; value: string; options: { id: string; name: string }[]; onChange: (id: string) => void }) {
  return (
    <div className="w-64">
      <NativeSelect aria-label={props.label} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The Surface tab (issue 24): take a snapshot of the server's lists, keep a few, diff two or one against the live server. */
export function SurfacePanel({ connection: c }: SurfacePanelProps) {
  const [label, setLabel] = useState("");
  const [picked, setPicked] = useState<PickedSides>({ from: null, to: null });
  const [downloadError, setDownloadError] = useState<Error | null>(null);
  const connected = c.state.status === "connected";
  const { list, kept: snapshots, from, to, pair, diff, take, remove } = useSurface(c.id, picked, connected);
  const options = [
    ...(connected ? [{ id: LIVE, name: "The live server (now)" }] : []),
    ...snapshots.map((s) => ({ id: s.id, name: sideName(s) })),
  ];

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-4" data-testid="surface-panel">
      <div className="flex flex-wrap items-baseline gap-2">
        <h2 className="text-sm font-semibold">Surface</h2>
        <span className="text-xs text-muted-foreground">
          The server&apos;s tools, prompts, resources and templates, kept to compare with later. In CI:{" "}
          <code className="font-mono">npx loupe-inspector diff surface.json &lt;server&gt;</code>
        </span>
      </div>
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          take.mutate(label.trim() ? { label: label.trim() } : {}, {
            onSuccess: (s) => {
              setLabel("");
              setPicked({ from: s.id, to: null });
            },
          });
        }}
      >
        <Input
          className="h-8 w-56"
          placeholder="Label (optional)"
          value={label}
          maxLength={200}
          onChange={(e) => setLabel(e.target.value)}
          aria-label="Snapshot label"
        />
        <BusyButton type="submit" size="sm" busy={take.isPending} disabled={!connected} data-testid="surface-take">
          Take snapshot
        </BusyButton>
        {!connected && <span className="text-xs text-muted-foreground">Connect the server to take a snapshot or diff against it.</span>}
      </form>
      {take.error && <QueryError title="Could not take the snapshot" error={take.error} />}
      {remove.error && <QueryError title="Could not delete the snapshot" error={remove.error} />}
      {downloadError && <QueryError title="Could not download the snapshot" error={downloadError} />}
      {list.error && <QueryError title="Could not load the snapshots" error={list.error} onRetry={() => void list.refetch()} />}
      {snapshots.length > 0 && (
        <SnapshotHistory
          snapshots={snapshots}
          keep={KEEP_SNAPSHOTS}
          onDownload={(id) => void download(c.id, id).then(() => setDownloadError(null), setDownloadError)}
          onDelete={(id) => remove.mutate(id, { onSuccess: () => setPicked({ from: null, to: null }) })}
        />
      )}
      {list.isSuccess && snapshots.length === 0 && (
        <p className="text-xs text-muted-foreground" data-testid="surface-empty">
          No snapshot yet. Take one now, change the server, then compare it with the live server.
        </p>
      )}
      {options.length > 1 && (
        <div className="flex flex-wrap items-center gap-2 text-xs" data-testid="surface-compare">
          <span className="font-semibold text-muted-foreground">Compare</span>
          <SideSelect label="From" value={from ?? ""} options={options} onChange={(id) => setPicked({ from: id, to })} />
          <span aria-hidden>→</span>
          <SideSelect label="To" value={to ?? ""} options={options} onChange={(id) => setPicked({ from, to: id })} />
          {pair && (from === LIVE || to === LIVE) && (
            <BusyButton variant="ghost" size="xs" busy={diff.isFetching} onClick={() => void diff.refetch()}>
              Read the server again
            </BusyButton>
          )}
        </div>
      )}
      {from && to && from === to && <p className="text-xs text-muted-foreground">Pick two different sides to compare.</p>}
      {pair && diff.error && <QueryError title="Could not compare" error={diff.error} onRetry={() => void diff.refetch()} />}
      {pair && diff.isPending && <p className="text-xs text-muted-foreground">Comparing…</p>}
      {pair && diff.data && <SurfaceDiffView diff={diff.data.diff} />}
    </div>
  );
}
