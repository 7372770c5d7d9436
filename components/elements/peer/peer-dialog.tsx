"use client";

import type { FormEvent, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/cn";

/** The save button: each protocol keeps its own test id and words. */
export interface PeerDialogSubmit {
  testId: string;
  label: string;
  /** Said while the save is in flight ("Saving…", "Fetching card…"). */
  pendingLabel: string;
  pending: boolean;
}

export interface PeerDialogProps {
  /** Mounted only while shown by most callers; default true. */
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  testId: string;
  /** Width and scrolling of the dialog box (default max-w-xl). */
  className?: string;
  title: string;
  description: ReactNode;
  /** The form was submitted (Enter or the save button); the default is already prevented. */
  onSubmit: () => void;
  /** Why the last save failed (the server's answer); the draft stays so nothing typed is lost. */
  error: { message: string } | null;
  submit: PeerDialogSubmit;
  /** The fields: name, URL and headers (./peer-fields) and the protocol's own. */
  children: ReactNode;
}

/** Add or edit a saved peer (an MCP server, an agent of any protocol): title, fields, the save's error, Cancel / save. */
export function PeerDialog({
  open = true,
  onOpenChange,
  testId,
  className,
  title,
  description,
  onSubmit,
  error,
  submit,
  children,
}: PeerDialogProps) {
  const onFormSubmit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid={testId} className={cn("max-w-xl", className)}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onFormSubmit} className="flex flex-col gap-3" noValidate>
          {children}
          {error && (
            <p role="alert" className="rounded-md bg-destructive/10 px-2 py-1.5 text-xs text-destructive">
              {error.message}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={submit.pending} data-testid={submit.testId}>
              {submit.pending ? submit.pendingLabel : submit.label}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
