"use client";

import { PlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { isPlainObject, joinPointer, newItemValue } from "@/lib/schema/form";
import type { ObjectFieldModel } from "@/lib/schema/form";
import { AdditionalProperties } from "./additional-properties";
import { FieldShell } from "./field-shell";
import type { FieldProps } from "./field-types";
import { useSchemaForm } from "./form-context";
import { SchemaField } from "./schema-field";

interface ObjectPropertiesProps {
  model: ObjectFieldModel;
  pointer: string;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
}

/** The fields of an object: declared properties in schema order, then any other keys. */
export function ObjectProperties({ model, pointer, value, onChange }: ObjectPropertiesProps) {
  const setKey = (name: string, next: unknown) => {
    const copy = { ...value };
    if (next === undefined) delete copy[name];
    else copy[name] = next;
    onChange(copy);
  };
  const declared = new Set(model.properties.map((p) => p.name));
  const extraKeys = Object.keys(value).filter((key) => !declared.has(key));
  return (
    <div className="flex flex-col gap-3">
      {model.properties.map((property) => (
        <SchemaField
          key={property.name}
          schema={property.schema}
          pointer={joinPointer(pointer, property.name)}
          name={property.name}
          required={property.required}
          value={value[property.name]}
          onChange={(next) => setKey(property.name, next)}
        />
      ))}
      {(model.additional !== false || extraKeys.length > 0) && (
        <AdditionalProperties schema={model.additional} pointer={pointer} keys={extraKeys} value={value} onSet={setKey} />
      )}
    </div>
  );
}

/**
 * A nested object as a fieldset. An absent object shows only an "Add" button: its fields are
 * rendered on demand, which is what keeps recursive schemas finite.
 */
export function ObjectField({ model, frame, value, onChange }: FieldProps<ObjectFieldModel>) {
  const { root } = useSchemaForm();
  const onClear = !frame.required && value !== undefined ? () => onChange(undefined) : undefined;
  return (
    <FieldShell frame={frame} variant="group" onClear={onClear}>
      {isPlainObject(value) ? (
        <ObjectProperties model={model} pointer={frame.pointer} value={value} onChange={onChange} />
      ) : (
        <div>
          <Button variant="outline" size="xs" onClick={() => onChange(newItemValue(model.schema, root))}>
            <PlusIcon /> Add {frame.label}
          </Button>
        </div>
      )}
    </FieldShell>
  );
}
