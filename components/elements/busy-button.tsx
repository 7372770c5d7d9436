import type * as React from "react";
import { LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

export type BusyButtonProps = React.ComponentProps<typeof Button> & {
  /** An answer is being sent: disabled, with a spinner so a double click cannot send twice. */
  busy?: boolean;
};

export function BusyButton({ busy = false, disabled, children, ...props }: BusyButtonProps) {
  return (
    <Button size="sm" disabled={busy || disabled} aria-busy={busy || undefined} {...props}>
      {busy && <LoaderCircleIcon className="animate-spin" data-testid="answer-sending" aria-hidden />}
      {children}
    </Button>
  );
}
