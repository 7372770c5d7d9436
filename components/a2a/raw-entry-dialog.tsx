"use client";

import { useState } from "react";
import type { Entry } from "@/lib/contracts/entries";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { CopyButton } from "@/components/elements/copy-button";
import { JsonView } from "@/components/elements/json-view";
import { formatBytes, formatClock } from "@/lib/format";

export interface RawEntryDialogProps {
  entry: Entry;
  /** The request Loupe sent in the same exchange, when this entry is one of its answers. */
  request?: Entry;
  onClose: () => void;
}

/** One step exactly as recorded: the frame (or event) and, beside it, the request it answers. */
export function RawEntryDialog({ entry, request, onClose }: RawEntryDialogProps) {
  const [opener] = useState(() => (typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null)));
  const tabs =
    request && request.seq !== entry.seq ? [["this", entry] as const, ["request", request] as const] : [["this", entry] as const];
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        className="max-w-4xl"
        data-testid="a2a-raw-dialog"
        onCloseAutoFocus={(e) => {
          if (!opener?.isConnected) return;
          e.preventDefault();
          opener.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>
            {entry.kind} · seq {entry.seq}
          </DialogTitle>
          <DialogDescription>
            {entry.direction === "out" ? "Sent" : entry.direction === "in" ? "Received" : "Recorded"} {formatClock(entry.receivedAt)} ·{" "}
            {formatBytes(entry.rawBytes)}
            {entry.truncated ? " · preview (the whole entry is loading)" : ""}
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="this" className="min-w-0">
          {tabs.length > 1 && (
            <TabsList>
              <TabsTrigger value="this">{entry.direction === "in" ? "Response / event" : "Entry"}</TabsTrigger>
              <TabsTrigger value="request" data-testid="a2a-raw-request-tab">
                Request
              </TabsTrigger>
            </TabsList>
          )}
          {tabs.map(([key, e]) => (
            <TabsContent key={key} value={key} className="flex min-w-0 flex-col gap-2">
              <CopyButton className="self-end" getText={() => JSON.stringify(e.raw, null, 2)} label="Copy JSON" />
              <JsonView value={e.raw} className="max-h-[60vh]" data-testid="a2a-raw-json" />
            </TabsContent>
          ))}
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
