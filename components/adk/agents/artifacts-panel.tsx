"use client";

import { useQuery } from "@tanstack/react-query";
import { FileIcon } from "lucide-react";
import type { SessionRef } from "@/lib/queries/agents";
import { artifactPartQuery, artifactsQuery, artifactVersionsQuery } from "@/lib/queries/agents";
import { cn } from "@/lib/cn";
import { QueryError } from "@/components/elements/query-error";
import { ArtifactPreview } from "@/components/adk/timeline/artifact-preview";

export interface OpenArtifact {
  name: string;
  /** null = the latest version. */
  version: number | null;
}

export interface ArtifactsPanelProps {
  sessionRef: SessionRef;
  open: OpenArtifact | null;
  onOpen: (artifact: OpenArtifact | null) => void;
}

/** The session's artifacts: the list, then the chosen one with its versions. */
export function ArtifactsPanel({ sessionRef, open, onOpen }: ArtifactsPanelProps) {
  const list = useQuery(artifactsQuery(sessionRef));
  return (
    <section className="flex min-h-0 flex-col gap-2 p-2" data-testid="artifacts-panel" aria-label="Artifacts">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Artifacts</h3>
      {list.isError ? (
        <QueryError title="Could not list artifacts" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <p className="text-xs text-muted-foreground">Loading…</p>
      ) : list.data.length === 0 ? (
        <p className="text-xs text-muted-foreground">No artifacts in this session.</p>
      ) : (
        <ul className="flex flex-col">
          {list.data.map((name) => (
            <li key={name}>
              <button
                type="button"
                data-testid="artifact-item"
                aria-current={open?.name === name ? "true" : undefined}
                onClick={() => onOpen(open?.name === name ? null : { name, version: null })}
                className={cn(
                  "flex w-full items-center gap-1.5 rounded px-1.5 py-1 text-left font-mono text-xs hover:bg-accent",
                  open?.name === name && "bg-accent",
                )}
              >
                <FileIcon className="size-3.5 shrink-0 text-muted-foreground" />
                <span className="truncate">{name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && <OpenArtifactPreview sessionRef={sessionRef} open={open} onOpen={onOpen} />}
    </section>
  );
}

function OpenArtifactPreview({
  sessionRef,
  open,
  onOpen,
}: {
  sessionRef: SessionRef;
  open: OpenArtifact;
  onOpen: (a: OpenArtifact) => void;
}) {
  const versions = useQuery(artifactVersionsQuery(sessionRef, open.name));
  const list = versions.data ?? [];
  const version = open.version ?? (list.length ? Math.max(...list) : null);
  const part = useQuery({ ...artifactPartQuery(sessionRef, open.name, version), enabled: version !== null });
  if (versions.isError)
    return (
      <QueryError title={`Could not list the versions of ${open.name}`} error={versions.error} onRetry={() => void versions.refetch()} />
    );
  if (version === null) {
    return <p className="text-xs text-muted-foreground">{versions.isPending ? "Loading…" : `${open.name} has no versions.`}</p>;
  }
  return (
    <ArtifactPreview
      name={open.name}
      version={version}
      versions={list}
      part={part.data}
      loading={part.isPending}
      error={part.error?.message}
      onVersionChange={(v) => onOpen({ name: open.name, version: v })}
    />
  );
}
