"use client";

import { useMemo } from "react";
import type { AdkSessionSnapshot } from "@/lib/contracts/bundle-snapshots";
import { ArtifactPreview } from "@/components/adk/timeline/artifact-preview";
import type { OpenArtifact } from "@/components/adk/agents/artifact-list";
import { ArtifactNames, ArtifactsSection } from "@/components/adk/agents/artifact-list";

export interface AdkBundleArtifactsProps {
  artifacts: AdkSessionSnapshot["artifacts"];
  /** What the exporter left out (over its size cap, or unreadable). */
  note?: string;
  open: OpenArtifact | null;
  onOpen: (artifact: OpenArtifact | null) => void;
}

/**
 * The artifacts of an imported ADK session: the live panel's list and preview, fed from the parts
 * stored in the bundle instead of fetched from the agent server.
 */
export function AdkBundleArtifacts({ artifacts, note, open, onOpen }: AdkBundleArtifactsProps) {
  const versions = useMemo(() => {
    const byName = new Map<string, number[]>();
    for (const a of artifacts)
      byName.set(
        a.name,
        [...(byName.get(a.name) ?? []), a.version].sort((x, y) => x - y),
      );
    return byName;
  }, [artifacts]);
  const list = open ? (versions.get(open.name) ?? []) : [];
  const version = open ? (open.version ?? (list.length ? Math.max(...list) : null)) : null;
  const stored = open && version !== null ? artifacts.find((a) => a.name === open.name && a.version === version) : undefined;
  return (
    <ArtifactsSection>
      {note && (
        <p className="text-xs text-amber-700 dark:text-amber-400" data-testid="bundle-artifacts-note">
          {note}
        </p>
      )}
      {versions.size === 0 ? (
        <p className="text-xs text-muted-foreground">No artifacts in this bundle.</p>
      ) : (
        <ArtifactNames names={[...versions.keys()]} open={open} onOpen={onOpen} />
      )}
      {open && version !== null && (
        <ArtifactPreview
          name={open.name}
          version={version}
          versions={list}
          part={stored?.part}
          error={stored ? undefined : `v${version} of ${open.name} is not in this bundle.`}
          onVersionChange={(v) => onOpen({ name: open.name, version: v })}
        />
      )}
    </ArtifactsSection>
  );
}
