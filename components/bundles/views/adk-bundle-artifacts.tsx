"use client";

import { useMemo } from "react";
import { FileIcon } from "lucide-react";
import type { AdkSessionSnapshot } from "@/lib/contracts/bundle-snapshots";
import { cn } from "@/lib/cn";
import { ArtifactPreview } from "@/components/adk/timeline/artifact-preview";
import type { OpenArtifact } from "@/components/adk/agents/artifacts-panel";

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
    <section className="flex min-h-0 flex-col gap-2 p-2" data-testid="artifacts-panel" aria-label="Artifacts">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Artifacts</h3>
      {note && (
        <p className="text-xs text-amber-700 dark:text-amber-400" data-testid="bundle-artifacts-note">
          {note}
        </p>
      )}
      {versions.size === 0 ? (
        <p className="text-xs text-muted-foreground">No artifacts in this bundle.</p>
      ) : (
        <ul className="flex flex-col">
          {[...versions.keys()].map((name) => (
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
    </section>
  );
}
