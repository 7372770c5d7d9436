"use client";

import type { ComponentProps, ReactNode } from "react";
import { GitCompareArrowsIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

export interface ComparePickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerTestId: string;
  dialogTestId: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/** "Compare with…": the button and the dialog that picks the other run; the search and list are the caller's. */
export function ComparePicker({ open, onOpenChange, triggerTestId, dialogTestId, title, description, children }: ComparePickerProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* A Radix trigger, not a plain button: closing gives focus back to it (a plain button left it on the page's body). */}
      <DialogTrigger asChild>
        <Button size="xs" variant="outline" data-testid={triggerTestId}>
          <GitCompareArrowsIcon /> Compare with…
        </Button>
      </DialogTrigger>
      <DialogContent data-testid={dialogTestId} className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** One run to compare with: its name over a line of detail. Data attributes pass through for tests. */
export function CompareCandidate({ children, ...rest }: Omit<ComponentProps<"button">, "type" | "className">) {
  return (
    <li>
      <button
        type="button"
        className="w-full rounded px-2 py-1 text-left hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        {...rest}
      >
        {children}
      </button>
    </li>
  );
}
