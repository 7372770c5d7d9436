"use client";

import { useEffect, useState } from "react";
import { CheckIcon, CopyIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

type CopyState = "idle" | "copied" | "failed";

/** How long "Copied" / "Copy failed" stays before the button reads its label again. */
export const COPY_FEEDBACK_MS = 1500;

export interface CopyButtonProps {
  /** Produces the text lazily, so a large payload is serialised only when actually copied. */
  getText: () => string;
  label?: string;
  /** Accessible name when it differs from the visible label (e.g. "Copy Request" on a "Copy" button). */
  ariaLabel?: string;
  variant?: "outline" | "ghost";
  className?: string;
}

const TEXT: Record<Exclude<CopyState, "idle">, string> = { copied: "Copied", failed: "Copy failed" };

/** The one copy-to-clipboard button: says whether the copy worked, then reads its label again. */
export function CopyButton({ getText, label = "Copy", ariaLabel, variant = "outline", className }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      // navigator.clipboard is missing outside secure contexts; report that instead of throwing.
      if (!navigator.clipboard) throw new Error("clipboard unavailable");
      await navigator.clipboard.writeText(getText());
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return (
    <Button
      size="xs"
      variant={variant}
      className={className}
      onClick={() => void copy()}
      data-state={state}
      data-testid="copy-button"
      aria-label={ariaLabel}
    >
      {state === "copied" ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
      {state === "idle" ? label : TEXT[state]}
    </Button>
  );
}
