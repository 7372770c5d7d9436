/**
 * Field models: what the form renders for one JSON Schema node. Classification is shallow (one
 * level): child schemas stay raw and are classified only when their field is rendered, which is
 * what lets recursive schemas work to any depth without ever looping.
 */

/** A JSON Schema object node. Boolean schemas (`true`/`false`) are handled separately. */
export type JsonSchemaObject = { readonly [keyword: string]: unknown };
export type JsonSchema = JsonSchemaObject | boolean;

interface FieldCommon {
  /** The node after `$ref` resolution and `allOf` merge. */
  schema: JsonSchemaObject;
  title?: string;
  description?: string;
  /** The schema's own `default`, if any. */
  defaultValue?: unknown;
}

export interface StringFieldModel extends FieldCommon {
  kind: "string";
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  /** Free text without a format: rendered as a growing textarea so pasted newlines survive. */
  multiline: boolean;
}

export interface NumberFieldModel extends FieldCommon {
  kind: "number";
  integer: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
}

export interface BooleanFieldModel extends FieldCommon {
  kind: "boolean";
}

export interface SelectOption {
  value: unknown;
  label: string;
  description?: string;
}

export interface SelectFieldModel extends FieldCommon {
  kind: "select";
  options: SelectOption[];
}

export interface MultiSelectFieldModel extends FieldCommon {
  kind: "multi-select";
  options: SelectOption[];
  minItems?: number;
  maxItems?: number;
}

/** Array of anything else (primitives, objects, nested arrays): items are edited one by one. */
export interface ArrayFieldModel extends FieldCommon {
  kind: "array";
  items: JsonSchema;
  minItems?: number;
  maxItems?: number;
}

export interface ObjectProperty {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface ObjectFieldModel extends FieldCommon {
  kind: "object";
  properties: ObjectProperty[];
  /** Schema of extra keys (`true` becomes `{}`); `false` when none may be added. */
  additional: JsonSchemaObject | false;
}

/** `type:[X,"null"]`, `anyOf:[X,{type:"null"}]` or `nullable:true`: X plus an explicit null. */
export interface NullableFieldModel extends FieldCommon {
  kind: "nullable";
  inner: FieldModel;
}

export interface VariantOption {
  label: string;
  schema: JsonSchema;
}

export interface VariantsFieldModel extends FieldCommon {
  kind: "variants";
  /** Where the options came from; `type` is a multi-type `type: [A, B]`. */
  keyword: "anyOf" | "oneOf" | "type";
  options: VariantOption[];
}

export interface ConstFieldModel extends FieldCommon {
  kind: "const";
  value: unknown;
}

/** Anything the form cannot model faithfully: edited as raw JSON so no data is ever lost. */
export interface JsonFieldModel extends FieldCommon {
  kind: "json";
  reason: string;
}

export type FieldModel =
  | StringFieldModel
  | NumberFieldModel
  | BooleanFieldModel
  | SelectFieldModel
  | MultiSelectFieldModel
  | ArrayFieldModel
  | ObjectFieldModel
  | NullableFieldModel
  | VariantsFieldModel
  | ConstFieldModel
  | JsonFieldModel;

export type FieldKind = FieldModel["kind"];

export interface ValidationIssue {
  /** JSON pointer into the value, e.g. `/edits/1/newText`; `""` is the whole value. */
  path: string;
  message: string;
}

export type ValidationResult = { ok: true } | { ok: false; errors: ValidationIssue[] };
