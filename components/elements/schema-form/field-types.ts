import type { FieldModel } from "@/lib/schema/form";
import type { FieldFrame } from "./field-shell";

/** Props of every per-kind field component. `onChange(undefined)` removes the key. */
export interface FieldProps<M extends FieldModel> {
  model: M;
  frame: FieldFrame;
  value: unknown;
  onChange: (value: unknown) => void;
}
