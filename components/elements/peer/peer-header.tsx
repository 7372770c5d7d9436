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
  /** What "not checked" means for this protocol, if Loupe has no way to check it but use (`PeerStatusDot`). */
  unchecked?: string;
}

/** A saved peer's header in its main pane: name, status, URL, what it has, Edit; and a line when it is down. */
export function PeerHeader({ name, url, state, detail, builtin, onEdit, editTestId, down, unchecked }: PeerHeaderProps) {
  return (
    <>
      {/* One row at any width (at 1024 px Edit wrapped onto a second): the URL and the detail give way. */}
      <header className="flex min-w-0 items-center gap-x-3 border-b px-4 py-2">
        <h1 className="max-w-[40%] shrink-0 truncate text-base font-semibold" title={name}>
          {name}
        </h1>
        <span className="shrink-0 whitespace-nowrap">
          <PeerStatusDot status={state.status} unchecked={unchecked} />
        </span>
        <code className="min-w-0 truncate font-mono text-xs text-muted-foreground" title={url}>
          {url}
        </code>
        <span className="min-w-0 shrink-[2] truncate text-xs text-muted-foreground">
          {detail}
          {builtin ? " · built in" : ""}
        </span>
        <Button size="xs" variant="outline" className="ml-auto shrink-0" data-testid={editTestId} onClick={onEdit}>
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
