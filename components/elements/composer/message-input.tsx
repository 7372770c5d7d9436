"use client";

import type { ComponentProps } from "react";
import { Textarea } from "@/components/ui/textarea";

export type MessageInputProps = Omit<ComponentProps<typeof Textarea>, "onKeyDown"> & {
  /** Enter (not Shift+Enter, not while an input method composes) sends. */
  onSend: () => void;
};

/** A composer's message box: Enter sends, Shift+Enter breaks the line. */
export function MessageInput({ onSend, ...props }: MessageInputProps) {
  return (
    <Textarea
      aria-label="Message"
      rows={2}
      {...props}
      onKeyDown={(e) => {
        if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
          e.preventDefault();
          onSend();
        }
      }}
    />
  );
}
