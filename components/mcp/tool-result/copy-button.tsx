"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

export interface CopyButtonProps {
  /** Produces the text lazily, so a large payload is serialised only when actually copied. */
  getText: () => string;
  label?: string;
}

export function CopyButton({ getText, label = "Copy" }: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
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
    <Button size="xs" variant="outline" onClick={() => void copy()} data-state={state}>
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label}
    </Button>
  );
}
