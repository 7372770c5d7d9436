"use client";

import { useState } from "react";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { joinPointer, newItemValue } from "@/lib/schema/form";
import type { JsonSchemaObject } from "@/lib/schema/form";
import { fieldId, useSchemaForm } from "./form-context";
import { SchemaField } from "./schema-field";

interface AdditionalPropertiesProps {
  /** Schema of extra keys; `false` when the schema closes the object (extra keys then only shown). */
  schema: JsonSchemaObject | false;
  pointer: string;
  keys: string[];
  value: Record<string, unknown>;
  onSet: (key: string, value: unknown) => void;
}

/** Key/value rows for keys the schema does not declare, plus a way to add one when allowed. */
export function AdditionalProperties({ schema, pointer, keys, value, onSet }: AdditionalPropertiesProps) {
  const { root, idPrefix } = useSchemaForm();
  const [newKey, setNewKey] = useState("");
  const valueSchema = schema === false ? {} : schema;
  const trimmed = newKey.trim();
  const taken = trimmed in value;
  const newKeyId = `${fieldId(idPrefix, pointer)}-new-key`;
  return (
    <div className="flex flex-col gap-2" data-testid={`schema-extra-${pointer}`}>
      {keys.map((key) => (
        <div key={key} className="flex min-w-0 items-start gap-1">
          <div className="min-w-0 flex-1">
            <SchemaField
              schema={valueSchema}
              pointer={joinPointer(pointer, key)}
              label={key}
              required
              value={value[key]}
              onChange={(next) => onSet(key, next)}
            />
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="mt-5 size-7 text-destructive"
            aria-label={`Remove ${key}`}
            onClick={() => onSet(key, undefined)}
          >
            <Trash2Icon />
          </Button>
        </div>
      ))}
      {schema !== false && (
        <div className="flex items-center gap-2">
          <Label htmlFor={newKeyId} className="sr-only">
            New property name
          </Label>
          <Input
            id={newKeyId}
            placeholder="property name"
            className="h-7 max-w-56 font-mono text-xs"
            value={newKey}
            onChange={(e) => setNewKey(e.target.value)}
          />
          <Button
            variant="outline"
            size="xs"
            disabled={trimmed === "" || taken}
            onClick={() => {
              onSet(trimmed, newItemValue(valueSchema, root));
              setNewKey("");
            }}
          >
            <PlusIcon /> Add property
          </Button>
          {taken && <span className="text-[11px] text-muted-foreground">already set</span>}
        </div>
      )}
    </div>
  );
}
