"use client";

import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { joinPointer, newItemValue } from "@/lib/schema/form";
import type { ArrayFieldModel } from "@/lib/schema/form";
import { FieldShell } from "./field-shell";
import type { FieldProps } from "./field-types";
import { useSchemaForm } from "./form-context";
import { SchemaField } from "./schema-field";
import { plural } from "@/lib/format";

interface ItemControlsProps {
  label: string;
  first: boolean;
  last: boolean;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

function ItemControls({ label, first, last, onMove, onRemove }: ItemControlsProps) {
  return (
    <div className="flex shrink-0 items-start gap-0.5 pt-5">
      <Button variant="ghost" size="icon" className="size-7" aria-label={`Move ${label} up`} disabled={first} onClick={() => onMove(-1)}>
        <ArrowUpIcon />
      </Button>
      <Button variant="ghost" size="icon" className="size-7" aria-label={`Move ${label} down`} disabled={last} onClick={() => onMove(1)}>
        <ArrowDownIcon />
      </Button>
      <Button variant="ghost" size="icon" className="size-7 text-destructive" aria-label={`Remove ${label}`} onClick={onRemove}>
        <Trash2Icon />
      </Button>
    </div>
  );
}

/** A list edited item by item (primitives as rows, objects as cards): add, remove, reorder. */
export function ArrayField({ model, frame, value, onChange }: FieldProps<ArrayFieldModel>) {
  const { root } = useSchemaForm();
  const items: unknown[] = Array.isArray(value) ? value : [];
  const replace = (next: unknown[]) => onChange(next);
  const move = (index: number, delta: -1 | 1) => {
    const next = [...items];
    const [moved] = next.splice(index, 1);
    next.splice(index + delta, 0, moved);
    replace(next);
  };
  const full = model.maxItems !== undefined && items.length >= model.maxItems;
  return (
    <FieldShell frame={frame} variant="group" onClear={!frame.required && value !== undefined ? () => onChange(undefined) : undefined}>
      {items.length === 0 && <p className="text-xs text-muted-foreground">No items.</p>}
      <ol className="flex flex-col gap-2">
        {items.map((item, index) => {
          const label = `${frame.label} item ${index + 1}`;
          return (
            <li key={index} className="flex min-w-0 items-start gap-1" data-testid={`schema-item-${joinPointer(frame.pointer, index)}`}>
              <div className="min-w-0 flex-1">
                <SchemaField
                  schema={model.items}
                  pointer={joinPointer(frame.pointer, index)}
                  label={label}
                  required
                  value={item}
                  onChange={(next) => replace(items.map((old, i) => (i === index ? next : old)))}
                />
              </div>
              <ItemControls
                label={label}
                first={index === 0}
                last={index === items.length - 1}
                onMove={(delta) => move(index, delta)}
                onRemove={() => replace(items.filter((_, i) => i !== index))}
              />
            </li>
          );
        })}
      </ol>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="xs" disabled={full} onClick={() => replace([...items, newItemValue(model.items, root)])}>
          <PlusIcon /> Add item
        </Button>
        {(model.minItems !== undefined || model.maxItems !== undefined) && (
          <span className="text-[11px] text-muted-foreground">
            {plural(items.length, "item")}
            {model.minItems !== undefined ? ` · min ${model.minItems}` : ""}
            {model.maxItems !== undefined ? ` · max ${model.maxItems}` : ""}
          </span>
        )}
      </div>
    </FieldShell>
  );
}
