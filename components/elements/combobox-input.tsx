"use client";

import type { KeyboardEvent } from "react";
import { SearchIcon } from "lucide-react";

export interface ComboboxInputProps {
  /** The id of the listbox the input drives (aria-controls). */
  listId: string;
  /** The id of the active option, if any (aria-activedescendant). */
  activeId: string | undefined;
  label: string;
  testId: string;
  value: string;
  placeholder: string;
  /** The new text; callers reset their active row here. */
  onValueChange: (value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/**
 * The search row at the top of a keyboard-driven picker dialog (the command palette, session search):
 * an autofocused ARIA combobox over a listbox, arrows and Enter handled by the caller's onKeyDown.
 */
export function ComboboxInput({ listId, activeId, label, testId, value, placeholder, onValueChange, onKeyDown }: ComboboxInputProps) {
  return (
    <div className="flex items-center gap-2 border-b px-3">
      <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <input
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-label={label}
        data-testid={testId}
        autoFocus
        value={value}
        placeholder={placeholder}
        onChange={(e) => onValueChange(e.target.value)}
        onKeyDown={onKeyDown}
        className="h-11 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
      />
    </div>
  );
}
