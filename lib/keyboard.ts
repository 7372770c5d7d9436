import type { KeyboardEvent } from "react";

/** Ctrl+Enter, or ⌘+Enter on a Mac: "run / send this" from anywhere inside a form (issue 9 §4). */
export function isModEnter(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "nativeEvent">): boolean {
  return e.key === "Enter" && (e.ctrlKey || e.metaKey) && !e.altKey && !e.nativeEvent.isComposing;
}

/** An onKeyDown for a form's container: Ctrl/⌘+Enter calls `action` unless `enabled` is false. */
export function onModEnter(action: () => void, enabled = true) {
  return (e: KeyboardEvent) => {
    if (!isModEnter(e)) return;
    e.preventDefault();
    // One Ctrl+Enter answers the innermost form only (a form inside a card inside a page).
    e.stopPropagation();
    if (enabled) action();
  };
}

/** "⌘" on Apple platforms, "Ctrl" elsewhere, for hints. */
export function modKeyLabel(): string {
  if (typeof navigator === "undefined") return "Ctrl";
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent) ? "⌘" : "Ctrl";
}
