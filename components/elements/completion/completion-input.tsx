"use client";

import { useId, useState } from "react";
import { Input } from "@/components/ui/input";
import type { CompleteBody } from "@/lib/contracts/resources";
import { cn } from "@/lib/cn";
import { useCompletions } from "./use-completions";

export interface CompletionInputProps {
  connectionId: string;
  /** What is being completed: a prompt (ref/prompt) or a resource template (ref/resource). */
  completionRef: CompleteBody["ref"];
  /** The argument / variable name. */
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The other fields already filled in (sent as `context.arguments`). */
  context: Record<string, string>;
  /** False when the server has no `completions` capability: a plain input. */
  completions: boolean;
  required?: boolean;
  placeholder?: string;
  className?: string;
}

/**
 * A text input with `completion/complete` suggestions, asked for (debounced) once the user
 * focuses or types. Picking one fills the input; total / hasMore are shown when the server says.
 */
export function CompletionInput({
  connectionId,
  completionRef,
  name,
  value,
  onChange,
  context,
  completions,
  required,
  placeholder,
  className,
}: CompletionInputProps) {
  const listId = useId();
  const [active, setActive] = useState(false);
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const suggestions = useCompletions({ connectionId, completionRef, name, value, context, enabled: completions && active });
  const values = suggestions.data?.values ?? [];
  const shown = open && values.length > 0 && !(values.length === 1 && values[0] === value);

  const pick = (v: string) => {
    onChange(v);
    setOpen(false);
    setHighlight(-1);
  };

  return (
    <div className={cn("relative", className)} data-testid="completion-input" data-name={name}>
      <Input
        aria-label={name}
        aria-required={required || undefined}
        aria-autocomplete={completions ? "list" : undefined}
        aria-controls={shown ? listId : undefined}
        aria-expanded={completions ? shown : undefined}
        role={completions ? "combobox" : undefined}
        data-testid={`arg-${name}`}
        className="h-8 font-mono text-xs"
        placeholder={placeholder}
        value={value}
        autoComplete="off"
        onFocus={() => {
          setActive(true);
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onChange={(e) => {
          setActive(true);
          setOpen(true);
          setHighlight(-1);
          onChange(e.target.value);
        }}
        onKeyDown={(e) => {
          if (!shown) return;
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setHighlight((h) => Math.min(values.length - 1, h + 1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setHighlight((h) => Math.max(0, h - 1));
          } else if (e.key === "Enter" && highlight >= 0 && values[highlight] !== undefined) {
            e.preventDefault();
            pick(values[highlight]);
          } else if (e.key === "Escape") {
            setOpen(false);
          }
        }}
      />
      {shown && (
        <div
          id={listId}
          role="listbox"
          aria-label={`Suggestions for ${name}`}
          data-testid="completion-list"
          className="absolute top-full right-0 left-0 z-20 mt-1 max-h-56 overflow-auto rounded-md border bg-popover p-1 text-xs shadow-md"
        >
          {values.map((v, i) => (
            <div
              key={v + i}
              role="option"
              aria-selected={i === highlight}
              data-testid="completion-option"
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(v);
              }}
              className={cn("cursor-pointer rounded px-2 py-1 font-mono hover:bg-accent", i === highlight && "bg-accent")}
            >
              {v}
            </div>
          ))}
          {(suggestions.data?.hasMore || suggestions.data?.total !== undefined) && (
            <p className="border-t px-2 pt-1 text-[11px] text-muted-foreground" data-testid="completion-total">
              {values.length}
              {suggestions.data.total !== undefined ? ` of ${suggestions.data.total}` : ""}
              {suggestions.data.hasMore ? " · more available, keep typing" : ""}
            </p>
          )}
        </div>
      )}
      {suggestions.isError && active && (
        <p className="mt-1 text-[11px] text-destructive" data-testid="completion-error">
          Suggestions failed: {suggestions.error.message}
        </p>
      )}
    </div>
  );
}
