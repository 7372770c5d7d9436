"use client";

import type { ReactNode } from "react";
import { FileIcon } from "lucide-react";
import { cn } from "@/lib/cn";

/** The artifact a session view shows. */
export interface OpenArtifact {
  name: string;
  /** null = the latest version. */
  version: number | null;
}

/** The Artifacts box of a session, live or imported: its heading over what the caller fills in. */
export function ArtifactsSection({ children }: { children: ReactNode }) {
  return (
    <section className="flex min-h-0 flex-col gap-2 p-2" data-testid="artifacts-panel" aria-label="Artifacts">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Artifacts</h3>
      {children}
    </section>
  );
}

export interface ArtifactNamesProps {
  /** Fetched from the agent server, or read from the parts a bundle stores. */
  names: readonly string[];
  open: OpenArtifact | null;
  onOpen: (artifact: OpenArtifact | null) => void;
}

/** The artifact names; one opens at its latest version, a second click closes it. */
export function ArtifactNames({ names, open, onOpen }: ArtifactNamesProps) {
  return (
    <ul className="flex flex-col">
      {names.map((name) => (
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
  );
}
