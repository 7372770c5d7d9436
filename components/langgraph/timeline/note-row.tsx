"use client";

import type { LgNote } from "@/lib/protocols/langgraph/types";
import { JsonView } from "@/components/elements/json-view";
import { WholeEntry } from "@/components/elements/whole-entry";
import { plural } from "@/lib/format";
import { cn } from "@/lib/cn";
import { LgInterrupt } from "./step-row";

const FLAGGED: Record<LgNote["kind"], boolean> = {
  input: false,
  error: true,
  malformed: true,
  unknown: true,
  unreadable: true,
  large: false,
  interrupt: false,
  custom: false,
  streamed: false,
};

function Body({ note }: { note: LgNote }) {
  switch (note.kind) {
    case "input":
      return (
        <>
          <p className="text-[11px] text-muted-foreground">
            sent <span className="font-mono">{note.path}</span>
          </p>
          <JsonView value={note.body} className="max-h-40" />
        </>
      );
    case "error":
      return (
        <>
          <p className="text-[11px] font-medium text-destructive">error event{note.path ? ` in ${note.path}` : ""}</p>
          <JsonView value={note.data} />
        </>
      );
    case "malformed":
      return (
        <>
          <p className="text-[11px] text-destructive">
            malformed {note.event ?? "event"}: {note.error}
          </p>
          <pre className="font-mono text-[11px] break-all whitespace-pre-wrap">{note.text}</pre>
        </>
      );
    case "unknown":
      return (
        <>
          <p className="text-[11px] text-amber-800 dark:text-amber-300">
            unrecognized event <span className="font-mono">{note.event}</span>, shown raw
          </p>
          <JsonView value={note.data} />
        </>
      );
    case "unreadable":
      return (
        <>
          <p className="text-[11px] text-amber-800 dark:text-amber-300">{note.error}</p>
          <JsonView value={note.raw} />
        </>
      );
    case "large":
      return <WholeEntry seq={note.seq} bytes={note.bytes} label={note.event ? `${note.event} event` : note.entryKind} />;
    case "interrupt":
      return <LgInterrupt interrupt={note.interrupt} />;
    case "custom":
      return (
        <>
          <p className="text-[11px] text-muted-foreground">custom event</p>
          <JsonView value={note.data} />
        </>
      );
    case "streamed":
      return <p className="text-[11px] text-muted-foreground">streamed {plural(note.message.chunks, "chunk")} outside any step</p>;
  }
}

/** A run's row that is not a step: its input, an error, an interrupt outside a step, or what Loupe could not read (raw). */
export function LgNoteRow({ note }: { note: LgNote }) {
  return (
    <div
      data-testid="lg-note"
      data-kind={note.kind}
      data-flagged={FLAGGED[note.kind] || undefined}
      className={cn("flex flex-col gap-1 border-b px-3 py-1.5 text-xs", FLAGGED[note.kind] && "bg-amber-500/5")}
    >
      <Body note={note} />
    </div>
  );
}
