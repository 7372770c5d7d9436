"use client";

import type { ReactNode } from "react";
import { PencilIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PeerStatusDot } from "@/components/elements/peer/peer-status";
import type { PeerStatus } from "@/components/elements/peer/peer-status";

export interface PeerHeaderProps {
  name: string;
  url: string;
  state: { status: PeerStatus; error?: string };
  /** What else to say of the peer beside its URL (its tools, its polling…); "built in" is added for a builtin. */
  detail: ReactNode;
  builtin?: boolean;
  onEdit: () => void;
  editTestId: string;
  /** Said when the peer is down, after "not reachable: <its error>" (what still works). */
  down: { testId: string; noun: string; after: string };
}

/** A saved peer's header in its main pane: name, status, URL, what it has, Edit; and a line when it is down. */
export function PeerHeader({ name, url, state, detail, builtin, onEdit, editTestId, down }: PeerHeaderProps) {
  return (
    <>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b px-4 py-2">
        <h1 className="text-base font-semibold">{name}</h1>
        <PeerStatusDot status={state.status} />
        <code className="truncate font-mono text-xs text-muted-foreground" title={url}>
          {url}
        </code>
        <span className="text-xs text-muted-foreground">
          {detail}
          {builtin ? " · built in" : ""}
        </span>
        <Button size="xs" variant="outline" className="ml-auto" data-testid={editTestId} onClick={onEdit}>
          <PencilIcon /> Edit
        </Button>
      </header>
      {state.status === "error" && (
        <p role="alert" data-testid={down.testId} className="border-b bg-destructive/5 px-4 py-1.5 text-xs text-destructive">
          The {down.noun} is not reachable{state.error ? `: ${state.error}` : "."} {down.after}
        </p>
      )}
    </>
  );
}
