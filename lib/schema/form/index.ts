/** Schema-driven forms: pure model, defaults and validation shared by the form UI and tests. */
export type * from "./types";
export { classifySchema } from "./classify";
export { valueFitsModel } from "./fits";
export { defaultValueForSchema, defaultArgumentsForSchema, newItemValue, valueForVariant } from "./defaults";
export { validateValue } from "./validate";
export { matchVariant, variantAccepts, variantLabels } from "./variants";
export { resolveSchema, asSchemaObject } from "./resolve";
export { mergeAllOf } from "./merge";
export { escapePointerToken, getAtPointer, isPlainObject, joinPointer, parsePointer } from "./pointer";
