"use client";

import { useQuery } from "@tanstack/react-query";
import type { SessionRef } from "@/lib/queries/agents";
import { artifactPartQuery, artifactsQuery, artifactVersionsQuery } from "@/lib/queries/agents";
import { QueryError } from "@/components/elements/query-error";
import { ArtifactPreview } from "@/components/adk/timeline/artifact-preview";
import { ArtifactNames, ArtifactsSection, type OpenArtifact } from "@/components/adk/agents/artifact-list";

export interface ArtifactsPanelProps {
  sessionRef: SessionRef;
  open: OpenArtifact | null;
  onOpen: (artifact: OpenArtifact | null) => void;
}

/** The session's artifacts: the list, then the chosen one with its versions. */
export function ArtifactsPanel({ sessionRef, open, onOpen }: ArtifactsPanelProps) {
  const list = useQuery(artifactsQuery(sessionRef));
  return (
    <ArtifactsSection>
      {list.isError ? (
        <QueryError title="Could not list artifacts" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <p className="text-xs text-muted-foreground">Loading…</p>
      ) : list.data.length === 0 ? (
        <p className="text-xs text-muted-foreground">No artifacts in this session.</p>
      ) : (
        <ArtifactNames names={list.data} open={open} onOpen={onOpen} />
      )}
      {open && <OpenArtifactPreview sessionRef={sessionRef} open={open} onOpen={onOpen} />}
    </ArtifactsSection>
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
